import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFenceInfo, withoutCodeAnnotations } from '../../pipeline/content/code-annotations.ts';

describe('withoutCodeAnnotations', () => {
  it('removes Shiki notation comments in every comment style, and lines that held nothing else', () => {
    const code = [
      'const a = 1 // [!code ++]',
      'const b = 2 // [!code --]',
      '// [!code focus:2]',
      'x = 1  # [!code highlight]',
      '<p>Hi</p> <!-- [!code word:Hi] -->',
      'body { color: red; } /* [!code error] */',
      "SELECT 1; -- [!code warning]",
      '{/* [!code focus] */}',
      'plain()',
    ].join('\n');
    expect(withoutCodeAnnotations(code)).toBe(['const a = 1', 'const b = 2', 'x = 1', '<p>Hi</p>', 'body { color: red; }', 'SELECT 1;', 'plain()'].join('\n'));
  });

  it("removes Docusaurus's highlight comment lines in every comment style", () => {
    const code = ['// highlight-next-line', 'a()', '# highlight-start', 'b()', '<!-- highlight-end -->', '{/* highlight-next-line */}', 'c()', '  /* highlight-start */'].join('\n');
    expect(withoutCodeAnnotations(code)).toBe('a()\nb()\nc()');
  });

  it('shows an escaped notation as the notation, and leaves other comments and text alone', () => {
    expect(withoutCodeAnnotations("msg: 'x' // [!!code focus]")).toBe("msg: 'x' // [!code focus]");
    const untouched = ['// a [!code ++] in the middle is kept', 'const s = "[!code ++]" + x', '// highlight-next-line of text', '> [!NOTE]'].join('\n');
    expect(withoutCodeAnnotations(untouched)).toBe(untouched);
  });

  it('never changes code without annotations (property)', () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        fc.pre(!code.includes('[!') && !code.includes('highlight-'));
        expect(withoutCodeAnnotations(code)).toBe(code);
      }),
    );
  });
});

describe('readFenceInfo', () => {
  it('reads the language and the title or tab label, whatever meta follows', () => {
    expect(readFenceInfo('ts{4} [config.ts]')).toEqual({ language: 'ts', label: 'config.ts' });
    expect(readFenceInfo('sh [npm]')).toEqual({ language: 'sh', label: 'npm' });
    expect(readFenceInfo('js {1,4-6} title="/src/a.js" showLineNumbers')).toEqual({ language: 'js', label: '/src/a.js' });
    expect(readFenceInfo("py title='main.py' hl_lines=\"2 3\"")).toEqual({ language: 'py', label: 'main.py' });
    expect(readFenceInfo('ts:line-numbers {1}')).toEqual({ language: 'ts', label: null });
    expect(readFenceInfo('ts twoslash')).toEqual({ language: 'ts', label: null });
    expect(readFenceInfo('{ .sh .no-copy }')).toEqual({ language: 'sh', label: null });
    expect(readFenceInfo('title="Content tabs"')).toEqual({ language: '', label: 'Content tabs' });
    expect(readFenceInfo('')).toEqual({ language: '', label: null });
  });
});
