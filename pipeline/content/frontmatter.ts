import type { Root } from 'mdast';
import { parse as parseYaml } from 'yaml';
import { ContentError } from './errors.ts';

/** The frontmatter fields the content model reads; anything else is ignored. */
export interface Frontmatter {
  readonly title?: string;
  readonly description?: string;
  readonly group?: string;
  readonly slug?: string;
  readonly draft?: boolean;
}

const STRING_FIELDS = ['title', 'description', 'group', 'slug'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the YAML frontmatter node of a parsed page, checking the types of the known fields.
 * A page without frontmatter has `{}`. Invalid YAML or a wrong type is a ContentError naming the file.
 */
export function readFrontmatter(tree: Root, file: string): Frontmatter {
  const node = tree.children[0];
  if (!node || node.type !== 'yaml') return {};
  let data: unknown;
  try {
    data = parseYaml(node.value);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ContentError(file, `invalid YAML frontmatter (${reason}); fix the block between the '---' lines`);
  }
  if (data === null || data === undefined) return {};
  if (!isRecord(data)) throw new ContentError(file, 'frontmatter must be a YAML mapping of fields (title, description, group, slug, draft)');
  const result: { -readonly [K in keyof Frontmatter]: Frontmatter[K] } = {};
  for (const field of STRING_FIELDS) {
    const value = data[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new ContentError(file, `frontmatter '${field}' must be a string`);
    }
    const text = String(value).trim();
    if (text !== '') result[field] = text;
  }
  const draft = data['draft'];
  if (draft !== undefined && draft !== null) {
    if (typeof draft !== 'boolean') throw new ContentError(file, "frontmatter 'draft' must be true or false");
    result.draft = draft;
  }
  return result;
}
