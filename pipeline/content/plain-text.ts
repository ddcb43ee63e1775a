import type { Nodes } from 'mdast';
import { withoutCodeAnnotations } from './code-annotations.ts';

/** Nodes whose content never reaches a reader as text: frontmatter, MDX imports/exports and expressions, HTML comments. */
const SILENT_TYPES = new Set(['yaml', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'definition']);

/** Block nodes: their text is separated from what follows by a line break, so words never run together. */
const BLOCK_TYPES = new Set([
  'paragraph', 'heading', 'code', 'blockquote', 'list', 'listItem', 'table', 'thematicBreak', 'html', 'footnoteDefinition',
  'mdxJsxFlowElement',
]);

/** Attributes of MDX elements whose value a reader sees as text (`<Card title>`, `<TabItem label>`, `<LinkCard description>`). */
const TEXT_ATTRIBUTES = new Set(['title', 'label', 'description', 'heading', 'caption', 'summary', 'alt']);

/** A GitHub alert's marker (`> [!TIP]`), at the start of its quote: shown as a label, never as text. */
const GITHUB_ALERT = /^\s*\[![A-Za-z]+\][ \t]*\n?/;

/** Raw HTML as text: comments, `<script>` and `<style>` bodies and tags dropped. */
function stripTags(html: string): string {
  return html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
    .replace(/<[^>]*>/g, ' ');
}

/** The values of an MDX element's text-bearing attributes (plain strings only, never expressions). */
function attributeText(node: Nodes): string[] {
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return [];
  const texts: string[] = [];
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && TEXT_ATTRIBUTES.has(attribute.name) && typeof attribute.value === 'string' && attribute.value.trim() !== '') {
      texts.push(attribute.value.trim());
    }
  }
  return texts;
}

/** The text of some nodes, trimmed (a table cell's). */
function textOf(nodes: readonly Nodes[]): string {
  const out: string[] = [];
  for (const node of nodes) collect(node, out);
  return out.join('').trim();
}

function collect(node: Nodes, out: string[]): void {
  if (SILENT_TYPES.has(node.type)) return;
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      out.push(node.value);
      break;
    case 'code':
      out.push(withoutCodeAnnotations(node.value));
      break;
    case 'blockquote': {
      const quoted: string[] = [];
      for (const child of node.children as Nodes[]) collect(child, quoted);
      out.push(quoted.join('').replace(GITHUB_ALERT, ''));
      break;
    }
    case 'html':
      out.push(stripTags(node.value));
      break;
    case 'image':
      out.push(node.alt ?? '');
      break;
    case 'break':
      out.push('\n');
      break;
    case 'table':
      // never a Markdown table's pipes in text a reader sees: a row a line, its cells apart by a
      // middle dot (empty ones left out), rows apart by a semicolon where the row ends in none,
      // so a snippet that runs rows together still reads ("? · Help menu; K · Search")
      out.push(
        node.children
          .map((row) => row.children.map((cell) => textOf(cell.children)).filter((cell) => cell !== '').join(' · '))
          .filter((row) => row !== '')
          .map((row, at, rows) => (at < rows.length - 1 && !/[.;:!?]$/.test(row) ? `${row};` : row))
          .join('\n'),
      );
      break;
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      for (const text of attributeText(node)) out.push(text, node.type === 'mdxJsxFlowElement' ? '\n' : ' ');
      for (const child of node.children as Nodes[]) collect(child, out);
      break;
    default:
      if ('children' in node) for (const child of node.children as Nodes[]) collect(child, out);
  }
  if (BLOCK_TYPES.has(node.type)) out.push('\n');
}

/**
 * The plain text a reader sees in a list of mdast nodes: text and code values, link and
 * emphasis text, JSX elements' text children and text attributes (titles, labels,
 * descriptions); never frontmatter, MDX imports or expressions, `<script>` or `<style>` bodies,
 * GitHub alert markers (`[!TIP]`) or code annotations (`// [!code ++]`, `// highlight-next-line`).
 * Blocks end with a line break (a table row is one line, its cells joined by ` · `, rows apart by
 * `;`); runs of blank space are folded.
 */
export function plainText(nodes: readonly Nodes[]): string {
  const out: string[] = [];
  for (const node of nodes) collect(node, out);
  return out
    .join('')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}
