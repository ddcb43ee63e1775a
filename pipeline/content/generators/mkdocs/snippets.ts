import type { ReadContentFile } from '../types.ts';

/**
 * pymdownx.snippets includes, as MkDocs sites use them: a line `--8<-- "file.md"` (or a block of
 * paths between two `--8<--` lines) is replaced by that file's lines, each prefixed with the
 * marker's indentation, nested includes followed, a file never included inside itself. The
 * extension runs before any other Markdown processing, so includes inside code fences count too.
 * `;--8<--` is an escaped marker: it stays, one `;` less. Paths are relative to where `mkdocs`
 * runs, usually the parent of the docs folder; we look for them relative to the content folder,
 * then with a leading `docs/` taken off, and only inside the content folder.
 */

const INLINE = /^([ \t]*)(;*)-{2,}8<-{2,}[ \t]+("(?:\\"|[^"\n\r])+?"|'(?:\\'|[^'\n\r])+?')(?![ \t])\r?$/;
const BLOCK = /^([ \t]*)(;*)-{2,}8<-{2,}(?![ \t])\r?$/;
/** `--8<-- [start:name]` / `[end:name]` section markers anywhere in a line of an included file. */
const SECTION = /-{1,}8<-{1,}[ \t]+\[[ \t]*(start|end)[ \t]*:[ \t]*([a-z][-_0-9a-z]*)[ \t]*\]/i;
/** `file.md:3:7` (lines 3 to 7), `file.md:3`, `file.md::7`, or `file.md:name` (a section). */
const LINE_RANGE = /^(.*?):(\d*)(?::(\d*))?$/;
const SECTION_NAME = /^(.*?):([a-z][-_0-9a-z]*)$/i;

interface SnippetRef {
  readonly file: string;
  readonly lines: readonly [number, number] | null;
  readonly section: string | null;
}

function parseRef(path: string): SnippetRef {
  const range = LINE_RANGE.exec(path);
  if (range && (range[2] !== '' || range[3] !== undefined)) {
    const first = range[2] ? Number(range[2]) : 1;
    const last = range[3] ? Number(range[3]) : Number.MAX_SAFE_INTEGER;
    return { file: range[1] ?? path, lines: [first, last], section: null };
  }
  const section = SECTION_NAME.exec(path);
  if (section) return { file: section[1] ?? path, lines: null, section: section[2] ?? null };
  return { file: path, lines: null, section: null };
}

/** The candidates for a snippet path, relative to the content folder. */
function candidatePaths(file: string): string[] {
  const bare = file.replace(/^\.\//, '');
  return bare.startsWith('docs/') ? [bare, bare.slice('docs/'.length)] : [bare];
}

function linesOf(text: string): string[] {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The lines of a section (between its start and end markers), or all lines; marker lines never included. */
function selectLines(lines: readonly string[], ref: SnippetRef): string[] {
  let chosen = [...lines];
  if (ref.lines) chosen = chosen.slice(Math.max(ref.lines[0] - 1, 0), ref.lines[1]);
  if (ref.section) {
    const start = chosen.findIndex((line) => { const m = SECTION.exec(line); return m?.[1]?.toLowerCase() === 'start' && m[2] === ref.section; });
    const end = chosen.findIndex((line, at) => { const m = SECTION.exec(line); return at > start && m?.[1]?.toLowerCase() === 'end' && m[2] === ref.section; });
    chosen = start === -1 ? [] : chosen.slice(start + 1, end === -1 ? undefined : end);
  }
  return chosen.filter((line) => !SECTION.test(line));
}

class SnippetExpander {
  private changed = false;

  constructor(private readonly read: ReadContentFile) {}

  get anyChange(): boolean {
    return this.changed;
  }

  /** Resolves one snippet path to its lines, or null when no candidate exists inside the content folder. */
  private async include(path: string, seen: ReadonlySet<string>): Promise<string[] | null> {
    if (/^https?:\/\//i.test(path)) return null;
    const ref = parseRef(path);
    for (const candidate of candidatePaths(ref.file)) {
      if (seen.has(candidate)) return [];
      const text = await this.read(candidate);
      if (text === null) continue;
      return this.expand(selectLines(linesOf(text), ref), new Set([...seen, candidate]));
    }
    return null;
  }

  async expand(lines: readonly string[], seen: ReadonlySet<string>): Promise<string[]> {
    const out: string[] = [];
    let inBlock = false;
    for (const line of lines) {
      const inline = INLINE.exec(line);
      const block = inline ? null : BLOCK.exec(line);
      if ((inline?.[2] ?? block?.[2] ?? '') !== '') {
        out.push(line.replace(';', ''));
        this.changed = true;
        continue;
      }
      if (block) {
        inBlock = !inBlock; // the markers of a block of paths go, as the extension drops them
        this.changed = true;
        continue;
      }
      const space = inline ? (inline[1] ?? '') : (/^[ \t]*/.exec(line)?.[0] ?? '');
      const path = inline ? (inline[3] ?? '').slice(1, -1).trim() : inBlock ? line.trim() : '';
      if (path.startsWith('; ')) {
        this.changed = true; // a commented-out path
        continue;
      }
      const included = path === '' ? null : await this.include(path, seen);
      if (included === null) {
        out.push(line);
        continue;
      }
      this.changed = true;
      out.push(...included.map((text) => space + text));
    }
    return out;
  }
}

/** `source` with every snippet it (and what it includes) names replaced by that file's text; `source` itself when none is found. */
export async function expandSnippets(file: string, source: string, read: ReadContentFile): Promise<string> {
  if (!source.includes('8<-')) return source;
  const expander = new SnippetExpander(read);
  const lines = source.split('\n');
  const expanded = await expander.expand(lines, new Set([file]));
  return expander.anyChange ? expanded.join('\n') : source;
}
