import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSearchTables } from '../../pipeline/search/index.ts';
import { suggestionChecks } from '../../pipeline/compile/search-checks.ts';
import type { SuggestionsFile } from '../../pipeline/format/digest-json.ts';
import { runAsk, spawnAsk } from '../support/cli.ts';
import { committedBase } from '../support/committed-digest.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const PAGES = {
  'content/guide/start.md': '# Start\n\nA **workspace** is a development environment.\n\n## Install\n\nRun `svc install --yes`.\n\n## Log in\n\nUse `svc login`.\n',
  'content/ref.md': '# Reference\n\n## Flags\n\n| Flag | Default |\n|---|---|\n| `--url` | none |\n',
};

const freshFolder = tempFoldersPerTest();

async function project(files: Record<string, string> = PAGES) {
  const folder = await freshFolder(files);
  return folder.dir;
}

describe('ask digest build: the site\'s generator', () => {
  it('detects the generator from its config file in a parent folder, says so in one line, and records it for check', async () => {
    const cwd = await project({
      'mkdocs.yml': 'site_name: Ours\n',
      'docs/index.md': '# Home\n\n## Set up\n\n!!! note "Before you start"\n    Install the tool first.\n',
      'docs/guide/setup.md': '# Setup\n\n## Set up\n\n## Set up\n',
    });
    const built = await runAsk(['digest', 'build', '--content', 'docs', '--site-url', 'https://d.example', '--json'], cwd);
    expect(built.code).toBe(0);
    expect(built.err).toContain(`ask: generator mkdocs (found mkdocs.yml; --generator to choose)`);
    const report = JSON.parse(built.out.at(-1) ?? '{}') as { generator: string; pages: number; sections: number; changed: string[] };
    expect(report).toMatchObject({ generator: 'mkdocs', pages: 2, sections: 5 });
    expect(report.changed).toEqual(['guide/setup', 'guide/setup#set-up', 'guide/setup#set-up_1', 'index', 'index#set-up']);
    const manifest = JSON.parse(await readFile(path.join(cwd, 'digest/manifest.json'), 'utf8')) as { site: unknown };
    // the config found is recorded with what it states: its site_name names the site
    expect(manifest.site).toEqual({ generator: 'mkdocs', trailingSlash: true, htmlExtension: false, exclude: [], config: '../mkdocs.yml', name: 'Ours', description: null });
    const node = JSON.parse(await readFile(path.join(cwd, 'digest/sections/guide/setup/set-up_1.json'), 'utf8')) as { url: string };
    expect(node.url).toBe('https://d.example/guide/setup/#set-up_1');
    expect((await runAsk(['digest', 'check', '--content', 'docs'], cwd)).code).toBe(0);
  });

  it('rebuilds when the generator or the excludes change, and refuses an unknown generator', async () => {
    const cwd = await project({ 'content/a.md': '# A\n\n## One\n', 'content/notes/todo.md': '# Todo\n' });
    expect((await runAsk(['digest', 'build', '--content', 'content', '--generator', 'plain'], cwd)).code).toBe(0);
    const again = await runAsk(['digest', 'build', '--content', 'content', '--generator', 'plain', '--exclude', 'notes/**'], cwd);
    expect(again.out.at(-1)).toMatch(/^digest built: 1 page, 2 sections, 0 changed, 1 removed/);
    const wrong = await runAsk(['digest', 'build', '--content', 'content', '--generator', 'jekyll'], cwd);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toEqual(["ask digest build: --generator must be auto or one of plain, vitepress, docusaurus, starlight, mkdocs, nextra, mintlify, hugo, got 'jekyll'"]);
  });
});

describe('ask digest build / check / diff / index build', () => {
  it('builds, then check says current (exit 0), then an edit makes check exit 1 listing the changed section', async () => {
    const cwd = await project();
    const built = await runAsk(['digest', 'build', '--content', 'content'], cwd);
    expect(built.code).toBe(0);
    expect(built.out.at(-1)).toMatch(/^digest built: 2 pages, 5 sections, 5 changed, 0 removed; offline\/offline-v1: 0 model calls/);
    expect((await runAsk(['digest', 'check', '--content', 'content'], cwd)).code).toBe(0);

    await writeFile(path.join(cwd, 'content/guide/start.md'), PAGES['content/guide/start.md'].replace('svc login', 'svc login --sso'));
    await writeFile(path.join(cwd, 'content/new.md'), '# New page\n');
    const stale = await runAsk(['digest', 'check', '--content', 'content'], cwd);
    expect(stale.code).toBe(1);
    expect(stale.err).toEqual([
      "ask: the digest in 'digest' is stale; rebuild it and commit the result: ask digest build --content content",
      '  sections: 1 added, 1 changed, 0 removed; files: 2 changed',
      '  added    new',
      '  changed  guide/start#log-in',
      '  file     guide/start.md',
      '  file     new.md',
    ]);
  });

  it('says once, on stderr, that it fell back to the offline distiller when the provider has no key', async () => {
    const cwd = await project();
    const built = await runAsk(['digest', 'build', '--content', 'content', '--provider', 'openai', '--generator', 'plain'], cwd);
    expect(built.err).toEqual(['ask: OPENAI_API_KEY is not set: using the offline distiller (deterministic, no model calls) instead of openai.']);
  });

  it('check exits 1 when the search tables were written by another tokenizer version', async () => {
    const cwd = await project();
    await runAsk(['digest', 'build', '--content', 'content'], cwd);
    const tables = path.join(cwd, 'digest/search/index.json');
    await writeFile(tables, (await readFile(tables, 'utf8')).replace('"tokenizer":"tok-', '"tokenizer":"old-'));
    const result = await runAsk(['digest', 'check', '--content', 'content'], cwd);
    expect(result.code).toBe(1);
    expect(result.err).toContain('  template search tables');
  });

  it('check without any digest exits 1 and says to build one', async () => {
    const cwd = await project();
    const result = await runAsk(['digest', 'check', '--content', 'content'], cwd);
    expect(result).toMatchObject({ code: 1, err: ["ask: no digest in 'digest'; build it and commit it: ask digest build --content content"] });
  });

  it('diff shows, as Markdown, the sections changed since a commit with their facts before and after', async () => {
    const cwd = await project();
    await committedBase(cwd);
    await writeFile(path.join(cwd, 'content/guide/start.md'), PAGES['content/guide/start.md'].replace('svc install --yes', 'svc install --quiet'));
    await runAsk(['digest', 'build', '--content', 'content'], cwd);
    const diff = await runAsk(['digest', 'diff', '--content', 'content'], cwd);
    expect(diff.code).toBe(0);
    const text = diff.out.join('\n');
    expect(text).toContain('# Digest changes: HEAD → working tree');
    expect(text).toContain('1 section changed, 0 added, 0 removed.');
    expect(text).toContain('## Changed `guide/start#install`');
    expect(text).toMatch(/facts added: .*`svc install --quiet`/);
    expect(text).toMatch(/facts removed: .*`svc install --yes`/);
  });

  it('diff compares against a base digest of an older schema by its sections', async () => {
    const cwd = await project();
    await committedBase(cwd, async () => {
      // the base as an older ask wrote it: another schema number, a field this ask no longer knows
      const manifestFile = path.join(cwd, 'digest/manifest.json');
      const current = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, unknown>;
      await writeFile(manifestFile, JSON.stringify({ ...current, schema: Number(current['schema']) - 1, pageKinds: undefined, retired: true }));
    });
    await writeFile(path.join(cwd, 'content/guide/start.md'), PAGES['content/guide/start.md'].replace('svc install --yes', 'svc install --quiet'));
    await runAsk(['digest', 'build', '--content', 'content', '--force'], cwd);
    const diff = await runAsk(['digest', 'diff', '--content', 'content'], cwd);
    expect(diff.err).toEqual([]);
    expect(diff.code).toBe(0);
    expect(diff.out.join('\n')).toContain('1 section changed, 0 added, 0 removed.');
  });

  it('diff runs the committed search checks on both digests, names each query that moved down, and fails below --fail-below', async () => {
    const cwd = await project();
    const checks = [
      { query: 'log in', expect: ['guide/start.md#log-in'] },
      { query: 'install svc', expect: ['guide/start.md#install'] },
    ];
    await writeFile(path.join(cwd, 'content/ask.queries.jsonl'), `${checks.map((check) => JSON.stringify(check)).join('\n')}\n`);
    await committedBase(cwd);
    // the Install section loses the words readers search with; the reference gains them
    await writeFile(path.join(cwd, 'content/guide/start.md'), PAGES['content/guide/start.md'].replace('## Install\n\nRun `svc install --yes`.', '## Setup\n\nRun `svc setup --yes`.'));
    await writeFile(path.join(cwd, 'content/ask.queries.jsonl'), `${[checks[0], { query: 'install svc', expect: ['guide/start.md#setup'] }].map((check) => JSON.stringify(check)).join('\n')}\n`);
    await writeFile(path.join(cwd, 'content/ref.md'), `${PAGES['content/ref.md']}\n## Install svc\n\nInstall svc from the releases page.\n`);
    await runAsk(['digest', 'build', '--content', 'content'], cwd);

    const diff = await runAsk(['digest', 'diff', '--content', 'content'], cwd);
    expect(diff.code).toBe(0);
    const text = diff.out.join('\n');
    expect(text).toContain('## Search');
    // the base's checks as the base had them: the committed ones at the base, and the base digest's own
    const baseSections = Object.keys((JSON.parse(execFileSync('git', ['show', 'HEAD:digest/manifest.json'], { cwd, encoding: 'utf8' })) as { sections: Record<string, string> }).sections);
    const own = suggestionChecks(JSON.parse(execFileSync('git', ['show', 'HEAD:digest/suggestions.json'], { cwd, encoding: 'utf8' })) as SuggestionsFile);
    // a suggested question counts where both digests have its section (the Install section is gone)
    const ownCount = new Set(own.filter((check) => check.expect.every((id) => baseSections.includes(id) && id !== 'guide/start#install')).map((check) => JSON.stringify([check.query, check.expect]))).size;
    expect(ownCount).toBeGreaterThan(0);
    expect(text).toContain(`${2 + ownCount} checks as the base had them (the base digest's ${ownCount} suggested questions and content/ask.queries.jsonl at HEAD), top 6:`);
    const [before, after] = (/^\| MRR@6 \| (\d\.\d{3}) \| (\d\.\d{3}) \|/m.exec(text) ?? []).slice(1).map(Number);
    expect(after).toBeLessThan(before ?? 0);
    // the base's check names a heading the change renamed: answered first on the base, found nowhere now
    expect(text).toMatch(/^- `"install svc"`: 1 → not found$/m);
    const failing = await runAsk(['digest', 'diff', '--content', 'content', '--fail-below', '0.02'], cwd);
    expect(failing.code).toBe(1);
    expect(failing.err).toEqual([expect.stringMatching(/^ask digest diff: 1 search check the base answered in the top 6 is not answered now; pass --allow-lost to accept it; MRR@6 of the search checks dropped by 0\.\d{3}, more than --fail-below 0\.02$/)]);
    expect((await runAsk(['digest', 'diff', '--content', 'content', '--fail-below', '1', '--allow-lost'], cwd)).code).toBe(0);
    expect((await runAsk(['digest', 'diff', '--content', 'content', '--fail-below', 'much'], cwd)).code).toBe(2);
  });

  it('diff measures the digest\'s own checks: a suggested question another page now outranks has moved down', async () => {
    const cwd = await project();
    await committedBase(cwd);
    const base = JSON.parse(await readFile(path.join(cwd, 'digest/suggestions.json'), 'utf8')) as SuggestionsFile;
    expect(base.answeredIn?.['How do I log in?']).toBe('guide/start#log-in');
    await writeFile(path.join(cwd, 'content/sso.md'), '# Log in with single sign-on\n\n## Log in\n\nTo log in, open the log in page and log in with your provider.\n');
    await runAsk(['digest', 'build', '--content', 'content'], cwd);
    const diff = await runAsk(['digest', 'diff', '--content', 'content', '--fail-below', '0.02'], cwd);
    const text = diff.out.join('\n');
    expect(text).toMatch(/^\d+ checks as the base had them \(the base digest's \d+ suggested questions\), top 6:$/m);
    expect(text).toMatch(/^- `"How do I log in\?"`: 1 → [2-6]$/m);
    expect(diff.code).toBe(1);
  });

  it('diff says how to see the effect on search when there are no checks', async () => {
    // a change log alone: no question a reader asks, so no suggestions and no checks of the digest's own
    const cwd = await project({ 'content/changelog.md': '# Changelog\n\n## 1.0\n\nFirst release.\n' });
    await committedBase(cwd);
    const diff = await runAsk(['digest', 'diff', '--content', 'content', '--fail-below', '0'], cwd);
    expect(diff.code).toBe(0);
    expect(diff.out.join('\n')).toContain('No search checks: commit content/ask.queries.jsonl');
  });

  it('index build without a digest writes fallback tables', async () => {
    const cwd = await project();
    const result = await runAsk(['index', 'build', '--content', 'content', '--digest', 'none', '--out', 'tables'], cwd);
    expect(result.code).toBe(0);
    expect(result.out[0]).toMatch(/^search tables written to tables: 5 sections, \d+ terms, without a digest/);
    const read = (name: string) => readFile(path.join(cwd, 'tables', name), 'utf8');
    const index = openSearchTables({ header: await read('index.json'), postings: await read('postings.txt'), sections: await read('sections.txt'), pages: await read('pages.txt') });
    expect(index.hasDigest).toBe(false);
    expect(index.sectionCount).toBe(5);
  });

  it('ask search reads tables written without a digest directly (rule 7 fallback scoring)', async () => {
    const cwd = await project();
    expect((await runAsk(['index', 'build', '--content', 'content', '--digest', 'tables-only'], cwd)).code).toBe(0);
    const result = await runAsk(['search', 'svc install', '--digest', 'tables-only', '--json'], cwd);
    expect(result.code).toBe(0);
    const { results } = JSON.parse(result.out.join('\n')) as { results: { url: string }[] };
    expect(results[0]?.url).toBe('/guide/start#install');
  });
});

describe('command-line errors', () => {
  it('a missing content folder is one line saying what to do, exit 1', async () => {
    const cwd = await project();
    const result = await runAsk(['digest', 'build', '--content', 'nowhere'], cwd);
    expect(result).toEqual({ code: 1, out: [], err: ["ask: --content folder 'nowhere' not found; pass --content DIR with your Markdown pages"] });
  });

  it('usage mistakes exit 2 with one line', async () => {
    const cwd = await project();
    for (const argv of [['digest', 'build', '--bogus'], ['digest', 'build', '--concurrency', 'many'], ['frobnicate'], ['digest', 'build', 'extra']]) {
      const result = await runAsk(argv, cwd);
      expect(result.code).toBe(2);
      expect(result.err).toHaveLength(1);
    }
    expect((await runAsk(['digest', 'build', '--provider', 'nope', '--content', 'content'], cwd)).err[0]).toMatch(/unknown provider 'nope'/);
  });

  it('a broken page fails the build naming the file, without a stack trace, and leaves no digest', async () => {
    const cwd = await project({ ...PAGES, 'content/broken.md': '---\ntitle: [oops\n---\n' });
    const result = await spawnAsk(['digest', 'build', '--content', 'content'], cwd);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^ask: broken\.md: invalid YAML frontmatter/m);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect((await runAsk(['digest', 'check', '--content', 'content'], cwd)).code).toBe(1);
  });
});
