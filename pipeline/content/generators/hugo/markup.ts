import { HEADING_ATTRIBUTES } from './ids.ts';
import { ATX_HEADING, markdownLines } from '../markdown-lines.ts';
import { SourceEditor } from '../source-editor.ts';

/** A shortcode marker: `{{< name params >}}`, `{{% name %}}`, `{{< /name >}}`, over lines too. */
const SHORTCODE = /\{\{(<|%)([\s\S]*?)(?:>|%)\}\}/g;
/** Parameters whose value a reader sees as a title (`{{< tab name="Linux" >}}`, `{{< details summary="More" >}}`). */
const TITLE_PARAMETER = /\b(?:title|name|caption|summary|header|label)[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|`([^`\n]*)`)/;

/** The title-like parameter of a shortcode's inside, if any. */
function titleOf(inside: string): string | null {
  const match = TITLE_PARAMETER.exec(inside);
  const value = match ? (match[1] ?? match[2] ?? match[3] ?? '').trim() : '';
  return value === '' ? null : value;
}

/**
 * Blanks Hugo's shortcode markers everywhere (Hugo expands them before Markdown, code blocks
 * included), keeping the inner text and a title-like parameter's value where it fits on the
 * marker's first line. An escaped shortcode (its inside wrapped in a C comment) shows on the site
 * as the plain marker, so only its comment marks go.
 */
function blankShortcodes(editor: SourceEditor, source: string): void {
  for (const match of source.matchAll(SHORTCODE)) {
    const start = match.index;
    const end = start + match[0].length;
    const inside = match[2] ?? '';
    if (/^\s*\/\*/.test(inside) && /\*\/\s*$/.test(inside)) {
      const open = source.indexOf('/*', start);
      const close = source.lastIndexOf('*/', end);
      editor.blank(open, open + 2);
      editor.blank(close, close + 2);
      continue;
    }
    editor.blank(start, end);
    const title = inside.trimStart().startsWith('/') ? null : titleOf(inside);
    const lineEnd = source.indexOf('\n', start);
    const firstLineEnd = Math.min(end, lineEnd === -1 ? source.length : lineEnd);
    if (title !== null && title.length <= firstLineEnd - start) editor.overwrite(start, start + title.length, title);
  }
}

/** Blanks the Goldmark attribute list (`{#id .class}`) that ends a heading line, outside code. */
function blankHeadingAttributes(editor: SourceEditor, source: string): void {
  for (const line of markdownLines(source)) {
    if (line.inCode || !ATX_HEADING.test(line.text)) continue;
    const text = line.text.replace(/\r$/, '');
    const match = HEADING_ATTRIBUTES.exec(text.replace(/[ \t]+#+[ \t]*$/, ''));
    if (match) editor.blank(line.start + match.index, line.start + text.length);
  }
}

/** Hugo's non-Markdown syntax made prose: shortcode markers and heading attribute lists blanked. */
export function prepareHugo(source: string): string {
  if (!source.includes('{')) return source;
  const editor = new SourceEditor(source);
  blankShortcodes(editor, source);
  blankHeadingAttributes(editor, source);
  return editor.toString();
}
