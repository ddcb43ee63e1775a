/**
 * How Docusaurus reads a page: as MDX, `.md` files included (its `markdown.format` is `mdx` out of
 * the box), unless the page's frontmatter says `format: md` (CommonMark), or `format: detect`
 * (by the extension: `.mdx` is MDX, anything else CommonMark).
 */

/** The `format` field of a page's YAML frontmatter, read without parsing the rest. */
const FORMAT_FIELD = /^format[ \t]*:[ \t]*(['"]?)(md|mdx|detect)\1[ \t]*(?:#.*)?$/m;
const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

function byExtension(file: string): 'md' | 'mdx' {
  return file.toLowerCase().endsWith('.mdx') ? 'mdx' : 'md';
}

/** The dialect Docusaurus reads `file` in, given its text (frontmatter first). */
export function docusaurusFormat(file: string, source: string): 'md' | 'mdx' {
  const frontmatter = FRONTMATTER.exec(source)?.[1] ?? '';
  const format = FORMAT_FIELD.exec(frontmatter)?.[2];
  if (format === 'md') return 'md';
  if (format === 'detect') return byExtension(file);
  return 'mdx';
}
