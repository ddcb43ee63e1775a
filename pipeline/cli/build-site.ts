/**
 * What `ask digest build` tells the build of the site, from its option values (flags over
 * `ask.config.json`): the generator config file, the generator (a config file given names it when
 * none is asked for), the url style, the excludes, the name and description. One home, read by the
 * build and by the rebuild advice of `ask digest check`.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { generatorOfConfig } from '../content/site-config/index.ts';
import { UsageError, type CliIO } from './io.ts';
import { chooseSite, type SiteChoice, type SiteFlagValues } from './site-flags.ts';

export interface BuildSiteValues extends SiteFlagValues {
  readonly config?: string | undefined;
  readonly 'site-name'?: string | undefined;
  readonly 'site-description'?: string | undefined;
}

export interface BuildSite {
  readonly site: SiteChoice;
  /** The generator config file, absolute; undefined: the build looks for one. */
  readonly config: string | undefined;
  readonly identity: { siteName?: string; siteDescription?: string };
}

/** `--config FILE`: an existing file, as an absolute path; undefined when not given. */
async function configFlag(cwd: string, flag: string | undefined): Promise<string | undefined> {
  if (flag === undefined) return undefined;
  const file = path.resolve(cwd, flag);
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new UsageError(`ask digest build: --config must name the generator's config file, '${flag}' is not a file`);
  return file;
}

/** `--site-name`, `--site-description`: given and not blank, else left to the config and the home page. */
function identityFlags(name: string | undefined, description: string | undefined): BuildSite['identity'] {
  for (const [flag, value] of [['--site-name', name], ['--site-description', description]] as const) {
    if (value !== undefined && value.trim() === '') throw new UsageError(`ask digest build: ${flag} needs a text, e.g. ${flag} 'Acme Docs'`);
  }
  return { ...(name === undefined ? {} : { siteName: name.trim() }), ...(description === undefined ? {} : { siteDescription: description.trim() }) };
}

/** The build's site options from its values; `--generator auto` says on `io.err` what it detected. */
export async function buildSite(values: BuildSiteValues, contentDir: string, io: CliIO): Promise<BuildSite> {
  const config = await configFlag(io.cwd, values.config);
  // a config given names its generator when none is asked for
  const generatorOfFile = config === undefined || (values.generator ?? 'auto') !== 'auto' ? null : generatorOfConfig(config);
  const site = await chooseSite('digest build', generatorOfFile === null ? values : { ...values, generator: generatorOfFile }, contentDir, io);
  return { site, config, identity: identityFlags(values['site-name'], values['site-description']) };
}
