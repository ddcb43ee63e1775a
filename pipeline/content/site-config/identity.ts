/**
 * The site's name and description, first stated wins: the command line (`--site-name`,
 * `--site-description`), the generator's config, then the home page: its hero's name (VitePress
 * `hero.name`, Starlight `hero.title`) or title, its description, its hero's tagline, else its
 * intro's summary. A site without a home page or a name anywhere is "Documentation".
 */
import type { Page } from '../../types.ts';
import { isRecord, stringAt, type LiteralValue } from './literal-values.ts';
import type { SiteIdentity } from './types.ts';

/** The name and description the digest records and shows. */
export interface ResolvedIdentity {
  readonly name: string;
  /** Null when nothing states one. */
  readonly description: string | null;
}

export const DEFAULT_SITE_NAME = 'Documentation';

export interface HomeFacts {
  readonly page: Page;
  /** The home page's frontmatter as data. */
  readonly frontmatter: Readonly<Record<string, LiteralValue>>;
  /** Its intro section's summary, when there is one. */
  readonly summary: string | null;
}

function oneLine(text: string | null | undefined): string | undefined {
  const line = text?.replace(/\s+/g, ' ').trim();
  return line === undefined || line === '' ? undefined : line;
}

/** `declared` (the command line over the config, merged by the caller) filled in from the home page. */
export function resolveIdentity(declared: SiteIdentity, home: HomeFacts | null): ResolvedIdentity {
  const hero = home !== null && isRecord(home.frontmatter['hero']) ? home.frontmatter['hero'] : undefined;
  const name = oneLine(declared.name) ?? oneLine(stringAt(hero, 'name') ?? stringAt(hero, 'title')) ?? oneLine(home?.page.title) ?? DEFAULT_SITE_NAME;
  const description =
    oneLine(declared.description) ?? oneLine(home?.page.description) ?? oneLine(stringAt(hero, 'tagline') ?? stringAt(hero, 'text')) ?? oneLine(home?.summary) ?? null;
  return { name, description };
}

/** The home page: the page at the site's root (slug `index`), null when there is none. */
export function homePageOf(pages: readonly Page[]): Page | null {
  return pages.find((page) => page.slug === 'index') ?? null;
}
