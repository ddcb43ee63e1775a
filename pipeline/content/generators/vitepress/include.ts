import path from 'node:path';
import type { Heading, Nodes } from 'mdast';
import { headingText } from '../../chunk.ts';
import { parseMarkdown } from '../../../markdown/parse.ts';
import type { ReadContentFile } from '../types.ts';
import { headingCustomId } from './attrs.ts';
import { prepareVitepress } from './prepare.ts';
import { findRegions, type LineSpan } from './regions.ts';
import { vitepressHeadingIds } from './slug.ts';

/**
 * VitePress's `<!--@include: path-->` (markdown file inclusion), expanded on the raw text before
 * anything else, code fences included, as VitePress does:
 *
 * - `./part.md` is relative to the including file, `@/part.md` (or `@part.md`) to the source root,
 *   which is the content folder;
 * - `#name` keeps the lines of the region `name` (`<!-- #region name -->`), or else of the section
 *   under the heading whose id is `name`, up to the next heading of the same or a higher level;
 * - `{3,10}`, `{3,}`, `{,10}` keep those lines (1-based, inclusive), after the region if any;
 * - a Markdown file's frontmatter is dropped, unless a bare line range counts lines from the top;
 * - included files are expanded in turn; a file that includes itself or an ancestor is not.
 *
 * Where VitePress would stop the build (a missing file, region, heading or an out-of-range
 * selection), the directive is left as written.
 */

const INCLUDE = /<!--\s*@include:\s*(.*?)\s*-->/g;
const LINE_RANGE = /\{(\d*),(\d*)\}$/;
const REGION = /#([^\s{]+)$/;
const FRONTMATTER = /^---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?---[^\n]*(?:\n|$)/;

interface IncludeTarget {
  readonly file: string;
  readonly region: string | null;
  readonly range: { readonly from: number | null; readonly to: number | null } | null;
}

/** What a directive's argument asks for, or null when it points outside the content folder. */
function targetOf(argument: string, includingFile: string): IncludeTarget | null {
  let rest = argument;
  const range = LINE_RANGE.exec(rest);
  if (range) rest = rest.slice(0, range.index);
  const region = REGION.exec(rest);
  if (region) rest = rest.slice(0, region.index);
  const relative = rest.startsWith('@') ? rest.slice(/^@[\\/]/.test(rest) ? 2 : 1) : path.posix.join(path.posix.dirname(includingFile), rest);
  const file = path.posix.normalize(relative.replace(/\\/g, '/'));
  if (file.startsWith('../') || file === '..' || path.posix.isAbsolute(file)) return null;
  const number = (digits: string | undefined): number | null => (digits ? Number.parseInt(digits, 10) : null);
  return { file, region: region?.[1] ?? null, range: range ? { from: number(range[1]), to: number(range[2]) } : null };
}

/** The lines under the heading whose VitePress id is `id`, up to the next heading of its level or higher. */
function headingSection(content: string, id: string): LineSpan | null {
  const tree = parseMarkdown(prepareVitepress(content), 'md');
  const headings: Heading[] = [];
  const walk = (node: Nodes): void => {
    if (node.type === 'heading') headings.push(node);
    if ('children' in node) for (const child of node.children as Nodes[]) walk(child);
  };
  walk(tree);
  const assign = vitepressHeadingIds();
  const ids = headings.map((heading) => {
    const source = content.slice(heading.position?.start.offset ?? 0, heading.position?.end.offset ?? 0);
    return assign({ text: headingText(heading), customId: headingCustomId(source), depth: heading.depth, source });
  });
  const at = ids.indexOf(id);
  const heading = headings[at];
  if (!heading?.position) return null;
  const next = headings.slice(at + 1).find((other) => other.depth <= heading.depth);
  return { start: heading.position.end.line, end: next?.position ? next.position.start.line - 1 : Number.POSITIVE_INFINITY };
}

/** The included text for one directive, or null to leave the directive as written. */
async function includedText(target: IncludeTarget, read: ReadContentFile, chain: readonly string[]): Promise<string | null> {
  if (chain.includes(target.file)) return null;
  const raw = await read(target.file);
  if (raw === null) return null;
  const content = target.file.endsWith('.md') && (target.region !== null || target.range === null) ? raw.replace(FRONTMATTER, '') : raw;
  let lines = content.split('\n');
  if (target.region !== null) {
    const regions = findRegions(lines, target.region);
    const spans = regions.length > 0 ? regions : [headingSection(content, target.region)];
    if (spans.some((span) => span === null)) return null;
    lines = spans.flatMap((span) => (span ? lines.slice(span.start, span.end) : []));
  }
  if (target.range !== null) {
    const from = target.range.from ?? 1;
    const to = target.range.to ?? lines.length;
    if (from < 1 || to < from || to > lines.length) return null;
    lines = lines.slice(from - 1, to);
  }
  return expandWithin(target.file, lines.join('\n'), read, chain);
}

async function expandWithin(file: string, source: string, read: ReadContentFile, chain: readonly string[]): Promise<string> {
  const parts: string[] = [];
  let copied = 0;
  for (const match of source.matchAll(INCLUDE)) {
    const argument = match[1] ?? '';
    const target = argument === '' ? null : targetOf(argument, file);
    const text = target ? await includedText(target, read, [...chain, file]) : null;
    if (text === null) continue;
    parts.push(source.slice(copied, match.index), text);
    copied = match.index + match[0].length;
  }
  if (copied === 0) return source;
  parts.push(source.slice(copied));
  return parts.join('');
}

/** `source` (the text of `file`, a path relative to the content folder) with its includes expanded. */
export function expandVitepressIncludes(file: string, source: string, read: ReadContentFile): Promise<string> {
  return expandWithin(file, source, read, []);
}
