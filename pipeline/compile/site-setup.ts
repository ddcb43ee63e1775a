/**
 * The site step: the generator's config (the file given, else the one found in the content
 * folder or a parent) read as data, the command line's name and description over its own. What
 * it states is recorded in the manifest's site options, so a changed name or config rebuilds.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { findSiteConfig, NO_CONFIG, readSiteConfig, type SiteConfig, type SiteIdentity } from '../content/site-config/index.ts';
import type { GeneratorName } from '../content/generators/index.ts';
import { AskError } from '../errors.ts';
import type { BuildOptions } from './options.ts';

export interface SiteSetup {
  /** The config file, relative to the content folder with `/` separators; null when there is none. */
  readonly configFile: string | null;
  /** The config's sidebar, and its name and description under the command line's. */
  readonly config: SiteConfig;
}

/** The config file given cannot be read. */
class SiteConfigError extends AskError {
  override readonly name = 'SiteConfigError';
}

/** What the site step reads of a build's options. */
export type SiteSetupOptions = Pick<BuildOptions, 'contentDir' | 'config' | 'siteName' | 'siteDescription'>;

async function configOf(options: SiteSetupOptions, generator: GeneratorName): Promise<{ file: string; text: string } | null> {
  if (options.config === null) return null;
  if (options.config === undefined) return findSiteConfig(options.contentDir, generator);
  const file = path.resolve(options.contentDir, options.config);
  try {
    return { file, text: await readFile(file, 'utf8') };
  } catch {
    throw new SiteConfigError(`cannot read the config file '${options.config}'`, { userMessage: `cannot read the config file '${options.config}'` });
  }
}

/** Reads the site's config (see the module comment). */
export async function readSiteSetup(options: SiteSetupOptions, generator: GeneratorName): Promise<SiteSetup> {
  const found = await configOf(options, generator);
  const config = found === null ? NO_CONFIG : readSiteConfig(generator, path.basename(found.file), found.text);
  const identity: SiteIdentity = {
    ...config.identity,
    ...(options.siteName === undefined ? {} : { name: options.siteName }),
    ...(options.siteDescription === undefined ? {} : { description: options.siteDescription }),
  };
  const configFile = found === null ? null : path.relative(options.contentDir, found.file).split(path.sep).join('/');
  return { configFile, config: { ...config, identity } };
}
