import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIGEST_SCHEMA_VERSION } from '../../pipeline/format/manifest.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import type { Distiller } from '../../pipeline/types.ts';
import { build, changedPaths, delegatingDistiller, snapshotTree } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const PAGES = {
  'guide/install.md':
    '---\ntitle: Install\n---\n# Install\n\nThe **svc** CLI is a single binary.\n\n## Download\n\nRun `curl -fsSL https://svc.example.com/install.sh | sh` to install.\n\n## Configure\n\nSet `SVC_URL` to your deployment. The default port is `3000`.\n',
  'guide/tokens.md':
    '# Tokens\n\nA **session token** is a credential that proves who you are.\n\n## Create a token\n\nUse `svc tokens create --lifetime 24h`.\n\n## Revoke a token\n\nRun `svc tokens rm NAME`.\n',
  'reference/flags.md': '# Flags\n\n| Flag | Default | Meaning |\n|---|---|---|\n| `--url` | none | Server URL |\n| `--output` | `text` | Output format |\n',
};

const freshFolder = tempFoldersPerTest();

async function workspace() {
  const folder = await freshFolder(Object.fromEntries(Object.entries(PAGES).map(([file, text]) => [`content/${file}`, text])));
  return { content: path.join(folder.dir, 'content'), out: path.join(folder.dir, 'digest'), root: folder.dir };
}

/** A distiller that delegates to the offline one and fails on its nth section call. */
function failingOn(nth: number): Distiller {
  const inner = createOfflineDistiller();
  let calls = 0;
  return delegatingDistiller(inner, {
    distillSection: async (section, page) => {
      calls += 1;
      if (calls === nth) throw new Error('model unavailable');
      return inner.distillSection(section, page);
    },
  });
}

describe('digest build', () => {
  it('is deterministic: two builds of the same content give byte-identical trees', async () => {
    const first = await workspace();
    const second = await workspace();
    await build(first.content, first.out);
    await build(second.content, second.out);
    expect(await snapshotTree(second.out)).toEqual(await snapshotTree(first.out));
  });

  it('gives the same tree whether a rebuild reuses the corpus passes or a forced build reruns them', async () => {
    const { content, out } = await workspace();
    await build(content, out);
    const fresh = await snapshotTree(out);
    // tables of another version: the build runs again, reading the glossary back from glossary.json
    await writeFile(path.join(out, 'search/index.json'), '{"schema":0}\n');
    const rebuilt = await build(content, out);
    expect(rebuilt.upToDate).toBe(false);
    expect(await snapshotTree(out)).toEqual(fresh);
    await build(content, out, { force: true });
    expect(await snapshotTree(out)).toEqual(fresh);
  });

  it('writes one node per section, the corpus files and the manifest', async () => {
    const { content, out } = await workspace();
    const report = await build(content, out);
    const files = [...(await snapshotTree(out)).keys()];
    expect(files).toEqual(
      expect.arrayContaining([
        'manifest.json',
        'glossary.json',
        'suggestions.json',
        'overview.md',
        'context.md',
        'llms.txt',
        'llms-full.txt',
        'pages/guide/install.md',
        'pages/guide/tokens.md',
        'pages/reference/flags.md',
        'search/index.json',
        'search/postings.txt',
        'search/sections.txt',
        'search/pages.txt',
        'sections/guide/install/@intro.json',
        'sections/guide/install/download.json',
      ]),
    );
    expect(files.filter((file) => file.startsWith('sections/'))).toHaveLength(report.sections);
    const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')) as unknown;
    expect(manifest).toMatchObject({ schema: DIGEST_SCHEMA_VERSION, distiller: { provider: 'offline' }, counts: { pages: 3, sections: report.sections } });
  });

  it('an unchanged rebuild writes nothing and distils nothing', async () => {
    const { content, out } = await workspace();
    await build(content, out);
    const before = await snapshotTree(out);
    const report = await build(content, out);
    expect(report.upToDate).toBe(true);
    expect(report.changed).toEqual([]);
    expect(await snapshotTree(out)).toEqual(before);
  });

  it('rebuilds the search tables when they are of another version, even with unchanged content', async () => {
    const { content, out } = await workspace();
    await build(content, out);
    const tables = path.join(out, 'search/index.json');
    const current = await readFile(tables, 'utf8');
    await writeFile(tables, current.replace('"tokenizer":"', '"tokenizer":"old-'));
    const report = await build(content, out);
    expect(report.upToDate).toBe(false);
    expect(report.changed).toEqual([]);
    expect(await readFile(tables, 'utf8')).toBe(current);
  });

  it('editing one section re-distils that section only and rewrites only its node, its page, the manifest, llms-full.txt and the search tables', async () => {
    const { content, out } = await workspace();
    await build(content, out);
    const before = await snapshotTree(out);
    const file = path.join(content, 'guide/tokens.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('svc tokens rm NAME', 'svc tokens delete NAME'));
    const report = await build(content, out);
    expect(report.changed).toEqual(['guide/tokens#revoke-a-token']);
    const changed = changedPaths(before, await snapshotTree(out));
    expect(changed.filter((file) => !file.startsWith('search/'))).toEqual(['llms-full.txt', 'manifest.json', 'pages/guide/tokens.md', 'sections/guide/tokens/revoke-a-token.json']);
    expect(changed).toContain('search/sections.txt');
  });

  it('a build that fails midway leaves the previous digest exactly as it was', async () => {
    const { content, out } = await workspace();
    await build(content, out);
    const before = await snapshotTree(out);
    await writeFile(path.join(content, 'guide/new.md'), '# New\n\n## One\n\nx\n\n## Two\n\ny\n');
    await expect(build(content, out, { distiller: failingOn(2), force: true })).rejects.toThrow('model unavailable');
    expect(await snapshotTree(out)).toEqual(before);
  });

  it('removing a page drops its sections and reports them removed', async () => {
    const { content, out } = await workspace();
    await build(content, out);
    const { rm } = await import('node:fs/promises');
    await rm(path.join(content, 'reference/flags.md'));
    const report = await build(content, out);
    expect(report.removed).toEqual(['reference/flags']);
    expect([...(await snapshotTree(out)).keys()].some((file) => file.startsWith('sections/reference/'))).toBe(false);
  });

  it('every fact literal of every node occurs byte for byte in its section source', async () => {
    const { content, out } = await workspace();
    await build(content, out);
    const tree = await snapshotTree(out);
    const { loadContent } = await import('../../pipeline/content/index.ts');
    const { sections } = await loadContent({ contentDir: content, siteUrl: '' });
    let facts = 0;
    const { sectionFilePath } = await import('../../pipeline/format/paths.ts');
    for (const section of sections) {
      const node = JSON.parse(tree.get(sectionFilePath(section.id)) ?? '{}') as { facts: { literal: string; chunkId: string }[] };
      for (const fact of node.facts) {
        facts += 1;
        expect(section.source).toContain(fact.literal);
        expect(fact.chunkId).toBe(section.id);
      }
    }
    expect(facts).toBeGreaterThan(5);
  });
});
