/**
 * The Files part of `ask digest diff`: every file of the digest tree the change added, removed or
 * changed (the build-only files left out), whatever other part shows it. The text files a reader
 * or a model is given as they are (`llms.txt`, `llms-full.txt`, `pages/*.md`, the overview and
 * the context) show a few of their added and removed lines, in a fenced block (no link is live,
 * no one is mentioned); the search tables show how many lines changed; the JSON files are named
 * (their content is in the parts above).
 */
import { DigestLinkError } from '../disk/no-follow.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { compareCodeUnits } from '../text/compare.ts';
import { counted } from '../text/counted.ts';
import { fencedBlock, inlineCode } from '../text/inert-markdown.ts';
import { lineDelta } from '../text/line-delta.ts';
import type { DigestSide } from './diff-side.ts';

export type FileStatus = 'added' | 'removed' | 'changed';

/** A file of the digest tree that differs between the base and the working tree (digest-relative). */
export interface ChangedFile {
  readonly path: string;
  readonly status: FileStatus;
}

/** How many added and removed lines a file shows, each; longer lines are cut. */
const EXCERPT_LINES = 4;
const LINE_CHARS = 160;
/** How many files show lines at all (the others are counted). */
const EXCERPT_FILES = 20;

const TABLES: ReadonlySet<string> = new Set([DIGEST_FILES.searchIndex, DIGEST_FILES.searchPostings, DIGEST_FILES.searchSections, DIGEST_FILES.searchPages]);
const TEXTS: ReadonlySet<string> = new Set([DIGEST_FILES.llms, DIGEST_FILES.llmsFull, DIGEST_FILES.overview, DIGEST_FILES.context]);

type Kind = 'text' | 'table' | 'other';

function kindOf(file: string): Kind {
  if (TEXTS.has(file) || (file.startsWith('pages/') && file.endsWith('.md'))) return 'text';
  return TABLES.has(file) ? 'table' : 'other';
}

/** A side's text of a file: '' when it has none, null when it is a link (never read). */
async function textOf(side: DigestSide, file: string): Promise<string | null> {
  try {
    return (await side.read(file)) ?? '';
  } catch (error) {
    if (error instanceof DigestLinkError) return null;
    throw error;
  }
}

const cut = (line: string): string => (line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line);

/** The added and removed lines, counted, and a few of each. */
function excerpt(before: string, after: string, withLines: boolean): { readonly count: string; readonly lines: string[] } {
  const delta = lineDelta(before, after);
  const count = `${counted(delta.added.length, 'line')} added, ${delta.removed.length} removed`;
  if (!withLines || delta.added.length + delta.removed.length === 0) return { count, lines: [] };
  const shown = [...delta.added.slice(0, EXCERPT_LINES).map((line) => `+ ${cut(line)}`), ...delta.removed.slice(0, EXCERPT_LINES).map((line) => `- ${cut(line)}`)];
  const more = delta.added.length + delta.removed.length - shown.length;
  return { count, lines: [...fencedBlock(shown).map((line) => `  ${line}`), ...(more > 0 ? [`  (${counted(more, 'more line')} not shown)`] : [])] };
}

const ORDER: Readonly<Record<Kind, number>> = { text: 0, table: 1, other: 2 };

/** The Files part, or no lines when no file changed. */
export async function filesPart(base: DigestSide, head: DigestSide, files: readonly ChangedFile[]): Promise<string[]> {
  if (files.length === 0) return [];
  const sorted = [...files].sort((a, b) => ORDER[kindOf(a.path)] - ORDER[kindOf(b.path)] || compareCodeUnits(a.path, b.path));
  const tally = (status: FileStatus): number => files.filter((file) => file.status === status).length;
  const lines = ['## Files', '', `${counted(files.length, 'file')} of the digest tree changed: ${tally('added')} added, ${tally('removed')} removed, ${tally('changed')} changed (the archive and the folder's .gitignore left out).`, ''];
  let excerpts = 0;
  for (const file of sorted) {
    const kind = kindOf(file.path);
    const entry = `- ${file.status} ${inlineCode(file.path)}`;
    if (kind === 'other') {
      lines.push(entry);
      continue;
    }
    const [before, after] = [await textOf(base, file.path), await textOf(head, file.path)];
    if (before === null || after === null) {
      lines.push(`${entry}: a symbolic link, not read`);
      continue;
    }
    const shown = excerpt(before, after, kind === 'text' && excerpts < EXCERPT_FILES);
    if (shown.lines.length > 0) excerpts += 1;
    lines.push(`${entry}: ${shown.count}`, ...shown.lines);
  }
  return lines;
}
