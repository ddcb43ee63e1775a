import { loadContent, type LoadOptions } from '../../content/index.ts';
import { contentSiteOf } from '../../digest/check.ts';
import { readManifest } from '../../digest/read.ts';
import type { Page } from '../../types.ts';
import { homePage, navigationGroups, type NavGroup } from './navigation.ts';

/** The pages of the demo site and how they are found and read. */
export interface DemoContent {
  /** Where each page's file is read from and with which generator's conventions (site url `''`). */
  readonly source: LoadOptions;
  readonly groups: readonly NavGroup[];
  readonly home: Page | null;
  /** Each page by its url path without a trailing `/` (`/` for a root page). */
  readonly byPath: ReadonlyMap<string, Page>;
}

/** A url path as the site looks it up: decoded, without a trailing `/` except for `/` itself. */
export function lookupPath(urlPath: string): string {
  const trimmed = urlPath.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * The content folder's pages as the digest in `digestDir` saw them (its generator, url style and
 * excluded globs, `contentSiteOf`), with page urls made relative to this server (site url `''`);
 * without a digest, the `plain` conventions `ask serve` searches raw content with.
 */
export async function loadDemoContent(contentDir: string, digestDir: string): Promise<DemoContent> {
  const manifest = await readManifest(digestDir);
  const source: LoadOptions = { ...(manifest === null ? {} : contentSiteOf(manifest)), contentDir, siteUrl: '' };
  const content = await loadContent(source);
  const groups = navigationGroups(content.pages);
  const byPath = new Map<string, Page>();
  for (const page of content.pages) byPath.set(lookupPath(page.url), page);
  return { source, groups, home: homePage(groups), byPath };
}
