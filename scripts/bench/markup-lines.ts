/**
 * The lines of a Markdown text that show markup a reader of clean Markdown should never see: an
 * HTML, Vue or JSX tag (`<Tag`, `</Tag>`), a generator's block marker (`:::`, `!!!`, `???`,
 * `===` at the start of a line), a GitHub alert marker (`[!TIP]`), a code annotation
 * (`[!code ++]`, `// highlight-next-line`). Code is left out, read as CommonMark reads it: a
 * fence closes only with the same character, at least as many, nothing after, indented at most
 * three columns more than its opening (so a fence shown inside a longer fence is code); inline
 * code spans too. An escaped `\<` and an autolink (`<https://…>`) are text.
 */

const FENCE = /^([ \t>]*)(`{3,}|~{3,})(.*)$/;
/** A tag's start: `<` or `</` and a name, then a blank, `/`, `>` or the line's end (so `<https:` is no tag). */
const TAG = /(?<!\\)<\/?[A-Za-z][\w.-]*(?=[\s/>]|$)/;
const MARKER = /^[ \t>]*(?::{3,}|!!! ?[\w-]|\?{3}\+? ?[\w-]|===[+!]* +")|\[![A-Za-z]+\]|\[!code |\/\/ highlight-(?:next-line|start|end)/;
const CODE_SPAN = /(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g;

interface OpenFence {
  readonly char: string;
  readonly length: number;
  readonly indent: number;
}

/** The lines (1-based number and text) of `markdown` outside code that hold markup. */
export function markupLines(markdown: string): { readonly line: number; readonly text: string }[] {
  const found: { line: number; text: string }[] = [];
  let fence: OpenFence | null = null;
  markdown.split('\n').forEach((text, index) => {
    const match = FENCE.exec(text);
    const marks = match?.[2];
    const indent = match?.[1]?.length ?? 0;
    if (fence !== null) {
      const closes = marks !== undefined && marks[0] === fence.char && marks.length >= fence.length && (match?.[3] ?? '').trim() === '' && indent <= fence.indent + 3;
      if (closes) fence = null;
      return;
    }
    if (marks !== undefined && !(marks.startsWith('`') && (match?.[3] ?? '').includes('`'))) {
      fence = { char: marks.charAt(0), length: marks.length, indent };
      return;
    }
    const prose = text.replace(CODE_SPAN, '');
    if (TAG.test(prose) || MARKER.test(prose)) found.push({ line: index + 1, text });
  });
  return found;
}
