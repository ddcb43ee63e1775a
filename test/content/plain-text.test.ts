import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../pipeline/markdown/parse.ts';
import { plainText } from '../../pipeline/content/plain-text.ts';
import { flatText, snippetOf } from '../../pipeline/search/snippet.ts';
import { snippetTerms } from '../../pipeline/search/snippet-terms.ts';

const text = (source: string, format: 'md' | 'mdx' = 'md'): string => plainText(parseMarkdown(source, format).children);

describe('plainText of a table', () => {
  const table = '| Field | Meaning |\n|---|---|\n| `provider_id` | The provider\'s **ID** |\n| `authenticated` | |\n';

  it('gives a row a line, its cells apart by a middle dot, empty cells left out, rows apart by a semicolon: no pipe of the table syntax', () => {
    expect(text(table)).toBe("Field · Meaning;\nprovider_id · The provider's ID;\nauthenticated");
    expect(text(table, 'mdx')).toBe("Field · Meaning;\nprovider_id · The provider's ID;\nauthenticated");
    // a row that ends a sentence takes no semicolon
    expect(text('| A | B |\n|---|---|\n| one | Done. |\n| two | Also |\n')).toBe('A · B;\none · Done.\ntwo · Also');
  });

  it('keeps a pipe the docs wrote inside a cell (escaped in the source)', () => {
    expect(text('| Flag | Values |\n|---|---|\n| `--mode` | `a \\| b` |\n')).toBe('Flag · Values;\n--mode · a | b');
  });

  it('makes snippets that read as text: a long table row has no cell syntax around it', () => {
    const long = `${'Intro words come first here. '.repeat(6)}\n\n${table}`;
    const snippet = snippetOf(flatText(text(long)), snippetTerms(new Set(['provider_id'])), false);
    expect(snippet).toContain("provider_id · The provider's ID");
    expect(snippet).not.toMatch(/\|/);
  });
});
