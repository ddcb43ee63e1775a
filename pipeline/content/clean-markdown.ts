/**
 * A section's source as clean Markdown: what an agent or a Markdown reader should see of it, as
 * the site shows it rather than as its generator's syntax spells it.
 *
 * Removed: YAML/TOML/JSON frontmatter, MDX `import`/`export` blocks, `{expressions}`, HTML
 * comments, `<script>`/`<style>` blocks, and the tags of MDX elements, Vue components and raw
 * HTML (the text between an opening and a closing tag is kept; a few tags become the Markdown
 * that shows the same: links, images, emphasis, an element's title as a bold line; see
 * markup-tags.ts). A generator's block markers become plain Markdown: an admonition, container,
 * details or tab becomes a bold title line and its body, dedented; a GitHub alert's marker its
 * bold label (marker-lines.ts). Code blocks lose only their annotation comments and the fence's
 * meta (code-annotations.ts). Everything else is kept as written: the work is done on source
 * offsets from the parser, never by serialising a tree again, so code, tables and links stay as
 * the author wrote them. A fence the section leaves open is closed at its end, so the text joined
 * after it (the next section or page) is not read as code.
 */
import { cleanSpans } from './clean-markdown-spans.ts';
import { dedentNested, foldBlankLines, linesWithCuts, showLines } from './clean-markdown-lines.ts';
import { withFencesClosed } from '../text/fences.ts';

/**
 * What could change: frontmatter at the start, raw HTML or a tag, an alert or code annotation, a
 * fence with meta after its language; in MDX also an expression or an ESM line.
 */
const MAY_CHANGE: Readonly<Record<'md' | 'mdx', RegExp>> = {
  md: /^(?:---|\+\+\+|\{)|<|\[!|highlight-|^[ \t>]*(?:`{3,}|~{3,})[ \t]*[^\s{[:`~]*[\s{[:][^\n]*\S/m,
  mdx: /^(?:---|\+\+\+)|[<{]|^(?:import|export)\b|\[!|highlight-|^[ \t>]*(?:`{3,}|~{3,})[ \t]*[^\s{[:`~]*[\s{[:][^\n]*\S/m,
};

/**
 * The result without parsing, when the parse could change nothing but line ends and the ends of
 * the text: nothing that may be cut, no line of blanks only, no run of blank lines. Null otherwise.
 * Most sections of a `.md` site are such; the result is the one the full way gives.
 */
function withoutParse(source: string, format: 'md' | 'mdx'): string | null {
  if (MAY_CHANGE[format].test(source)) return null;
  const text = source.replace(/\r\n?/g, '\n').replace(/^\n+/, '');
  if (/^[^\S\n]+$/m.test(text) || text.includes('\n\n\n')) return null;
  const trimmed = text.trimEnd();
  return trimmed === '' ? '' : `${trimmed}\n`;
}

/**
 * The clean Markdown of a section's (or a page's) source (see the module comment). Lines left
 * empty by a removal go, the indentation a component or an HTML block gave its children goes,
 * runs of blank lines fold to one, line ends are LF, and the result ends with one newline (empty
 * when nothing is left).
 *
 * @param prepared the section's text as Markdown reads it (`section.markup ?? section.source`)
 * @param format the page's dialect; an MDX slice that is not MDX on its own is read as Markdown
 * @param original the section's source as written (`section.source`), the same length and lines
 *   as `prepared`: a generator's block markers are read from it; omitted: `prepared`
 */
export function cleanMarkdown(prepared: string, format: 'md' | 'mdx', original: string = prepared): string {
  if (original === prepared) {
    const plain = withoutParse(prepared, format);
    if (plain !== null) return withFencesClosed(plain);
  }
  const spans = cleanSpans(prepared, format);
  const originals = (original.length === prepared.length ? original : prepared).split('\n');
  const lines = showLines(linesWithCuts(prepared, spans), originals, prepared.split('\n'));
  dedentNested(lines);
  return withFencesClosed(foldBlankLines(lines));
}
