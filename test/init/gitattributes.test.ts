import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markDigestGenerated } from '../../pipeline/init/gitattributes.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

/** A git repository holding `files`. */
async function repository(files: Record<string, string> = {}): Promise<string> {
  const { dir } = await freshFolder(files);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

/** `linguist-generated` of a path as git reads the repository's attributes: `true`, `unset` or `unspecified`. */
function generatedAttribute(dir: string, file: string): string {
  const line = execFileSync('git', ['check-attr', 'linguist-generated', '--', file], { cwd: dir, encoding: 'utf8' }).trim();
  return line.slice(line.lastIndexOf(': ') + 2);
}

const gitattributes = (dir: string): Promise<string> => readFile(path.join(dir, '.gitattributes'), 'utf8');

describe('markDigestGenerated', () => {
  it('creates the .gitattributes when missing, and git then reads every digest file, deep or not, as generated', async () => {
    const dir = await repository();
    expect(await markDigestGenerated(dir, 'digest/**')).toBe('created');
    expect(await gitattributes(dir)).toBe('digest/** linguist-generated=true\n');
    expect(generatedAttribute(dir, 'digest/manifest.json')).toBe('true');
    expect(generatedAttribute(dir, 'digest/sections/settings/build/allowbuilds.json')).toBe('true');
    expect(generatedAttribute(dir, 'docs/intro.md')).toBe('unspecified');
  });

  it('adds the line after what the file holds, ending its last line first', async () => {
    const dir = await repository({ '.gitattributes': '* text=auto eol=lf' });
    expect(await markDigestGenerated(dir, 'site/digest/**')).toBe('added');
    expect(await gitattributes(dir)).toBe('* text=auto eol=lf\nsite/digest/** linguist-generated=true\n');
    expect(generatedAttribute(dir, 'site/digest/llms.txt')).toBe('true');
  });

  it('leaves a file that marks the glob already as it is, however the attribute is written', async () => {
    for (const text of ['digest/** linguist-generated=true\n', '# generated\n  digest/**\tlinguist-generated -diff\n']) {
      const dir = await repository({ '.gitattributes': text });
      expect(await markDigestGenerated(dir, 'digest/**')).toBe('present');
      expect(await gitattributes(dir)).toBe(text);
    }
  });

  it('adds the line when the glob is unset or another glob is marked: the later line wins', async () => {
    const text = 'digest/** -linguist-generated\ndocs/** linguist-generated=true\n';
    const dir = await repository({ '.gitattributes': text });
    expect(generatedAttribute(dir, 'digest/manifest.json')).toBe('unset');
    expect(await markDigestGenerated(dir, 'digest/**')).toBe('added');
    expect(await gitattributes(dir)).toBe(`${text}digest/** linguist-generated=true\n`);
    expect(generatedAttribute(dir, 'digest/manifest.json')).toBe('true');
  });
});
