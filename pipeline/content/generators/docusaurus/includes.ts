/**
 * Docusaurus's includes: a Markdown file imported into a page (`import Shared from './_shared.mdx'`)
 * and used as a component (`<Shared />`, `<Shared/>`, `<Shared></Shared>`, props allowed) renders
 * its content there. We put the partial's text in place of each use, without its frontmatter and
 * its own `import` lines, its own includes followed first. The page's import line stays (`prepare`
 * blanks it in `.md`; in `.mdx` it is ESM). The partial's headings carry the ids Docusaurus gives
 * them in the partial's own module (see partial-ids.ts). Imports that are not relative
 * paths to a `.md`/`.mdx` file (`@site/...`, `@theme/Tabs`) and files that cannot be read are left
 * as they are.
 */
import path from 'node:path';
import { docusaurusFormat } from './format.ts';
import { classifyLines } from './lines.ts';
import { withPartialHeadingIds } from './partial-ids.ts';
import { isBlankLine } from '../source-editor.ts';
import type { ReadContentFile } from '../types.ts';

/** `import Name from './x.mdx'` on one line, the path relative (`./`, `../`) and to a Markdown file. */
const PARTIAL_IMPORT = /^import[ \t]+([A-Za-z_$][\w$]*)[ \t]+from[ \t]+(['"])(\.{1,2}\/[^'"]+\.mdx?)\2[ \t]*;?[ \t]*\r?$/;
const IMPORT_START = /^import[ \t]/;
/** Partials nested deeper than this are left as they are (and a partial that includes itself stops here). */
const MAX_DEPTH = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The partials a page imports outside fenced code: component name -> file path relative to the content folder. */
function importedPartials(file: string, source: string): Map<string, string> {
  const partials = new Map<string, string>();
  for (const line of classifyLines(source)) {
    if (line.kind !== 'text') continue;
    const match = PARTIAL_IMPORT.exec(line.text);
    if (!match?.[1] || !match[3]) continue;
    partials.set(match[1], path.posix.normalize(path.posix.join(path.posix.dirname(file), match[3])));
  }
  return partials;
}

/**
 * A partial's text as it reads inside the page: no frontmatter, no `import` statements (each up
 * to the next blank line, as MDX reads them; never inside fenced code), no blank lines around it.
 */
function partialBody(text: string): string {
  const kept: string[] = [];
  let inImport = false;
  for (const line of classifyLines(text)) {
    if (line.kind === 'frontmatter') continue;
    if (line.kind === 'text' && (inImport || IMPORT_START.test(line.text)) && !isBlankLine(line.text)) {
      inImport = true;
      continue;
    }
    inImport = false;
    kept.push(line.text);
  }
  return kept.join('\n').replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
}

/** The body indented like the use it replaces when that use starts its line (inside a list item, say). */
function indentedLike(body: string, source: string, start: number): string {
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  const indent = source.slice(lineStart, start);
  if (indent === '' || !/^[ \t]+$/.test(indent)) return body;
  return body.replace(/\n(?=[^\r\n])/g, `\n${indent}`);
}

/** The uses of a component outside fenced code, as [start, end) spans. */
function usesOf(source: string, name: string): Array<[number, number]> {
  const pattern = new RegExp(`<${escapeRegExp(name)}(?:\\s[^<>]*?)?(?:/>|>\\s*</${escapeRegExp(name)}\\s*>)`, 'g');
  const textLines = classifyLines(source).filter((line) => line.kind === 'text');
  const spans: Array<[number, number]> = [];
  for (const match of source.matchAll(pattern)) {
    if (textLines.some((line) => match.index >= line.start && match.index <= line.end)) spans.push([match.index, match.index + match[0].length]);
  }
  return spans;
}

async function expand(file: string, source: string, read: ReadContentFile, depth: number): Promise<string> {
  if (depth >= MAX_DEPTH) return source;
  let expanded = source;
  for (const [name, target] of importedPartials(file, source)) {
    const spans = usesOf(expanded, name);
    if (spans.length === 0) continue;
    const text = await read(target);
    if (text === null) continue;
    const format = docusaurusFormat(target, text);
    const body = withPartialHeadingIds(partialBody(await expand(target, text, read, depth + 1)), format);
    for (const [start, end] of spans.reverse()) expanded = expanded.slice(0, start) + indentedLike(body, expanded, start) + expanded.slice(end);
  }
  return expanded;
}

/** The page with every use of an imported partial replaced by the partial's text. */
export function expandDocusaurusIncludes(file: string, source: string, read: ReadContentFile): Promise<string> {
  // most pages import nothing: no line to classify then
  if (!/^import[ \t]/m.test(source)) return Promise.resolve(source);
  return expand(file, source, read, 0);
}
