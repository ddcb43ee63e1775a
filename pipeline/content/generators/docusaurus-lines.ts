/**
 * A line-by-line reading of a Docusaurus page, enough to know where its non-Markdown syntax may
 * stand: the frontmatter, fenced code (whose content is never touched), and the
 * ```` ```mdx-code-block ```` fences that Docusaurus unwraps before compiling, so their content is
 * MDX like the rest of the page and only the two fence lines are markup.
 */
import { sourceLines, type SourceLine } from './source-editor.ts';

export type LineKind = 'frontmatter' | 'code' | 'unwrapped-fence' | 'text';

export interface ClassifiedLine extends SourceLine {
  readonly kind: LineKind;
}

const FENCE = /^[ \t]*(`{3,}|~{3,})(.*)$/;

interface OpenFence {
  readonly char: string;
  readonly length: number;
  readonly unwrapped: boolean;
}

/** The fence a line opens, if it is a fence opener (a backtick fence's info string holds no backtick). */
function fenceOpened(text: string): OpenFence | null {
  const match = FENCE.exec(text);
  const marks = match?.[1];
  if (marks === undefined) return null;
  const info = (match?.[2] ?? '').trim();
  if (marks.startsWith('`') && info.includes('`')) return null;
  return { char: marks.charAt(0), length: marks.length, unwrapped: info.split(/\s/)[0] === 'mdx-code-block' };
}

/** True when a line closes the open fence: the same character, at least as many, nothing after. */
function closesFence(text: string, fence: OpenFence): boolean {
  const match = FENCE.exec(text);
  const marks = match?.[1];
  return marks !== undefined && marks.charAt(0) === fence.char && marks.length >= fence.length && (match?.[2] ?? '').trim() === '';
}

/** The number of lines a YAML frontmatter block at the very start takes (delimiters included), 0 when there is none. */
function frontmatterLength(lines: readonly SourceLine[]): number {
  if (lines[0]?.text.trimEnd() !== '---') return 0;
  for (let index = 1; index < lines.length; index += 1) {
    if (lines[index]?.text.trimEnd() === '---') return index + 1;
  }
  return 0;
}

/** Every line of the page with what it is. An unclosed fence runs to the end, as in CommonMark. */
export function classifyLines(source: string): ClassifiedLine[] {
  const lines = sourceLines(source);
  const frontmatter = frontmatterLength(lines);
  const classified: ClassifiedLine[] = [];
  let fence: OpenFence | null = null;
  lines.forEach((line, index) => {
    if (index < frontmatter) {
      classified.push({ ...line, kind: 'frontmatter' });
    } else if (fence !== null) {
      const closing = closesFence(line.text, fence);
      if (closing) classified.push({ ...line, kind: fence.unwrapped ? 'unwrapped-fence' : 'code' });
      else classified.push({ ...line, kind: fence.unwrapped ? 'text' : 'code' });
      if (closing) fence = null;
    } else {
      fence = fenceOpened(line.text);
      classified.push({ ...line, kind: fence === null ? 'text' : fence.unwrapped ? 'unwrapped-fence' : 'code' });
    }
  });
  return classified;
}
