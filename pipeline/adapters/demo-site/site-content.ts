import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadContent, type LoadOptions } from '../../content/index.ts';
import { contentSiteOf } from '../../compile/check.ts';
import { readManifest } from '../../digest/read.ts';
import type { Page } from '../../types.ts';
import { readNavigation } from '../../compile/site-view.ts';
import { DEFAULT_SITE_NAME, NO_CONFIG, readSiteConfig } from '../../content/site-config/index.ts';
import { homePage, type NavGroup } from './navigation.ts';
import { linkSiteOf, type PreviewLinks } from './page-links.ts';

/** The pages of the demo site and how they are found and read. */
export interface DemoContent {
  /** Where each page's file is read from and with which generator's conventions (site url `''`). */
  readonly source: LoadOptions;
  /** The site's name (the digest's, else "Documentation"). */
  readonly siteName: string;
  /** The sidebar: the digest's navigation (its generator config and the sidebar data beside the pages). */
  readonly groups: readonly NavGroup[];
  /** The root `index` page, else null (`/` shows an overview of the groups). */
  readonly home: Page | null;
  /** The pages and section urls links are resolved against (`resolvePageLinks`). */
  readonly links: PreviewLinks;
  /** The url the digest was built for (its search results point there), null without a digest. */
  readonly siteUrl: string | null;
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
 * excluded globs, `contentSiteOf`; its name and its navigation, from the config it read), with page urls made relative to this server (site url `''`);
 * without a digest, the `plain` conventions `ask serve` searches raw content with.
 */
export async function loadDemoContent(contentDir: string, digestDir: string): Promise<DemoContent> {
  const manifest = await readManifest(digestDir);
  const source: LoadOptions = { ...(manifest === null ? {} : contentSiteOf(manifest)), contentDir, siteUrl: '' };
  const content = await loadContent(source);
  const configFile = manifest?.site.config ?? null;
  const configText = configFile === null ? null : await readFile(path.resolve(contentDir, configFile), 'utf8').catch(() => null);
  const config = configFile === null || configText === null || manifest === null ? NO_CONFIG : readSiteConfig(manifest.site.generator, path.basename(configFile), configText);
  const groups = await readNavigation(contentDir, manifest?.site.generator ?? 'plain', config, content.pages);
  const byPath = new Map<string, Page>();
  for (const page of content.pages) byPath.set(lookupPath(page.url), page);
  const links = linkSiteOf(content.pages, content.sections.map((section) => section.url), manifest?.siteUrl ?? null);
  return { source, siteName: manifest?.identity.name ?? DEFAULT_SITE_NAME, groups, home: homePage(groups), byPath, links, siteUrl: manifest?.siteUrl ?? null };
}
