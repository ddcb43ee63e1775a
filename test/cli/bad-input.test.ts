import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAsk } from '../support/cli.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const GOOD = {
  'content/guide.md': '---\ntitle: Guide\n---\n\n# Guide\n\nThe lamp turns on with `lamp on`.\n\n## Dim\n\nRun `lamp dim 40`.\n',
};

const freshFolder = tempFoldersPerTest();

/** Every file below `dir` with its bytes, by relative path: to tell that nothing was written. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = (await readFile(file)).toString('base64');
  }
  return files;
}

/** A project with a built digest in `digest/`, and its snapshot. */
async function builtProject(): Promise<{ cwd: string; before: Record<string, string> }> {
  const { dir: cwd } = await freshFolder(GOOD);
  const built = await runAsk(['digest', 'build', '--content', 'content', '--provider', 'offline', '--generator', 'plain'], cwd);
  expect(built.code).toBe(0);
  return { cwd, before: await snapshot(path.join(cwd, 'digest')) };
}

/**
 * Builds `content` into the existing digest and into a fresh folder: one line, exit 1, neither
 * written. The generator is named, so that the line saying which one was detected is not printed.
 */
async function expectRefused(cwd: string, before: Record<string, string>, content: string, generator = 'plain'): Promise<string> {
  const result = await runAsk(['digest', 'build', '--content', content, '--provider', 'offline', '--generator', generator], cwd);
  expect(result.code).toBe(1);
  expect(result.out).toEqual([]);
  expect(result.err).toHaveLength(1);
  expect(await snapshot(path.join(cwd, 'digest'))).toEqual(before);
  const fresh = await runAsk(['digest', 'build', '--content', content, '--out', 'fresh/digest', '--provider', 'offline', '--generator', generator], cwd);
  expect(fresh.err).toEqual(result.err);
  expect(existsSync(path.join(cwd, 'fresh/digest'))).toBe(false);
  return result.err[0] ?? '';
}

describe('ask digest build: bad input is one line, exit 1, nothing written', () => {
  it('an empty content folder says where it looked and under which generator', async () => {
    const { cwd, before } = await builtProject();
    await mkdir(path.join(cwd, 'empty'));
    const line = await expectRefused(cwd, before, 'empty');
    expect(line).toBe(`ask: ${path.join(cwd, 'empty')}: no page found: no .md or .mdx file in it or below, read as a plain site; pass --content the folder of your pages`);
  });

  it('a folder of partials only has no page either', async () => {
    const { cwd, before } = await builtProject();
    await mkdir(path.join(cwd, 'partials'));
    await writeFile(path.join(cwd, 'partials/_shared.md'), 'Shared text.\n');
    expect(await expectRefused(cwd, before, 'partials', 'docusaurus')).toMatch(/: no page found: 1 \.md\/\.mdx file, none a page a docusaurus site publishes/);
  });

  it('a file that is not UTF-8 is named with the byte offset where it stops being UTF-8', async () => {
    const { cwd, before } = await builtProject();
    const bytes = Buffer.concat([Buffer.from('# Café\n\nNaïve text, then '), Buffer.from([0xe9, 0x74, 0xe9]), Buffer.from('.\n')]);
    await writeFile(path.join(cwd, 'content/latin1.md'), bytes);
    const offset = Buffer.from('# Café\n\nNaïve text, then ').length;
    expect(await expectRefused(cwd, before, 'content')).toBe(`ask: latin1.md: is not valid UTF-8 (byte offset ${offset}); save it as UTF-8`);
  });

  it('unclosed frontmatter is named with its file and the line of the opening fence', async () => {
    const { cwd, before } = await builtProject();
    await writeFile(path.join(cwd, 'content/open.md'), '---\ntitle: Never closed\n\n# Open\n\nText.\n');
    expect(await expectRefused(cwd, before, 'content')).toBe("ask: open.md: frontmatter opened with '---' on line 1 is never closed; end it with a '---' line after its fields");
  });

  it('a file past the size limit is named with its size, before it is read', async () => {
    const { cwd, before } = await builtProject();
    const { MAX_CONTENT_FILE_BYTES } = await import('../../pipeline/content/inside-folder.ts');
    await writeFile(path.join(cwd, 'content/huge.md'), `# Huge\n\n${'word '.repeat(MAX_CONTENT_FILE_BYTES / 5 + 1000)}\n`);
    expect(await expectRefused(cwd, before, 'content')).toBe('ask: huge.md: is 8.0 MiB, over the 8 MiB a content file may hold; split it or exclude it (--exclude)');
  });

  it('--content naming a file says it is a file, not a folder', async () => {
    const { cwd, before } = await builtProject();
    expect(await expectRefused(cwd, before, 'content/guide.md')).toBe("ask: --content 'content/guide.md' is a file, not a folder; pass --content DIR with your Markdown pages");
  });
});
