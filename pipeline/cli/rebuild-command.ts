/**
 * The `ask digest build` command that rebuilds a digest with the options it was built with, for
 * `ask digest check`'s advice: the build as it would run here with no flag (flags over
 * `ask.config.json` over the defaults), plus exactly the flags whose value differs from the
 * manifest's record: the content and digest folders the check read, the site url, the generator,
 * its config file, the url style, the excludes, the name and description stated. Each step is
 * the build's own resolution (`parseConfigured`, `buildSite`, `recordedSite`), never a copy.
 */
import path from 'node:path';
import { recordedSite } from '../compile/plan.ts';
import type { Manifest } from '../format/manifest.ts';
import { commandLine } from '../init/shell-words.ts';
import { buildSite } from './build-site.ts';
import { parseConfigured } from './configured-command.ts';
import { quietIO, type CliIO } from './io.ts';
import { DIGEST_BUILD } from './specs/index.ts';

type BuiltSite = Pick<Manifest, 'siteUrl' | 'site'>;

export interface RebuildTarget {
  /** The folders the check read, as it names them (relative to the working folder). */
  readonly content: string;
  readonly out: string;
  /** The digest's record; null when there is no digest. */
  readonly manifest: BuiltSite | null;
}

export interface Rebuild {
  /** The command line, its words quoted for a POSIX shell. */
  readonly command: string;
  /** What of the record no flag can give (a `false` url style, no excludes over the config's), one phrase each. */
  readonly unsaid: readonly string[];
}

/** The record's fields, in the order their flags are decided: the generator before what depends on it (its config, its url style), the config before the name it states. */
const FIELDS = ['siteUrl', 'generator', 'config', 'trailingSlash', 'htmlExtension', 'exclude', 'name', 'description'] as const;
type Field = (typeof FIELDS)[number];

const valueOf = (record: BuiltSite, field: Field): unknown => (field === 'siteUrl' ? record.siteUrl : record.site[field]);

/** The flags that make a build record the manifest's value of `field`; null when no flag can. */
function flagsFor(field: Field, built: BuiltSite, contentDir: string, cwd: string): string[] | null {
  const { site } = built;
  switch (field) {
    case 'siteUrl':
      return ['--site-url', built.siteUrl];
    case 'generator':
      return ['--generator', site.generator];
    case 'config':
      return site.config === null ? null : ['--config', path.relative(cwd, path.resolve(contentDir, site.config))];
    case 'trailingSlash':
      return site.trailingSlash ? ['--trailing-slash'] : null;
    case 'htmlExtension':
      return site.htmlExtension ? ['--html-extension'] : null;
    case 'exclude':
      return site.exclude.length === 0 ? null : site.exclude.flatMap((glob) => ['--exclude', glob]);
    case 'name':
      return site.name === null ? null : ['--site-name', site.name];
    case 'description':
      return site.description === null ? null : ['--site-description', site.description];
  }
}

/** What a build with these flags would record here, nothing written (the generator it detects not said). */
async function wouldRecord(words: readonly string[], io: CliIO): Promise<BuiltSite & { readonly contentDir: string }> {
  const { values } = await parseConfigured(DIGEST_BUILD, words, io.cwd);
  const contentDir = path.resolve(io.cwd, values.content ?? '.');
  const { site, config, identity } = await buildSite(values, contentDir, quietIO(io));
  const record = await recordedSite({ contentDir, generator: site.generator, urlStyle: site.urlStyle, exclude: site.exclude, ...(config === undefined ? {} : { config }), ...identity });
  return { siteUrl: values['site-url'], site: record, contentDir };
}

/** `--content`, `--out` where the check read other folders than a build would by default. */
async function folderWords(target: RebuildTarget, cwd: string): Promise<string[]> {
  const { values } = await parseConfigured(DIGEST_BUILD, [], cwd);
  const same = (a: string | undefined, b: string): boolean => a !== undefined && path.resolve(cwd, a) === path.resolve(cwd, b);
  return [...(same(values.content, target.content) ? [] : ['--content', target.content]), ...(same(values.out, target.out) ? [] : ['--out', target.out])];
}

/**
 * The setting of the config file that gives a value no flag gives; null for a name, a
 * description or a generator config the digest did not have (what the repository states now wins).
 */
function unsaidSetting(field: Field): string | null {
  if (field === 'trailingSlash' || field === 'htmlExtension') return `"${field}": false`;
  return field === 'exclude' ? '"exclude": []' : null;
}

/** The flags for each field of the record that differs from what a build with `words` would record, in `FIELDS` order. */
async function siteWords(manifest: BuiltSite, words: readonly string[], io: CliIO): Promise<{ words: string[]; unsaid: string[] }> {
  const added: string[] = [];
  const unsaid: string[] = [];
  const decided = new Set<Field>();
  for (let round = 0; round < FIELDS.length; round += 1) {
    const now = await wouldRecord([...words, ...added], io);
    const field = FIELDS.find((candidate) => !decided.has(candidate) && JSON.stringify(valueOf(now, candidate)) !== JSON.stringify(valueOf(manifest, candidate)));
    if (field === undefined) break;
    decided.add(field);
    const flags = flagsFor(field, manifest, now.contentDir, io.cwd);
    const setting = flags === null ? unsaidSetting(field) : null;
    if (flags !== null) added.push(...flags);
    if (setting !== null) unsaid.push(setting);
  }
  return { words: added, unsaid };
}

/** The command that rebuilds the digest `target` names with its recorded options (see the module comment). */
export async function rebuildCommand(target: RebuildTarget, io: CliIO): Promise<Rebuild> {
  const folders = await folderWords(target, io.cwd);
  const { manifest } = target;
  if (manifest === null) return { command: commandLine('ask', ['digest', 'build', ...folders]), unsaid: [] };
  const site = await siteWords(manifest, folders, io).catch(() => {
    // a build here would not start (a config file named that is not there): every recorded option as a flag
    const contentDir = path.resolve(io.cwd, target.content);
    return { words: FIELDS.flatMap((field) => flagsFor(field, manifest, contentDir, io.cwd) ?? []), unsaid: [] };
  });
  return { command: commandLine('ask', ['digest', 'build', ...folders, ...site.words]), unsaid: site.unsaid };
}
