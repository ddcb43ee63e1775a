/**
 * Where a docs repository keeps its pages, for `ask init`: the generator found as the build finds
 * it (`detectGenerator`: the folder and its parents, then each of its folders, `docs/` first), and
 * the content folder by that generator's convention or its config:
 *
 * - VitePress: the folder holding `.vitepress/` (its `srcDir` below it when the config sets one);
 * - Docusaurus: `docs/` beside the config (the classic preset's `docs.path` when set);
 * - Starlight: `src/content/docs/` beside `astro.config.*`;
 * - MkDocs: `docs_dir` of `mkdocs.yml`, default `docs/`;
 * - Mintlify: the folder holding `docs.json` / `mint.json`;
 * - Hugo: `contentDir` of its config, default `content/`;
 * - Nextra: `content/` or `pages/` beside the config when there is one, else its folder;
 * - no generator: `docs/` when there is one.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { detectGenerator, type GeneratorName } from '../content/generators/index.ts';
import { findSiteConfig } from '../content/site-config/index.ts';
import type { LiteralValue } from '../content/site-config/literal-values.ts';
import { configValue } from '../content/site-config/read-config.ts';
import { stringAtPath, valueAt } from './config-value.ts';

export interface DocsLayout {
  readonly generator: GeneratorName;
  /** The file or folder that named the generator (absolute), null for `plain`. */
  readonly marker: string | null;
  /** The content folder (absolute). */
  readonly contentDir: string;
}

/** The layout found, or where it was looked for in one phrase. */
export type DocsSearch = { readonly layout: DocsLayout } | { readonly missing: string };

async function isFolder(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => null))?.isDirectory() ?? false;
}

/** The docs plugin's folder in a Docusaurus config: `presets: [['classic', { docs: { path } }]]`. */
function docusaurusDocsPath(config: LiteralValue | undefined): string | undefined {
  const presets = valueAt(config, ['presets']);
  if (!Array.isArray(presets)) return undefined;
  for (const preset of presets as readonly LiteralValue[]) {
    const found = Array.isArray(preset) ? stringAtPath((preset as readonly LiteralValue[])[1], ['docs', 'path']) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The content folder a generator's config sets, relative to the folder holding its marker; undefined for the convention. */
async function configuredFolder(generator: GeneratorName, siteRoot: string): Promise<string | undefined> {
  const found = await findSiteConfig(siteRoot, generator);
  if (found === null) return undefined;
  const config = configValue(path.basename(found.file), found.text);
  switch (generator) {
    case 'vitepress':
      return stringAtPath(config, ['srcDir']);
    case 'docusaurus':
      return docusaurusDocsPath(config);
    case 'mkdocs':
      return stringAtPath(config, ['docs_dir']);
    case 'hugo':
      return stringAtPath(config, ['contentDir']) ?? stringAtPath(config, ['contentdir']);
    default:
      return undefined;
  }
}

/** The folder each generator keeps its pages in by default, relative to the folder holding its marker; candidates in order for Nextra. */
const CONVENTIONS: Readonly<Record<GeneratorName, readonly string[]>> = {
  plain: ['docs'],
  vitepress: ['.'],
  docusaurus: ['docs'],
  starlight: ['src/content/docs'],
  mkdocs: ['docs'],
  mintlify: ['.'],
  hugo: ['content'],
  nextra: ['content', 'pages', '.'],
};

/** The content folder of a site whose marker sits in `siteRoot`, or what was looked for when it is not there. */
async function contentOf(generator: GeneratorName, siteRoot: string, marker: string, cwd: string): Promise<DocsSearch> {
  const configured = await configuredFolder(generator, siteRoot);
  const candidates = configured === undefined ? CONVENTIONS[generator] : [configured];
  for (const candidate of candidates) {
    const dir = path.resolve(siteRoot, candidate);
    if (await isFolder(dir)) return { layout: { generator, marker, contentDir: dir } };
  }
  const wanted = candidates.map((candidate) => `${candidate}/`).join(' or ');
  return { missing: `found ${generator} (${path.relative(cwd, marker) || marker}) but no ${wanted} beside it` };
}

/** The folders of `dir` to look into for a site's config, `docs/` first, hidden ones and node_modules left out. */
async function subfolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules').map((entry) => entry.name);
  return names.sort((a, b) => Number(b === 'docs') - Number(a === 'docs') || (a < b ? -1 : a > b ? 1 : 0));
}

/** The docs of the repository at `cwd` (see the module comment). */
export async function findDocs(cwd: string): Promise<DocsSearch> {
  for (const dir of [cwd, ...(await subfolders(cwd)).map((name) => path.join(cwd, name))]) {
    const detected = await detectGenerator(dir);
    if (detected.marker !== null) return contentOf(detected.generator, path.dirname(detected.marker), detected.marker, cwd);
  }
  const docs = path.join(cwd, 'docs');
  if (await isFolder(docs)) return { layout: { generator: 'plain', marker: null, contentDir: docs } };
  return { missing: `no generator config (VitePress, Docusaurus, Starlight, MkDocs, Nextra, Mintlify, Hugo) in ${cwd}, its parents or its folders, and no docs/ folder` };
}

/** The layout of a content folder given (`--content`): its generator as the build detects it. */
export async function layoutOf(contentDir: string): Promise<DocsLayout> {
  const detected = await detectGenerator(contentDir);
  return { generator: detected.generator, marker: detected.marker, contentDir };
}
