import { atxContentSpan, isSetextUnderline, trailingAttrs } from './attrs.ts';
import { SourceEditor, isBlankLine, sourceLines, type SourceLine } from '../source-editor.ts';

/**
 * VitePress's syntax that is not Markdown, rewritten as prose for the parser, in place (same
 * length, same line breaks). Outside fenced code and `<script>`/`<style>`/`<pre>` blocks:
 *
 * - `::: tip Title` / `::: details` / `::: code-group` ... `:::` containers (any name, since a
 *   site may register its own): the markers become blanks, a custom title stays as text;
 * - GitHub alerts `> [!NOTE] Title`: the `[!NOTE]` marker becomes blanks, a title stays;
 * - `{#id .class}` at the end of a heading: blanks, so the heading text is the one VitePress shows;
 * - emoji shortcodes (`:tada:`) in headings: blanks, since VitePress leaves emoji out of anchors;
 * - `[[toc]]` and `<<< @/snippets/file.js` lines (a generated table of contents and an imported
 *   code file, never prose): blanks.
 */

/** Leading blockquote markers and indentation of a line. */
const LINE_PREFIX = /^(?:[ \t]*>)*[ \t]*/;
const FENCE = /^(`{3,}|~{3,})(.*)$/;
const CONTAINER_CLOSE = /^:{3,}[ \t\r]*$/;
const CONTAINER_OPEN = /^:{3,}[ \t]*([\w-]+)(.*)$/;
/** Containers that have no title: their whole opening line is markup. */
const UNTITLED_CONTAINERS = new Set(['code-group', 'raw', 'v-pre']);
const ALERT_MARKER = /^\[![A-Za-z][\w-]*\]/;
const TOC = /^\[\[toc\]\][ \t\r]*$/i;
const SNIPPET_IMPORT = /^<<<[ \t]/;
/** HTML blocks whose body is never Markdown (CommonMark's first kind): they run to their closing tag. */
const RAW_HTML_OPEN = /^<(script|style|pre|textarea)(?=[\s>]|$)/i;
/** A shortcode the emoji plugin would turn into an emoji: `:name:` standing alone between blanks. */
const EMOJI_SHORTCODE = /(^|[ \t]):[a-z0-9_+-]+:(?=[ \t]|$)/g;

interface Fence {
  readonly char: string;
  readonly length: number;
}

/** A custom container title made safe to stand alone as a paragraph line (`1. Step` must not become a list). */
function titleAsText(title: string): string {
  return title.replace(/^([#>+*=|<-])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
}

/** Blanks the opening marker of a container, keeping its custom title (without `{attrs}`) as text. */
function rewriteContainerOpening(editor: SourceEditor, line: SourceLine, at: number, name: string, rest: string): void {
  let title = rest.trim();
  const attrs = trailingAttrs(title);
  if (attrs) title = title.slice(0, attrs.start).trim();
  if (UNTITLED_CONTAINERS.has(name) || title === '') editor.blank(at, line.end);
  else editor.overwrite(at, line.end, titleAsText(title));
}

/** Blanks a trailing `{attrs}` block and emoji shortcodes in one heading's text span. */
function cleanHeadingText(editor: SourceEditor, offset: number, text: string): void {
  const attrs = trailingAttrs(text.trimEnd());
  if (attrs) editor.blank(offset + attrs.start, offset + text.trimEnd().length);
  for (const match of text.matchAll(EMOJI_SHORTCODE)) {
    const start = offset + match.index + (match[1] ?? '').length;
    editor.blank(start, offset + match.index + match[0].length);
  }
}

/** True when a line could be the text of a setext heading (not blank, not another block's start). */
function couldBeSetextText(rest: string): boolean {
  return !isBlankLine(rest) && !/^(?:[-+*][ \t]|\d+[.)][ \t]|#|<|:{3,}|`{3,}|~{3,})/.test(rest);
}

/** How many lines the YAML frontmatter block at the top takes (0 when there is none). */
function frontmatterLineCount(lines: readonly SourceLine[]): number {
  if (lines[0]?.text.trimEnd() !== '---') return 0;
  const closing = lines.findIndex((line, index) => index > 0 && /^(?:---|\.\.\.)[ \t\r]*$/.test(line.text));
  return closing === -1 ? 0 : closing + 1;
}

/** `source` with VitePress's non-Markdown syntax blanked out (see above): same length, same line breaks. */
export function prepareVitepress(source: string): string {
  const editor = new SourceEditor(source);
  const lines = sourceLines(source);
  const bodyStart = frontmatterLineCount(lines);
  let fence: Fence | null = null;
  let rawHtmlClose: RegExp | null = null;
  lines.forEach((line, index) => {
    if (index < bodyStart) return;
    const prefix = LINE_PREFIX.exec(line.text)?.[0] ?? '';
    const rest = line.text.slice(prefix.length);
    const at = line.start + prefix.length;
    if (rawHtmlClose) {
      if (rawHtmlClose.test(line.text)) rawHtmlClose = null;
      return;
    }
    if (fence) {
      const closing = FENCE.exec(rest);
      if (closing && closing[1]?.startsWith(fence.char) && (closing[1]?.length ?? 0) >= fence.length && isBlankLine(closing[2] ?? '')) fence = null;
      return;
    }
    const opening = FENCE.exec(rest);
    if (opening && !(opening[1]?.startsWith('`') && opening[2]?.includes('`'))) {
      fence = { char: opening[1]?.charAt(0) ?? '`', length: opening[1]?.length ?? 3 };
      return;
    }
    const rawHtml = RAW_HTML_OPEN.exec(rest);
    if (rawHtml) {
      const close = new RegExp(`</${rawHtml[1]}\\s*>`, 'i');
      if (!close.test(rest)) rawHtmlClose = close;
      return;
    }
    if (CONTAINER_CLOSE.test(rest) || TOC.test(rest) || SNIPPET_IMPORT.test(rest)) {
      editor.blank(at, line.end);
      return;
    }
    const container = CONTAINER_OPEN.exec(rest);
    if (container) {
      rewriteContainerOpening(editor, line, at, container[1] ?? '', container[2] ?? '');
      return;
    }
    const alert = prefix.includes('>') ? ALERT_MARKER.exec(rest) : null;
    if (alert) editor.blank(at, at + alert[0].length);
    const heading = atxContentSpan(line.text);
    if (heading) {
      cleanHeadingText(editor, line.start + heading.start, line.text.slice(heading.start, heading.end));
      return;
    }
    const next = lines[index + 1];
    if (next && isSetextUnderline(next.text) && couldBeSetextText(rest)) cleanHeadingText(editor, at, rest.replace(/\r$/, ''));
  });
  return editor.toString();
}
