import { SourceEditor } from './source-editor.ts';
import { markdownLines } from './markdown-lines.ts';

/**
 * An opening container directive (remark-directive): three or more colons, a name, an optional
 * `[label]` and `{attributes}` (`:::tip[Did you know?]`, `::::caution{icon="x"}`).
 */
const OPENING = /^([ \t]*)(:{3,})([A-Za-z][\w-]*)(?:\[([^\]\n]*)\])?(?:\{[^}\n]*\})?[ \t]*\r?$/;
/** A closing fence: colons alone on their line. */
const CLOSING = /^[ \t]*:{3,}[ \t]*\r?$/;

/**
 * Blanks the markers of remark-directive containers (Starlight's asides `:::note` ... `:::`),
 * keeping a `[label]` as the text of its line so a custom title still reads as prose. Lines in
 * fenced code are left alone. The body between the markers is Markdown already and stays as is.
 */
export function blankDirectiveContainers(source: string): string {
  const editor = new SourceEditor(source);
  let changed = false;
  for (const line of markdownLines(source)) {
    if (line.inCode) continue;
    const opening = OPENING.exec(line.text);
    if (opening) {
      const label = (opening[4] ?? '').trim();
      editor.overwrite(line.start, line.end, label === '' ? '' : `${opening[1] ?? ''}${label}`);
      changed = true;
    } else if (CLOSING.test(line.text)) {
      editor.blank(line.start, line.end);
      changed = true;
    }
  }
  return changed ? editor.toString() : source;
}
