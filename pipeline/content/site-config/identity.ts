/**
 * The site's name and description, first stated wins: the command line (`--site-name`,
 * `--site-description`), the generator's config, then the home page: its hero's name (VitePress
 * `hero.name`, Starlight `hero.title`) or title, its description, its hero's tagline, else the
 * opening of its intro's text; a description still unstated is the first sentence of the
 * digest's context, so `llms.txt` always has its `>` line. A site without a home page or a name
 * anywhere is "Documentation".
 */
import type { Page } from '../../types.ts';
import { isRecord, stringAt, type LiteralValue } from './literal-values.ts';
import type { SiteIdentity } from './types.ts';

/** The name and description the digest records and shows. */
export interface ResolvedIdentity {
  readonly name: string;
  /** Null only when nothing states one and the digest has no context to take it from. */
  readonly description: string | null;
}

export const DEFAULT_SITE_NAME = 'Documentation';

export interface HomeFacts {
  readonly page: Page;
  /** The home page's frontmatter as data. */
  readonly frontmatter: Readonly<Record<string, LiteralValue>>;
  /** The opening of its intro's text, one line (`introSummary`); null when the intro has no prose. */
  readonly intro: string | null;
}

function oneLine(text: string | null | undefined): string | undefined {
  const line = text?.replace(/\s+/g, ' ').trim();
  return line === undefined || line === '' ? undefined : line;
}

/**
 * `declared` (the command line over the config, merged by the caller) filled in from the home
 * page, then from `orientation`: the first sentence of the digest's context (`orientationSummary`).
 */
export function resolveIdentity(declared: SiteIdentity, home: HomeFacts | null, orientation: string | null): ResolvedIdentity {
  const hero = home !== null && isRecord(home.frontmatter['hero']) ? home.frontmatter['hero'] : undefined;
  const name = oneLine(declared.name) ?? oneLine(stringAt(hero, 'name') ?? stringAt(hero, 'title')) ?? oneLine(home?.page.title) ?? DEFAULT_SITE_NAME;
  const description =
    oneLine(declared.description) ?? oneLine(home?.page.description) ?? oneLine(stringAt(hero, 'tagline') ?? stringAt(hero, 'text')) ?? oneLine(home?.intro) ?? oneLine(orientation) ?? null;
  return { name, description };
}

/** The home page: the page at the site's root (slug `index`), null when there is none. */
export function homePageOf(pages: readonly Page[]): Page | null {
  return pages.find((page) => page.slug === 'index') ?? null;
}
