import type { Root } from 'mdast';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { ContentError } from './errors.ts';

/** The frontmatter fields the content model itself reads; generators read others from `data`. */
interface Frontmatter {
  readonly title?: string;
  readonly description?: string;
  readonly group?: string;
  readonly slug?: string;
  readonly draft?: boolean;
}

export interface ReadFrontmatter {
  readonly fields: Frontmatter;
  /** Every field as parsed; `{}` without frontmatter. */
  readonly data: Readonly<Record<string, unknown>>;
}

const STRING_FIELDS = ['title', 'description', 'group', 'slug'] as const;

/** Frontmatter node types (remark-frontmatter): YAML `---`, TOML `+++`, JSON `{ }` (Hugo). */
export const FRONTMATTER_TYPES = new Set(['yaml', 'toml', 'json']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseData(type: string, value: string): unknown {
  if (type === 'toml') return parseToml(value);
  if (type === 'json') return JSON.parse(`{${value}}`) as unknown;
  return parseYaml(value);
}

const LANGUAGE: Readonly<Record<string, string>> = { yaml: 'YAML', toml: 'TOML', json: 'JSON' };

/** A YAML `---` or TOML `+++` fence opening the page (after a byte order mark). */
const OPENING_FENCE = /^\uFEFF?(---|\+\+\+)[ \t]*\r?(?:\n|$)/;

/**
 * Throws when the page opens a YAML or TOML frontmatter block that no fence closes: read as
 * Markdown, its fields would silently become the page's first paragraph.
 */
export function checkFrontmatterClosed(source: string, file: string): void {
  const opening = OPENING_FENCE.exec(source);
  const fence = opening?.[1];
  if (opening === null || fence === undefined) return;
  const closed = source
    .slice(opening[0].length)
    .split('\n')
    .some((line) => line.replace(/[ \t\r]+$/, '') === fence);
  if (!closed) throw new ContentError(file, `frontmatter opened with '${fence}' on line 1 is never closed; end it with a '${fence}' line after its fields`);
}

/**
 * Reads the frontmatter node of a parsed page (YAML, TOML or JSON), checking the types of the
 * fields the content model reads. A page without frontmatter has `{}`. Invalid syntax or a wrong
 * type is a ContentError naming the file.
 */
export function readFrontmatter(tree: Root, file: string): ReadFrontmatter {
  const node = tree.children[0];
  if (!node || !FRONTMATTER_TYPES.has(node.type) || !('value' in node) || typeof node.value !== 'string') return { fields: {}, data: {} };
  const language = LANGUAGE[node.type] ?? node.type;
  let data: unknown;
  try {
    data = parseData(node.type, node.value);
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new ContentError(file, `invalid ${language} frontmatter (${reason}); fix the block at the top of the page`);
  }
  if (data === null || data === undefined) return { fields: {}, data: {} };
  if (!isRecord(data)) throw new ContentError(file, `frontmatter must be a ${language} mapping of fields (title, description, group, slug, draft)`);
  const fields: { -readonly [K in keyof Frontmatter]: Frontmatter[K] } = {};
  for (const field of STRING_FIELDS) {
    const value = data[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new ContentError(file, `frontmatter '${field}' must be a string`);
    }
    const text = String(value).trim();
    if (text !== '') fields[field] = text;
  }
  const draft = data['draft'];
  if (draft !== undefined && draft !== null) {
    if (typeof draft !== 'boolean') throw new ContentError(file, "frontmatter 'draft' must be true or false");
    fields.draft = draft;
  }
  return { fields, data };
}
