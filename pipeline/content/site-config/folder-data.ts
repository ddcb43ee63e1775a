/**
 * The sidebar data a generator keeps beside the pages, read from the content folder (never run):
 *
 * - page positions from frontmatter: Docusaurus `sidebar_position`, Starlight `sidebar.order`,
 *   Hugo `weight`;
 * - Docusaurus `_category_.json` / `_category_.yml`: a folder's `label` and `position`;
 * - Nextra `_meta.json` / `_meta.{ts,js,tsx,jsx}` (literals only): the order of a folder's
 *   entries (its keys) and a sub-folder's label (the value, or its `title`).
 *
 * Each file is read under the content folder's one rule (`optionalTextInside`): a link out of
 * the folder is a build error naming it.
 */
import { optionalTextInside } from '../inside-folder.ts';
import type { GeneratorName } from '../generators/types.ts';
import { isRecord, readConfigModule, stringAt, type LiteralValue } from './literal-values.ts';
import { readDataFile } from './read-config.ts';

/** A folder as the sidebar shows it. */
interface FolderData {
  readonly label?: string;
  readonly position?: number;
}

export interface SidebarData {
  /** Per content-relative folder (POSIX, no trailing `/`). */
  readonly folders: ReadonlyMap<string, FolderData>;
  /** Per content-relative page file: its position among its folder's entries. */
  readonly pagePositions: ReadonlyMap<string, number>;
}

const CATEGORY_FILES = ['_category_.json', '_category_.yml', '_category_.yaml'];
const META_FILES = ['_meta.json', '_meta.ts', '_meta.tsx', '_meta.js', '_meta.jsx', '_meta.mjs'];
const FRONTMATTER = /^(?:\uFEFF)?(---|\+\+\+)\r?\n([\s\S]*?)\r?\n\1[ \t]*(?:\r?\n|$)/;

/** A page file's frontmatter (YAML between `---`, TOML between `+++`) as data; `{}` when it has none or it does not parse. */
export function frontmatterData(text: string): Readonly<Record<string, LiteralValue>> {
  const match = FRONTMATTER.exec(text);
  if (!match) return {};
  const data = readDataFile(match[1] === '+++' ? 'frontmatter.toml' : 'frontmatter.yaml', match[2] ?? '');
  return isRecord(data) ? data : {};
}

function finite(value: LiteralValue | undefined): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** A page's position as its generator reads it from the frontmatter; undefined when it states none. */
function frontmatterPosition(generator: GeneratorName, frontmatter: Readonly<Record<string, LiteralValue>>): number | undefined {
  switch (generator) {
    case 'docusaurus':
      return finite(frontmatter['sidebar_position']);
    case 'starlight': {
      const sidebar = frontmatter['sidebar'];
      return isRecord(sidebar) ? finite(sidebar['order']) : undefined;
    }
    case 'hugo':
      return finite(frontmatter['weight']);
    default:
      return undefined;
  }
}

/** The first of `names` in `dir` that can be read, with its name. */
async function firstFile(contentDir: string, folder: string, names: readonly string[]): Promise<{ name: string; text: string } | null> {
  for (const name of names) {
    const text = await optionalTextInside(contentDir, joined(folder, name));
    if (text !== null) return { name, text };
  }
  return null;
}

/** Every folder holding a page, and each of its parents, content-relative (`''` for the content folder). */
function foldersOf(files: readonly string[]): string[] {
  const folders = new Set<string>(['']);
  for (const file of files) {
    const parts = file.split('/').slice(0, -1);
    for (let depth = 1; depth <= parts.length; depth += 1) folders.add(parts.slice(0, depth).join('/'));
  }
  return [...folders].sort();
}

function joined(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

/** A `_meta` file's entries in order: name, and the label its value gives. */
function metaEntries(name: string, text: string): [string, string | undefined][] {
  const value = /\.json$/.test(name) ? readDataFile(name, text) : readConfigModule(name, text)?.defaultExport;
  if (!isRecord(value)) return [];
  return Object.entries(value).map(([key, entry]) => [key, typeof entry === 'string' ? entry : stringAt(entry, 'title')]);
}

/**
 * Reads the sidebar data of `generator` for the page files `files` (content-relative) of
 * `contentDir`. Generators that keep none give empty maps.
 */
export async function readSidebarData(contentDir: string, generator: GeneratorName, files: readonly string[]): Promise<SidebarData> {
  const folders = new Map<string, FolderData>();
  const pagePositions = new Map<string, number>();
  if (generator === 'docusaurus' || generator === 'starlight' || generator === 'hugo') {
    for (const file of files) {
      const text = await optionalTextInside(contentDir, file);
      const position = text === null ? undefined : frontmatterPosition(generator, frontmatterData(text));
      if (position !== undefined) pagePositions.set(file, position);
    }
  }
  if (generator === 'docusaurus') {
    for (const folder of foldersOf(files)) {
      const found = folder === '' ? null : await firstFile(contentDir, folder, CATEGORY_FILES);
      const data = found === null ? undefined : readDataFile(found.name, found.text);
      if (!isRecord(data)) continue;
      const label = stringAt(data, 'label');
      const position = finite(data['position']);
      folders.set(folder, { ...(label === undefined ? {} : { label }), ...(position === undefined ? {} : { position }) });
    }
  }
  if (generator === 'nextra') {
    const byStem = new Map(files.map((file) => [file.replace(/\.mdx?$/i, ''), file]));
    for (const folder of foldersOf(files)) {
      const found = await firstFile(contentDir, folder, META_FILES);
      if (found === null) continue;
      metaEntries(found.name, found.text).forEach(([name, label], position) => {
        const entry = joined(folder, name);
        const file = byStem.get(entry);
        if (file !== undefined) pagePositions.set(file, position);
        else folders.set(entry, { position, ...(label === undefined ? {} : { label }) });
      });
    }
  }
  return { folders, pagePositions };
}
