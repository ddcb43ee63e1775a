import { parseInline } from './markdown-inline.ts';
import { el, type LinkTarget, type MdElement, type MdNode } from './markdown-tree.ts';

/**
 * Answer Markdown (CommonMark's common part and GFM tables) as a tree (markdown-tree.ts): ATX
 * and setext headings, paragraphs, fenced code, thematic breaks, block quotes, bullet and ordered
 * lists (nested, tight or loose) and pipe tables; the inline part is markdown-inline.ts. Raw HTML
 * is text, images are their alt text, and a link is a link only where `link` gives it a target
 * (the answer's sources). Called again with the whole text as the answer streams in; a fence
 * not closed yet runs to the end.
 */

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const HR = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+|$)/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const DELIMITER_ROW = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

const blank = (line: string): boolean => line.trim() === '';
const indentOf = (line: string): number => line.length - line.trimStart().length;

/** Whether `line` starts a block that ends a paragraph (a list only with a bullet or `1.`). */
function interrupts(line: string): boolean {
  const item = ITEM.exec(line);
  const listStart = item !== null && item[3] !== '' && (!/\d/.test(item[2] ?? '') || /^1\D/.test(item[2] ?? ''));
  return listStart || FENCE.test(line) || ATX.test(line) || HR.test(line) || QUOTE.test(line);
}

/** A table row's cells: split at `|` not escaped, the outer pipes dropped. */
function cells(row: string): string[] {
  const trimmed = row.trim().replace(/^\|/, '').replace(/(^|[^\\])\|$/, '$1');
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim());
}

/** Tight list items show their paragraphs' text without the paragraph. */
function unwrap(nodes: readonly MdNode[]): MdNode[] {
  return nodes.flatMap((node) => (typeof node !== 'string' && node.tag === 'p' ? node.children : [node]));
}

class BlockParser {
  private index = 0;
  readonly out: MdNode[] = [];

  constructor(
    private readonly lines: readonly string[],
    private readonly link: LinkTarget,
  ) {
    while (this.index < lines.length) this.block(lines[this.index] ?? '');
  }

  private inline(text: string): MdNode[] {
    return parseInline(text, this.link);
  }

  private get next(): string | undefined {
    return this.lines[this.index];
  }

  private block(line: string): void {
    const { lines } = this;
    let match: RegExpExecArray | null;
    if (blank(line)) this.index += 1;
    else if ((match = FENCE.exec(line)) !== null && !(match[2]?.startsWith('`') && match[3]?.includes('`'))) {
      const indent = match[1]?.length ?? 0;
      const fence = match[2] ?? '```';
      const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
      const body: string[] = [];
      for (this.index += 1; this.next !== undefined && !closing.test(this.next); this.index += 1) body.push(this.next.replace(new RegExp(`^ {0,${indent}}`), ''));
      this.index += 1;
      this.out.push(el('pre', [el('code', body.length > 0 ? [`${body.join('\n')}\n`] : [])]));
    } else if ((match = ATX.exec(line)) !== null) {
      this.out.push(el(`h${match[1]?.length ?? 1}` as MdElement['tag'], this.inline(match[2] ?? '')));
      this.index += 1;
    } else if (HR.test(line)) {
      this.out.push(el('hr'));
      this.index += 1;
    } else if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (this.next !== undefined && (QUOTE.test(this.next) || (!blank(this.next) && !interrupts(this.next) && !blank(inner.at(-1) ?? '')))) {
        inner.push(this.next.replace(QUOTE, ''));
        this.index += 1;
      }
      this.out.push(el('blockquote', new BlockParser(inner, this.link).out));
    } else if (ITEM.test(line)) this.list();
    else if (line.includes('|') && DELIMITER_ROW.test(lines[this.index + 1] ?? '') && cells(line).length === cells(lines[this.index + 1] ?? '').length) this.table(line);
    else this.paragraph(line);
  }

  private paragraph(first: string): void {
    const text = [first.trimStart()];
    for (this.index += 1; this.next !== undefined && !blank(this.next); this.index += 1) {
      const setext = SETEXT.exec(this.next);
      if (setext !== null) {
        this.index += 1;
        this.out.push(el(setext[1]?.startsWith('=') ? 'h1' : 'h2', this.inline(text.join('\n'))));
        return;
      }
      if (interrupts(this.next)) break;
      text.push(this.next.trimStart());
    }
    this.out.push(el('p', this.inline(text.join('\n').trimEnd())));
  }

  private table(header: string): void {
    const width = cells(header).length;
    const row = (line: string, tag: 'th' | 'td') => el('tr', Array.from({ length: width }, (_, column) => el(tag, this.inline(cells(line)[column] ?? ''))));
    const rows = [];
    for (this.index += 2; this.next !== undefined && !blank(this.next) && !interrupts(this.next); this.index += 1) rows.push(row(this.next, 'td'));
    this.out.push(el('table', [el('thead', [row(header, 'th')]), ...(rows.length > 0 ? [el('tbody', rows)] : [])]));
  }

  private list(): void {
    const first = ITEM.exec(this.next ?? '');
    const kind = (first?.[2] ?? '-').slice(-1);
    const ordered = /\d/.test(first?.[2] ?? '');
    const items: string[][] = [];
    let loose = false;
    let match: RegExpExecArray | null;
    while (this.next !== undefined && (match = ITEM.exec(this.next)) !== null && (match[2] ?? '').slice(-1) === kind) {
      const marker = (match[1]?.length ?? 0) + (match[2]?.length ?? 0);
      const spaces = match[3]?.length ?? 0;
      const indent = spaces === 0 || spaces > 4 ? marker + 1 : marker + spaces;
      const body = [this.next.slice(Math.min(indent, match[0].length))];
      let blanks = 0;
      for (this.index += 1; this.next !== undefined; this.index += 1) {
        const line = this.next;
        if (blank(line)) blanks += 1;
        else if (indentOf(line) >= indent) {
          // a blank line between two blocks of the item itself (not of a list nested deeper)
          loose ||= blanks > 0 && indentOf(line) === indent;
          blanks = 0;
        } else if (blanks > 0 || ITEM.test(line) || interrupts(line)) break;
        body.push(blank(line) ? '' : indentOf(line) >= indent ? line.slice(indent) : line.trimStart());
      }
      while (body.length > 0 && blank(body.at(-1) ?? '')) body.pop();
      items.push(body);
      if (blanks > 0 && this.next !== undefined && ITEM.exec(this.next)?.[2]?.slice(-1) === kind) loose = true;
    }
    const children = items.map((body) => {
      const blocks = new BlockParser(body, this.link).out;
      return el('li', loose ? blocks : unwrap(blocks));
    });
    const start = ordered ? parseInt(first?.[2] ?? '1', 10) : 1;
    this.out.push({ tag: ordered ? 'ol' : 'ul', children, ...(start !== 1 ? { start } : {}) });
  }
}

/** The tree of answer Markdown; `link` decides which links stay links and where they point. */
export function parseMarkdown(markdown: string, link: LinkTarget): MdNode[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n').map((line) => line.replace(/^[ \t]+/, (lead) => lead.replace(/\t/g, '    ')));
  return new BlockParser(lines, link).out;
}
