/**
 * What the generator config found for a content folder states about the site, as the build reads
 * it: the config file (`findSiteConfig`, from the content folder up, else from the folder of the
 * generator's marker), the site's name (`readSiteConfig`) and its url (`siteUrlOf`). Read as
 * data, never run.
 */
import path from 'node:path';
import { findSiteConfig, readSiteConfig } from '../content/site-config/index.ts';
import type { DocsLayout } from './content-folder.ts';
import { siteUrlOf } from './site-url.ts';

export interface SiteFacts {
  /** The config file (absolute), null when there is none. */
  readonly configFile: string | null;
  readonly name: string | null;
  readonly url: string | null;
}

export async function siteFacts(layout: DocsLayout): Promise<SiteFacts> {
  const { generator, contentDir, marker } = layout;
  const found = (await findSiteConfig(contentDir, generator)) ?? (marker === null ? null : await findSiteConfig(path.dirname(marker), generator));
  if (found === null) return { configFile: null, name: null, url: null };
  const fileName = path.basename(found.file);
  return {
    configFile: found.file,
    name: readSiteConfig(generator, fileName, found.text).identity.name ?? null,
    url: siteUrlOf(generator, fileName, found.text),
  };
}
