import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Code } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const ROOT = path.join(import.meta.dirname, '..', '..');

/**
 * The code blocks of a document in the repository that name a file after their language
 * (```js astro.config.mjs), at the top level of the document, by that name: the tests write them as they are and run them, so
 * what the docs show is what works.
 */
export async function docSnippets(document: string): Promise<Map<string, string>> {
  const tree = unified().use(remarkParse).parse(await readFile(path.join(ROOT, document), 'utf8'));
  const snippets = new Map<string, string>();
  const blocks = tree.children.filter((node): node is Code => node.type === 'code');
  for (const block of blocks) {
    const name = block.meta?.trim().split(/\s+/)[0];
    if (name === undefined || name === '') continue;
    if (snippets.has(name)) throw new Error(`${document} has two snippets named ${name}`);
    snippets.set(name, `${block.value}\n`);
  }
  return snippets;
}

/** One named snippet of a document; a missing one fails the test that needs it. */
export async function docSnippet(document: string, name: string): Promise<string> {
  const snippet = (await docSnippets(document)).get(name);
  if (snippet === undefined) throw new Error(`${document} has no snippet named ${name}`);
  return snippet;
}
