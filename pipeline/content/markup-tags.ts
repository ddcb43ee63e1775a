/**
 * What a tag of raw HTML, a Vue component or an MDX (JSX) element becomes in clean Markdown: most
 * become nothing (their text children stay where they are), a few become the Markdown that shows
 * the same thing (a link, an image, emphasis, a heading mark), and an opening tag that carries a
 * title or a label (`<TabItem label="npm">`, `<Card title="Setup">`, `<Step title="…">`) becomes
 * that title as a bold line, as the site shows it above the element's content.
 */

/** One tag as written: `<name attrs>`, `</name>`, `<name attrs />`. */
export interface Tag {
  readonly name: string;
  readonly closing: boolean;
  readonly selfClosing: boolean;
  /** Attributes with a quoted value; expressions (`{x}`) and bare names are left out. */
  readonly attributes: ReadonlyMap<string, string>;
}

/** A tag: `<` name, attributes (quoted, `{expressions}`, bare), `/>` or `>`. Vue's `:prop`, `@event`, `v-x` names included. */
export const TAG = /<(\/?)([A-Za-z][\w.:-]*)((?:\s+(?:[^\s"'{}<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|[^\s"'=<>`]+))?|\{[^{}]*\}))*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s"'{}<>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Reads one tag's text (`<TabItem value="npm" label="npm">`); null when it is not a tag. */
export function readTag(text: string): Tag | null {
  TAG.lastIndex = 0;
  const match = TAG.exec(text.trim());
  TAG.lastIndex = 0;
  if (!match || match.index !== 0) return null;
  const attributes = new Map<string, string>();
  for (const attribute of (match[3] ?? '').matchAll(ATTRIBUTE)) {
    const name = attribute[1];
    if (name !== undefined) attributes.set(name, attribute[2] ?? attribute[3] ?? '');
  }
  return { name: match[2] ?? '', closing: match[1] === '/', selfClosing: match[4] === '/', attributes };
}

/** Attributes whose value is the title a site shows above an element's content. */
const TITLE_ATTRIBUTES = ['title', 'label', 'heading', 'summary'] as const;

/** Elements whose whole content is program or page machinery, never text: dropped with their content. */
export const SILENT_ELEMENTS = new Set(['script', 'style', 'template', 'svg', 'noscript']);

function plainValue(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/** The title an opening tag carries (`label`, `title`...), '' when none. */
function tagTitle(tag: Tag): string {
  for (const name of TITLE_ATTRIBUTES) {
    const value = plainValue(tag.attributes.get(name));
    if (value !== '') return value;
  }
  return '';
}

/** Escapes what would end a link's text or emphasis early. */
function inlineText(text: string): string {
  return text.replace(/([[\]*_`\\])/g, '\\$1');
}

/** Markdown for an opening or closing tag that shows as inline formatting, else null. */
function inlineMarkdown(tag: Tag, openLinks: string[]): string | null {
  const name = tag.name.toLowerCase();
  switch (name) {
    case 'br':
      return ' ';
    case 'b':
    case 'strong':
      return '**';
    case 'i':
    case 'em':
      return '*';
    case 'code':
    case 'kbd':
      return '`';
    case 'a': {
      const href = tag.attributes.get('href');
      if (tag.closing) {
        const destination = openLinks.pop();
        return destination === undefined || destination === '' ? '' : `](${destination})`;
      }
      if (tag.selfClosing) return '';
      openLinks.push(href === undefined || href === '' ? '' : href.replace(/[\s()]/g, encodeURIComponent));
      return href === undefined || href === '' ? '' : '[';
    }
    case 'img': {
      const src = tag.attributes.get('src');
      return src === undefined || src === '' ? '' : `![${inlineText(plainValue(tag.attributes.get('alt')))}](${src.replace(/[\s()]/g, encodeURIComponent)})`;
    }
    case 'iframe': {
      const src = tag.attributes.get('src');
      if (tag.closing || src === undefined || src === '') return '';
      return `[${inlineText(plainValue(tag.attributes.get('title')) || src)}](${src.replace(/[\s()]/g, encodeURIComponent)})`;
    }
    default:
      return null;
  }
}

/** How a tag reads in clean Markdown. */
export interface TagRendering {
  /** What replaces the tag in its line ('' when it just goes). */
  readonly text: string;
  /** The tag's text is a title line of its own (a bold line set apart by blank lines). */
  readonly titleLine: boolean;
}

/**
 * What a tag becomes: inline HTML formatting as Markdown (`<a href>` as a link, `<img>` as an
 * image, `<b>`, `<em>`, `<code>`, `<br>`), a heading tag as its `#` marks, a `<summary>` as bold,
 * a void component's visible `text` (VitePress `<Badge text="beta" />`) in emphasis, an opening
 * tag with a title (`label`, `title`...) as that title in bold on a line of its own (`flow`:
 * the tag stands alone on its lines), and any other tag as nothing.
 *
 * @param openLinks the destinations of the `<a>` tags opened and not yet closed, in order (shared by the tags of one text)
 */
export function renderTag(tag: Tag, flow: boolean, openLinks: string[]): TagRendering {
  const inline = inlineMarkdown(tag, openLinks);
  if (inline !== null) return { text: inline, titleLine: false };
  const name = tag.name.toLowerCase();
  const heading = /^h([1-6])$/.exec(name);
  if (heading) return { text: tag.closing ? '' : `${'#'.repeat(Number(heading[1]))} `, titleLine: false };
  if (name === 'summary') return { text: tag.closing ? '**\n\n' : '**', titleLine: false };
  if (tag.closing) return { text: '', titleLine: false };
  const shown = plainValue(tag.attributes.get('text'));
  if (tag.selfClosing && shown !== '') return { text: `*${inlineText(shown)}*`, titleLine: false };
  const title = tagTitle(tag);
  if (title === '') return { text: '', titleLine: false };
  const href = tag.attributes.get('href');
  const bold = href === undefined || href === '' ? `**${inlineText(title)}**` : `**[${inlineText(title)}](${href.replace(/[\s()]/g, encodeURIComponent)})**`;
  return flow ? { text: bold, titleLine: true } : { text: '', titleLine: false };
}
