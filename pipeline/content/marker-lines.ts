/**
 * The lines of a page that are a generator's block markers rather than text, as clean Markdown
 * shows them: a bold title line, or nothing. Read from the page's original line, where the
 * generator's `prepare` has blanked or rewritten it (so only syntax its generator reads counts):
 *
 * - containers `:::tip[Title]`, `::: warning Title`, `:::note{attrs}` (Docusaurus, VitePress,
 *   remark-directive): the title, else the admonition's own name (`**Tip**`); `:::` closers and
 *   untitled non-admonition containers (`::: code-group`) go;
 * - MkDocs admonitions and details (`!!! note "Title"`, `??? tip`): the title, else the type
 *   (`**Note**`), none for an explicit `""`; content tabs (`=== "Tab"`): the label;
 * - Hugo shortcodes alone on a line (`{{< tab name="Linux" >}}`): a title-like parameter, else nothing;
 *
 * and, on any page, GitHub alerts (`> [!TIP]`): the alert's label in bold in its quote.
 */
import { withoutShortcodes } from './generators/mkdocs/inline.ts';
import { TAG } from './markup-tags.ts';

/** A marker line's rendering: its lines (none when it goes), and whether they stand as a title line apart from the text around. */
export interface MarkerRendering {
  readonly lines: readonly string[];
  readonly title: boolean;
}

/** Admonition names whose untitled container shows its name as the title. */
const ADMONITIONS = new Set(['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important', 'details', 'success', 'secondary']);

const CONTAINER_CLOSE = /^[ \t>]*:{3,}[ \t]*$/;
const CONTAINER_OPEN = /^[ \t>]*:{3,}[ \t]*([A-Za-z][\w-]*)(.*)$/;
/** `!!! type [classes] ["Title"]`, `???[+] type ...`. */
const MKDOCS_ADMONITION = /^[ \t]*(?:!!!|\?\?\?\+?)[ ]?([\p{L}\p{N}_-]+)(?: +[\p{L}\p{N}_-]+)*(?: +"(.*?)")?[ \t]*$/u;
const MKDOCS_TAB = /^[ \t]*===(?:\+!|!\+|\+|!)? +"(.*?)"[ \t]*$/;
const HUGO_SHORTCODE = /^[ \t]*\{\{[<%]\s*(\/?)([\w/-]+)([\s\S]*?)\s*[>%]\}\}[ \t]*$/;
const HUGO_TITLE = /\b(?:title|name|caption|summary|header|label)[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|`([^`\n]*)`)/;
const ALERT = /^((?:[ \t]*>)+[ \t]?)[ \t]*\[!([A-Za-z]+)\][ \t]*(.*)$/;

function capitalised(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}

/** A title in bold: tags in it (`<small>`) taken out, as the site shows it. */
function bold(text: string): string {
  const shown = text.replace(TAG, '').replace(/\s+/g, ' ').trim();
  return `**${shown.replace(/\*\*/g, '\\*\\*')}**`;
}

/** The title of a container opener's rest (after its name): a `[label]`, else the text before `{attrs}`. */
function containerTitle(rest: string): string {
  const label = /^\[(.*)\]/.exec(rest);
  if (label) return (label[1] ?? '').trim();
  return rest.replace(/\{[^{}]*\}[ \t]*$/, '').trim();
}

function leadingBlanks(text: string): string {
  return /^[ \t]*/.exec(text)?.[0] ?? '';
}

/**
 * What the title line starts with: the quote marks of a quoted marker; else the indentation the
 * prepared line kept before its title, and for a marker prepare blanked whole, the marker's own
 * indentation as far as the text below it has it too (prepare moves a container's indentation
 * away, so the body says where the marker stands).
 */
function leadOf(original: string, prepared: string, below: string): string {
  const quote = /^[ \t]*>[ \t>]*/.exec(original)?.[0];
  if (quote !== undefined) return `${quote.trimEnd()} `;
  if (prepared.trim() !== '') return leadingBlanks(prepared);
  const own = leadingBlanks(original);
  const next = leadingBlanks(below);
  return below.trim() !== '' && next.length < own.length ? next : own;
}

function titled(lead: string, title: string): MarkerRendering {
  if (title === '') return { lines: [], title: false };
  if (lead.includes('>')) return { lines: [`${lead}${bold(title)}`, lead.trimEnd()], title: false };
  return { lines: [`${lead}${bold(title)}`], title: true };
}

/** A block marker the generator rewrote (`original` as written, `prepared` as prepare left it); null when the line is no marker. */
function generatorMarker(original: string, lead: string): MarkerRendering | null {
  if (CONTAINER_CLOSE.test(original)) return { lines: [], title: false };
  const container = CONTAINER_OPEN.exec(original);
  if (container) {
    const name = container[1] ?? '';
    const title = containerTitle(container[2] ?? '');
    return titled(lead, title !== '' ? title : ADMONITIONS.has(name.toLowerCase()) ? capitalised(name) : '');
  }
  const admonition = MKDOCS_ADMONITION.exec(original);
  if (admonition) {
    const given = admonition[2];
    return titled(lead, given === undefined ? capitalised(admonition[1] ?? '') : withoutShortcodes(given));
  }
  const tab = MKDOCS_TAB.exec(original);
  if (tab) return titled(lead, withoutShortcodes(tab[1] ?? ''));
  const shortcode = HUGO_SHORTCODE.exec(original);
  if (shortcode) {
    const title = shortcode[1] === '/' ? null : HUGO_TITLE.exec(shortcode[3] ?? '');
    return titled(lead, title ? (title[1] ?? title[2] ?? title[3] ?? '').trim() : '');
  }
  return null;
}

/**
 * How clean Markdown shows a line outside code: null when as the prepared line reads (after the
 * spans are cut); else the lines that stand for it. `original` is the line as written,
 * `prepared` as its generator's prepare left it, `below` the next prepared line that is not blank.
 */
export function markerLine(original: string, prepared: string, below: string): MarkerRendering | null {
  const line = original.replace(/\r$/, '');
  const alert = ALERT.exec(line);
  if (alert) {
    const quote = (alert[1] ?? '>').trimEnd();
    const rest = (alert[3] ?? '').trim();
    return { lines: [`${quote} ${bold(rest === '' ? capitalised(alert[2] ?? '') : rest)}`, quote], title: false };
  }
  if (line === prepared.replace(/\r$/, '')) return null;
  return generatorMarker(line, leadOf(line, prepared, below));
}
