/**
 * The block containers of a page's source that the content stage reads as prose (its
 * `generator.prepare` keeps their text and blanks their markers): `:::name[Title]` … `:::`
 * directives and `::: name Title` containers (Docusaurus, Starlight, VitePress), and MkDocs's
 * indented `!!! note "Title"`, `??? note` and `=== "Tab"` blocks. Found here by line in the
 * original text (lines inside code blocks skipped), so the demo site can show them as callouts,
 * details and tabs.
 */

import { withoutShortcodes } from '../../content/generators/mkdocs/inline.ts';
import { indentWidth } from '../../content/generators/source-editor.ts';

/** How a container is shown. */
type BlockKind = 'callout' | 'details' | 'tab' | 'code-group' | 'plain';

export interface SourceBlock {
  readonly kind: BlockKind;
  /** The container's name as written (`note`, `warning`, `details`...), lower case. */
  readonly name: string;
  /** Its title as written, '' when it has none. */
  readonly title: string;
  /** For details: shown open at first (MkDocs's `???+`). */
  readonly open: boolean;
  /** Where its marker line starts and ends (without the line break). */
  readonly start: number;
  readonly markerEnd: number;
  /** Where its last line ends (a closing `:::` included). */
  readonly end: number;
}

interface Line {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

const COLON_OPEN = /^[ \t>]*(:{3,})[ \t]*([A-Za-z][\w-]*)(.*)$/;
const COLON_CLOSE = /^[ \t>]*(:{3,})[ \t]*$/;
const MKDOCS_OPEN = /^([ \t]*)(!!!|\?\?\?\+?|===[+!]{0,2})[ ]*([\p{L}\p{N}_-]*)((?: +[\p{L}\p{N}_-]+)*)(?: *"(.*?)")? *$/u;

/** The generators whose `generator.prepare` reads `:::` containers. */
const COLON_GENERATORS = new Set(['docusaurus', 'vitepress', 'starlight']);

/** Names shown as a callout; other container names are shown as their content alone. */
const CALLOUT_NAMES = new Set([
  'note', 'tip', 'info', 'warning', 'caution', 'danger', 'important', 'success', 'question', 'example', 'abstract', 'summary',
  'tldr', 'bug', 'failure', 'fail', 'error', 'quote', 'hint', 'attention', 'check', 'done', 'todo', 'seealso', 'faq', 'help',
  'missing', 'cite', 'secondary', 'admonition',
]);

/** A title as the text shown: code spans' backticks and emphasis marks dropped. */
function plainTitle(title: string): string {
  return title.replace(/`([^`]*)`/g, '$1').replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2').trim();
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    lines.push({ text: line, start, end: start + line.length });
    start += raw.length + 1;
  }
  return lines;
}

function kindOf(name: string): BlockKind {
  if (name === 'details') return 'details';
  if (name === 'code-group') return 'code-group';
  return CALLOUT_NAMES.has(name) ? 'callout' : 'plain';
}

/** A colon container's title: its `[label]`, else (VitePress) the words after its name, without `{attributes}`. */
function colonTitle(rest: string): string {
  const label = /^\[(.*)\]/.exec(rest);
  if (label) return plainTitle(label[1] ?? '');
  return plainTitle(rest.replace(/\{[^}]*\}/g, ''));
}

function colonBlocks(lines: readonly Line[], inCode: (offset: number) => boolean): SourceBlock[] {
  const blocks: SourceBlock[] = [];
  const open: { name: string; title: string; start: number; markerEnd: number }[] = [];
  for (const line of lines) {
    if (inCode(line.start)) continue;
    const close = COLON_CLOSE.exec(line.text);
    if (close) {
      const top = open.pop();
      if (top) blocks.push({ kind: kindOf(top.name), ...top, open: false, end: line.end });
      continue;
    }
    const opening = COLON_OPEN.exec(line.text);
    if (opening) open.push({ name: (opening[2] ?? '').toLowerCase(), title: colonTitle(opening[3] ?? ''), start: line.start, markerEnd: line.end });
  }
  return blocks;
}

function mkdocsBlocks(lines: readonly Line[], inCode: (offset: number) => boolean): SourceBlock[] {
  const blocks: SourceBlock[] = [];
  lines.forEach((line, at) => {
    if (inCode(line.start)) return;
    const marker = MKDOCS_OPEN.exec(line.text);
    if (!marker) return;
    const indent = indentWidth(line.text);
    let last = at;
    for (let next = at + 1; next < lines.length; next += 1) {
      const body = lines[next];
      if (body === undefined) break;
      if (body.text.trim() === '') continue;
      if (indentWidth(body.text) < indent + 4) break;
      last = next;
    }
    const tab = (marker[2] ?? '').startsWith('===');
    const name = tab ? 'tab' : (marker[3] ?? '').toLowerCase();
    if (name === '') return;
    const kind: BlockKind = tab ? 'tab' : (marker[2] ?? '').startsWith('???') ? 'details' : 'callout';
    const open = (marker[2] ?? '').startsWith('???+');
    blocks.push({ kind, name, title: plainTitle(withoutShortcodes(marker[5] ?? '')), open, start: line.start, markerEnd: line.end, end: lines[last]?.end ?? line.end });
  });
  return blocks;
}

/**
 * The containers of `text` (a page's source after its includes), in source order, MkDocs's own
 * syntax for `mkdocs`, the colon containers for Docusaurus, Starlight and VitePress, none for the
 * others. `inCode` says whether
 * an offset is inside a code block (where a marker is an example, not a container).
 */
export function sourceBlocks(text: string, generator: string, inCode: (offset: number) => boolean): SourceBlock[] {
  const lines = linesOf(text);
  const blocks = generator === 'mkdocs' ? mkdocsBlocks(lines, inCode) : COLON_GENERATORS.has(generator) ? colonBlocks(lines, inCode) : [];
  return blocks.sort((a, b) => a.start - b.start || b.end - a.end);
}
