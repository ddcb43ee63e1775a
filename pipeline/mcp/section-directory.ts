import { z } from 'zod';
import type { AskClient } from '../client/ask-client.ts';
import { pageOfSection } from '../runtime/digest-data.ts';
import type { SectionSummary } from '../types.ts';
import type { Freshness } from './freshness.ts';
import { callRoute } from './tool-result.ts';

/** A page of the digest, as the MCP resources list it. */
interface DocPage {
  /** The page part of its section ids (`guide/tokens`; `index` for the home page). */
  readonly slug: string;
  readonly title: string;
  readonly url: string;
  readonly group: string | null;
}

/** Every section of one digest version, found by url, and its pages. */
export interface SectionDirectory {
  readonly freshness: Freshness;
  readonly sections: readonly SectionSummary[];
  readonly pages: readonly DocPage[];
  /** The id of the section at `url` (as the keyword results and answer sources give it), if any. */
  readonly idOfUrl: (url: string) => string | undefined;
}

const sectionListSchema = z.object({
  sections: z.array(z.object({ id: z.string(), title: z.string(), heading: z.string().nullable(), group: z.string().nullable(), url: z.string() })),
});

function pagesOf(sections: readonly SectionSummary[]): DocPage[] {
  const pages = new Map<string, DocPage>();
  for (const section of sections) {
    const slug = pageOfSection(section.id);
    // the intro chunk (id = slug) names the page's own url; otherwise the first section's, without its anchor
    if (pages.has(slug) && section.id !== slug) continue;
    const hash = section.url.indexOf('#');
    pages.set(slug, { slug, title: section.title, url: hash === -1 ? section.url : section.url.slice(0, hash), group: section.group });
  }
  return [...pages.values()];
}

/** The directory of a section list (in corpus order). */
export function sectionDirectoryOf(sections: readonly SectionSummary[], freshness: Freshness): SectionDirectory {
  const byUrl = new Map<string, string>();
  for (const section of sections) if (!byUrl.has(section.url)) byUrl.set(section.url, section.id);
  return { freshness, sections, pages: pagesOf(sections), idOfUrl: (url) => byUrl.get(url) };
}

/**
 * The section directory of the ask tree behind `client`, read from `GET {ask_base}/sections` once
 * per digest version: a call that names the version it saw (`seen`) reloads it when that differs.
 *
 * @throws Error with the route's message when the list cannot be read
 */
export function sectionDirectoryLoader(client: AskClient): (seen?: Freshness) => Promise<SectionDirectory> {
  let cached: Promise<SectionDirectory> | null = null;
  const load = async (): Promise<SectionDirectory> => {
    const answer = await callRoute(client, '/sections');
    if (!answer.ok) throw new Error(`the section list is not available: ${answer.message}`);
    return sectionDirectoryOf(sectionListSchema.parse(JSON.parse(answer.text)).sections, answer.freshness);
  };
  return async (seen) => {
    const current = cached === null ? null : await cached.catch(() => null);
    if (current !== null && (seen === undefined || seen.contentHash === current.freshness.contentHash)) return current;
    cached = load();
    return cached;
  };
}
