import { describe, expect, it } from 'vitest';
import { distillSectionOffline } from '../../../pipeline/distill/offline/index.ts';
import { sentenceProblems } from '../../../pipeline/text/sentence-check.ts';
import { makePage, makeSection } from './helpers.ts';

const page = makePage('guide/editor.md', { title: 'Editor', description: null });

function summary(source: string, format: 'md' | 'mdx' = 'md'): string {
  return distillSectionOffline({ ...makeSection(page, source), format }, page).summary;
}

describe('summaries made of whole sentences', () => {
  it('completes a lead-in from the short items of the list it introduces', () => {
    const text = summary(
      '## Formats\n\nQuillpad is an opinionated note editor with support for:\n\n- Markdown\n- Plain text\n- Rich tables\n- Mermaid diagrams\n- Math blocks\n- Front matter\n',
    );
    expect(text).toBe('Quillpad is an opinionated note editor with support for Markdown, plain text, rich tables, mermaid diagrams and 2 more.');
  });

  it('completes a lead-in that points ahead from a one-line code block, without the pointer words', () => {
    expect(summary('## Version\n\nYou can print the installed version as follows:\n\n```sh\nquill --version\n```\n')).toBe(
      'You can print the installed version: quill --version.',
    );
  });

  it('leaves out a lead-in that a long block follows, and keeps the sentences around it', () => {
    const text = summary(
      '## Signature\n\nThe render function turns a note into HTML. Its signature is:\n\n```ts\nfunction render(\n  note: Note,\n  options?: RenderOptions,\n): string\n```\n',
    );
    expect(text).toBe('The render function turns a note into HTML. This section shows an example in TypeScript.');
  });

  it('keeps a lead-in that is a whole sentence without its colon', () => {
    expect(summary('## Import\n\nThere are two ways to import notes into Quillpad:\n\n### From a file\n')).toBe(
      'There are two ways to import notes into Quillpad.',
    );
  });

  it('drops an opening connective, and a pronoun that points at a sentence the summary lacks', () => {
    expect(summary('## Sync\n\nThen, open the sync panel and choose a folder.\n')).toBe('Open the sync panel and choose a folder.');
    const text = summary('## Limits\n\n```ts\nconst limit = 10\n```\n\nThis means that large notes load slowly. Notes over 10 MB are split.\n');
    expect(text.startsWith('Notes over 10 MB are split.')).toBe(true);
  });

  it('completes a lead-in from a one-line command, never from one line of Markdown or HTML syntax', () => {
    expect(summary('## Install\n\nGet the editor with:\n\n```sh\nnpm i quillpad\n```\n')).toBe('Get the editor with npm i quillpad.');
    const syntax = summary('## Anchors\n\nQuillpad gives a heading its own anchor when you add a suffix:\n\n```md\n## Intro {#start}\n```\n');
    expect(syntax).not.toContain('{#start}');
    const untagged = summary('## Anchors\n\nQuillpad gives a heading its own anchor when you add a suffix:\n\n```\n## Intro {#start}\n```\n');
    expect(untagged).not.toContain('{#start}');
  });

  it('keeps a pointing sentence right after the sentence it continues', () => {
    expect(summary('## Autosave\n\nQuillpad saves every note on change. It never asks before saving.\n')).toBe(
      'Quillpad saves every note on change. It never asks before saving.',
    );
  });

  it('leaves out labels and fragments, and describes a section whose text makes no sentence', () => {
    expect(summary('## --wrap\n\nAdded in: v2.1.0.\n\nWrap long lines at the given column.\n')).toBe('Wrap long lines at the given column.');
    expect(summary('## --theme\n\nEditor colour theme.\n')).toBe('This section says: "Editor colour theme."');
    expect(summary('## Options\n')).toBe('The section "Options" of the page "Editor" is made up of the subsections that follow it.');
    expect(summary('### Limits\n')).toBe('The section "Limits" of the page "Editor" has no text of its own.');
  });

  it('describes structure in sentences: tables, option lists and code', () => {
    const table = summary('## Keys\n\n| Key | Action |\n|---|---|\n| `Ctrl+S` | Save |\n| `Ctrl+P` | Print |\n');
    expect(table).toBe('This section has a reference table of 2 keys: Ctrl+S and Ctrl+P. The columns are Key and Action.');
    const options = summary('## Flags\n\n- `--wrap`: wrap lines.\n- `--theme`: colour theme.\n- `--quiet`: no output.\n');
    expect(options).toBe('This section lists 3 options: --wrap, --theme and --quiet.');
    for (const text of [table, options]) expect(sentenceProblems(text)).toEqual([]);
  });
});
