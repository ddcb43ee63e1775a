/**
 * A line-by-line reading of a Docusaurus page, enough to know where its non-Markdown syntax may
 * stand: the frontmatter, fenced code (whose content is never touched), and the
 * ```` ```mdx-code-block ```` fences that Docusaurus unwraps before compiling, so their content is
 * MDX like the rest of the page and only the two fence lines are markup.
 */
import { closesFence, fenceOpened, type Fence } from '../../../text/fences.ts';
import { sourceLines, type SourceLine } from '../source-editor.ts';

type LineKind = 'frontmatter' | 'code' | 'unwrapped-fence' | 'text';

export interface ClassifiedLine extends SourceLine {
  readonly kind: LineKind;
}

/** True for the ```` ```mdx-code-block ```` fence, whose content Docusaurus compiles as MDX. */
function unwraps(fence: Fence): boolean {
  return fence.info.split(/\s/)[0] === 'mdx-code-block';
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
  let fence: Fence | null = null;
  lines.forEach((line, index) => {
    if (index < frontmatter) {
      classified.push({ ...line, kind: 'frontmatter' });
    } else if (fence !== null) {
      const closing = closesFence(line.text, fence);
      if (closing) classified.push({ ...line, kind: unwraps(fence) ? 'unwrapped-fence' : 'code' });
      else classified.push({ ...line, kind: unwraps(fence) ? 'text' : 'code' });
      if (closing) fence = null;
    } else {
      fence = fenceOpened(line.text);
      classified.push({ ...line, kind: fence === null ? 'text' : unwraps(fence) ? 'unwrapped-fence' : 'code' });
    }
  });
  return classified;
}
