/**
 * Issue 23, item 1: a docs change that adds a symbolic link out of the content folder
 * (`env.txt -> <a secret file>`) and includes it, or makes a page itself such a link, is a build
 * error naming the file; the secret is never read into the digest. Links inside the folder read.
 */
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentErrors, loadContent } from '../../pipeline/content/index.ts';
import type { GeneratorName } from '../../pipeline/content/generators/index.ts';
import { runAsk } from '../support/cli.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const SECRET = 'BUILD_MACHINE_KEY=not-for-publishing-7f3a';
const freshFolder = tempFoldersPerTest();

/** A project with a secret file beside (not inside) the content folder, and `links` planted in it. */
async function projectWithLinks(files: Record<string, string>, links: Record<string, string>): Promise<string> {
  const { dir } = await freshFolder({ 'outside/secret.txt': `${SECRET}\n`, 'outside/secret.md': `# Secret\n\n${SECRET}\n`, ...files });
  for (const [link, target] of Object.entries(links)) {
    await mkdir(path.dirname(path.join(dir, link)), { recursive: true });
    await symlink(path.join(dir, target), path.join(dir, link));
  }
  return dir;
}

async function loadError(dir: string, generator: GeneratorName): Promise<string> {
  try {
    const loaded = await loadContent({ contentDir: path.join(dir, 'docs'), siteUrl: '', generator });
    return `loaded without error: ${JSON.stringify(loaded.sections.map((section) => section.text))}`;
  } catch (error) {
    expect(error).toBeInstanceOf(ContentErrors);
    return (error as Error).message;
  }
}

describe('includes and pages never leave the content folder', () => {
  const cases: { generator: GeneratorName; page: string; text: string }[] = [
    { generator: 'vitepress', page: 'docs/guide.md', text: '# Guide\n\n## Setup\n\n<!--@include: ./env.txt-->\n' },
    { generator: 'mkdocs', page: 'docs/guide.md', text: '# Guide\n\n## Setup\n\n--8<-- "env.txt"\n' },
    { generator: 'starlight', page: 'docs/guide.mdx', text: "import Env from './env.md';\n\n# Guide\n\n## Setup\n\n<Env />\n" },
  ];
  for (const { generator, page, text } of cases) {
    it(`${generator}: an include that is a link out of the folder is an error naming it, the secret unread`, async () => {
      const target = generator === 'starlight' ? 'outside/secret.md' : 'outside/secret.txt';
      const linkName = generator === 'starlight' ? 'docs/env.md' : 'docs/env.txt';
      const dir = await projectWithLinks({ [page]: text }, { [linkName]: target });
      const message = await loadError(dir, generator);
      expect(message).not.toContain(SECRET);
      expect(message).toMatch(/^env\.mdx?: is a symbolic link to a file outside the content folder|^env\.txt: is a symbolic link to a file outside the content folder/m);
      expect(message).toContain(`included by ${path.basename(page)}`);
    });
  }

  it('a page that is itself a link out of the folder is an error naming it', async () => {
    const dir = await projectWithLinks({ 'docs/index.md': '# Home\n\n## Start\n\nWelcome.\n' }, { 'docs/leak.md': 'outside/secret.md' });
    const message = await loadError(dir, 'plain');
    expect(message).toBe('leak.md: is a symbolic link to a file outside the content folder; it is not read: replace the link with the file itself');
  });

  it('a link that stays inside the folder is read like the file it names', async () => {
    const dir = await projectWithLinks(
      { 'docs/guide.md': '# Guide\n\n## Setup\n\n<!--@include: ./shared/link.md-->\n', 'docs/parts/steps.md': 'Run the installer twice.\n' },
      { 'docs/shared/link.md': 'docs/parts/steps.md' },
    );
    const loaded = await loadContent({ contentDir: path.join(dir, 'docs'), siteUrl: '', generator: 'vitepress', exclude: ['parts/**', 'shared/**'] });
    expect(loaded.sections.map((section) => section.text).join('\n')).toContain('Run the installer twice.');
  });

  it('ask digest build: one line naming the file, exit 1, the previous digest intact', async () => {
    const dir = await projectWithLinks({ 'docs/guide.md': '# Guide\n\n## Setup\n\nRun it.\n', '.vitepress/config.mts': 'export default {}\n' }, {});
    const args = ['digest', 'build', '--content', 'docs', '--generator', 'vitepress'];
    expect((await runAsk(args, dir)).code).toBe(0);
    const before = await readFile(path.join(dir, 'digest/manifest.json'), 'utf8');
    await writeFile(path.join(dir, 'docs/guide.md'), '# Guide\n\n## Setup\n\nRun it.\n\n<!--@include: ./env.txt-->\n');
    await symlink(path.join(dir, 'outside/secret.txt'), path.join(dir, 'docs/env.txt'));
    const failed = await runAsk(args, dir);
    expect(failed.code).toBe(1);
    expect(failed.err.filter((line) => line.includes('env.txt'))).toEqual([
      'ask: env.txt: is a symbolic link to a file outside the content folder; it is not read: replace the link with the file itself (included by guide.md)',
    ]);
    expect([...failed.out, ...failed.err].join('\n')).not.toContain(SECRET);
    expect(await readFile(path.join(dir, 'digest/manifest.json'), 'utf8')).toBe(before);
  });

  it("a Docusaurus _category_.json that is a link out of the folder is an error naming it; its label is never published", async () => {
    const dir = await projectWithLinks(
      { 'docs/intro.md': '# Intro\n\nWelcome.\n', 'docs/guides/setup.md': '# Setup\n\nRun it.\n', 'docusaurus.config.js': 'export default {}\n', 'outside/category.json': `{ "label": "${SECRET}" }\n` },
      { 'docs/guides/_category_.json': 'outside/category.json' },
    );
    const failed = await runAsk(['digest', 'build', '--content', 'docs'], dir);
    expect(failed.code).toBe(1);
    expect(failed.err.join('\n')).toMatch(/guides\/_category_\.json: is a symbolic link to a file outside the content folder/);
    expect([...failed.out, ...failed.err].join('\n')).not.toContain(SECRET);
  });

  it('a generator config that is a link out of the repository is an error naming it; its site name is never published', async () => {
    const dir = await projectWithLinks(
      { 'repo/.git/HEAD': 'ref: refs/heads/main\n', 'repo/docs/index.md': '# Home\n\nWelcome.\n', 'outside/mkdocs.yml': `site_name: ${SECRET}\n` },
      { 'repo/mkdocs.yml': 'outside/mkdocs.yml' },
    );
    const failed = await runAsk(['digest', 'build', '--content', 'docs', '--generator', 'mkdocs'], path.join(dir, 'repo'));
    expect(failed.code).toBe(1);
    expect(failed.err.join('\n')).toMatch(/mkdocs\.yml: is a symbolic link to a file outside the repository/);
    expect([...failed.out, ...failed.err].join('\n')).not.toContain(SECRET);
  });
});
