import { describe, expect, it } from 'vitest';
import { directivesAsProse } from '../../../pipeline/content/generators/directives.ts';
import { parseMarkdown } from '../../../pipeline/markdown/parse.ts';
import { plainText } from '../../../pipeline/content/plain-text.ts';

/** The prose a reader gets from a page after its directives are read: blank runs folded, per line. */
function prose(source: string, format: 'md' | 'mdx'): string {
  const prepared = directivesAsProse(source, format);
  expect(prepared).toHaveLength(source.length);
  expect([...prepared.matchAll(/\n/g)].map((match) => match.index)).toEqual([...source.matchAll(/\n/g)].map((match) => match.index));
  return plainText(parseMarkdown(prepared, format).children);
}

describe('directives read as remark-directive reads them', () => {
  it('keeps the label of a text directive and drops its attributes, in MDX too', () => {
    const source = 'Thanks to :a[our backers]{.backers href="/backers"} for it.\n';
    expect(prose(source, 'mdx')).toBe('Thanks to our backers for it.');
    expect(prose(source, 'md')).toBe('Thanks to our backers for it.');
  });

  it('reads a directive alone on a line that MDX would take for an expression', () => {
    const source = 'import X from "y";\n\n:span[Made with care:]{.made-by title="x"}\n\nMore.\n';
    expect(() => parseMarkdown(source, 'mdx')).toThrow();
    expect(prose(source, 'mdx')).toBe('Made with care:\nMore.');
  });

  it('blanks container fences with attributes and keeps their body', () => {
    const source = ':::panel{.wide}\n\nInside the panel.\n\n:::\n\nAfter.\n';
    expect(prose(source, 'mdx')).toBe('Inside the panel.\nAfter.');
  });

  it('keeps an aside title, nested containers and containers in a blockquote', () => {
    const source = '::::note[Outer title]\nOuter.\n:::tip\nInner.\n:::\n::::\n\n> :::caution[Careful]\n> Quoted.\n> :::\n';
    expect(prose(source, 'md')).toBe('Outer title\nOuter.\nInner.\nCareful\nQuoted.');
  });

  it('keeps the label of a leaf directive and drops one without a label', () => {
    expect(prose('::video[Watch the tour]{#tour}\n\n::video{#other}\n\nText.\n', 'md')).toBe('Watch the tour\nText.');
  });

  it('leaves text that only looks like a directive as written', () => {
    const source = 'Run it at 10:30, on host:port or with ::name alone.\n';
    expect(directivesAsProse(source, 'md')).toBe(source);
  });

  it('never makes a line break where the paragraph goes on after a directive', () => {
    const prepared = directivesAsProse('One :b[two]{.x}\nthree.\n', 'md');
    const paragraph = parseMarkdown(prepared, 'md').children[0];
    expect(paragraph?.type === 'paragraph' && paragraph.children.some((child) => child.type === 'break')).toBe(false);
    expect(prose('One :b[two]{.x}\nthree.\n', 'md')).toBe('One two\nthree.');
  });

  it('does not make a code block of a long directive name at the start of a paragraph', () => {
    const tree = parseMarkdown(directivesAsProse(':abbreviation[API]{title="x"} calls.\n', 'md'), 'md');
    expect(tree.children[0]?.type).toBe('paragraph');
  });

  it('never touches code', () => {
    const source = '```md\n:::note{.x}\n:a[b]{c}\n:::\n```\n\nUse `:a[b]{c}` inline.\n';
    expect(directivesAsProse(source, 'md')).toBe(source);
  });
});
