/**
 * The plan step: what the previous digest was built from, and whether anything is to be done.
 * Nothing is to be done when the content files, the site, the distiller, its prompts and the
 * search tables' versions are all what the manifest records (then no file is parsed and no model
 * called).
 */
import { generatorNamed } from '../content/generators/index.ts';
import { hashContentFiles } from '../content/index.ts';
import { searchTablesCurrent } from './check.ts';
import { DigestFormatError, parseManifest, type Manifest } from '../format/manifest.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { readDigestFile } from '../digest/read.ts';
import { recoverInterruptedWrite } from '../digest/write.ts';
import type { Distiller } from '../types.ts';
import { corpusInputHash } from './corpus.ts';
import type { BuildOptions } from './options.ts';
import { digestStamp } from './page-store.ts';
import { sameDistiller } from './sections.ts';
import { readSiteSetup, type SiteSetup, type SiteSetupOptions } from './site-setup.ts';

export interface BuildPlan {
  /** The manifest of the digest in `outDir`; null when there is none or it is of another schema. */
  readonly previous: Manifest | null;
  /** Its stamp (`digestStamp`), null without one. */
  readonly stamp: string | null;
  /** The manifest's record of this build's site options. */
  readonly site: Manifest['site'];
  /** The generator config as read (its sidebar, the name and description stated). */
  readonly setup: SiteSetup;
  readonly upToDate: boolean;
}

/** What the manifest's record of the site options is made from. */
type SiteOptions = Pick<BuildOptions, 'generator' | 'urlStyle' | 'exclude'>;

/** The manifest's record of the site options of a build, defaults filled in: the url style of the command line, else the config's over the generator's. */
function siteRecord(options: SiteOptions, setup: SiteSetup): Manifest['site'] {
  const generator = options.generator ?? 'plain';
  const ownStyle = generatorNamed(generator).urlStyle;
  const { trailingSlash } = setup.config;
  const style = options.urlStyle ?? (trailingSlash === undefined ? ownStyle : { ...ownStyle, trailingSlash });
  const { identity } = setup.config;
  return {
    generator,
    trailingSlash: style.trailingSlash,
    htmlExtension: style.htmlExtension,
    exclude: [...(options.exclude ?? [])],
    config: setup.configFile,
    name: identity.name ?? null,
    description: identity.description ?? null,
  };
}

function sameRecord(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function sameTemplates(previous: Manifest, distiller: Distiller): boolean {
  return sameDistiller(previous, distiller) && sameRecord(previous.templates, distiller.templateHashes);
}

async function previousDigest(outDir: string): Promise<{ manifest: Manifest; stamp: string } | null> {
  const text = await readDigestFile(outDir, DIGEST_FILES.manifest);
  if (text === null) return null;
  try {
    return { manifest: parseManifest(text, outDir), stamp: digestStamp(text) };
  } catch (error) {
    if (error instanceof DigestFormatError) return null; // another schema: rebuild everything
    throw error;
  }
}

async function upToDate(options: BuildOptions, previous: Manifest, site: Manifest['site']): Promise<boolean> {
  const { distiller } = options;
  if (options.force || previous.siteUrl !== options.siteUrl || JSON.stringify(previous.site) !== JSON.stringify(site) || !sameTemplates(previous, distiller)) return false;
  // corpus passes recorded under another rule of their inputs (an older ask) run again
  if (corpusInputHash('glossary', previous.contentHash, distiller, null) !== previous.corpus.glossary) return false;
  if (!(await searchTablesCurrent(options.outDir))) return false;
  return sameRecord(await hashContentFiles(options.contentDir, site.exclude), previous.files);
}

/** The record of the site options a build with these options would write in its manifest (its generator config read, nothing written). */
export async function recordedSite(options: SiteOptions & SiteSetupOptions): Promise<Manifest['site']> {
  return siteRecord(options, await readSiteSetup(options, options.generator ?? 'plain'));
}

export async function planBuild(options: BuildOptions): Promise<BuildPlan> {
  await recoverInterruptedWrite(options.outDir);
  const before = await previousDigest(options.outDir);
  const setup = await readSiteSetup(options, options.generator ?? 'plain');
  const site = siteRecord(options, setup);
  return {
    previous: before?.manifest ?? null,
    stamp: before?.stamp ?? null,
    site,
    setup,
    upToDate: before !== null && (await upToDate(options, before.manifest, site)),
  };
}
