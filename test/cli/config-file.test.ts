/**
 * `ask.config.json` (CONTRACT.md "Configuration"): the nearest file from the working folder up to
 * the repository root, read strictly, its folders relative to itself, flags winning; no built-in
 * content folder; and `ask digest check`'s advice, the exact command that rebuilds the digest.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { integrationFolders } from '../../pipeline/adapters/astro/folders.ts';
import { configFallbacks } from '../../pipeline/cli/configured-command.ts';
import { parseConfig } from '../../pipeline/cli/config-file.ts';
import { COMMAND_SPECS } from '../../pipeline/cli/specs/index.ts';
import { sectionFilePath } from '../../pipeline/format/paths.ts';
import { runCli } from '../../pipeline/cli/main.ts';
import { runAsk } from '../support/cli.ts';
import { changedPaths, snapshotTree } from '../support/digest-tree.ts';
import { tempFoldersPerTest, writeFiles } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();
const ASK_BIN = path.join(import.meta.dirname, '..', '..', 'scripts', 'ask.js');

const PAGES = {
  'docs/guide.md': '# Guide\n\nThe guide.\n\n## Install\n\nRun `lamp install`.\n',
  'docs/drafts/next.md': '# Next\n\nNot yet.\n',
};

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** A fresh git repository holding `files`. */
async function repository(files: Record<string, string>): Promise<string> {
  const { dir } = await freshFolder(files);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

async function nodeUrl(digest: string, id = 'guide#install'): Promise<string> {
  return (JSON.parse(await readFile(path.join(digest, sectionFilePath(id)), 'utf8')) as { url: string }).url;
}

async function manifestOf(digest: string): Promise<{ siteUrl: string; site: { exclude: string[]; name: string | null } }> {
  return JSON.parse(await readFile(path.join(digest, 'manifest.json'), 'utf8')) as { siteUrl: string; site: { exclude: string[]; name: string | null } };
}

/** The command `ask digest check`'s first line ends in. */
function advice(line: string | undefined): string {
  const match = /: (ask digest build.*)$/.exec(line ?? '');
  if (match?.[1] === undefined) throw new Error(`no command in ${JSON.stringify(line)}`);
  return match[1];
}

/** Runs a command line as a user pastes it: a POSIX shell, with `ask` on the PATH (the repository's bin). */
async function runInShell(command: string, cwd: string): Promise<void> {
  const { dir: bin } = await freshFolder({ ask: `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(ASK_BIN)} "$@"\n` });
  await chmod(path.join(bin, 'ask'), 0o755);
  execFileSync('sh', ['-c', command], { cwd, stdio: 'pipe', env: { PATH: `${bin}${path.delimiter}${process.env['PATH'] ?? ''}`, CI: 'true' } });
}

describe('ask.config.json: where it is found', () => {
  it('is the nearest one from the working folder up to the repository root, its folders relative to its own folder', async () => {
    const root = await repository({ ...PAGES, 'ask.config.json': json({ content: 'docs', out: 'site/digest', siteUrl: 'https://docs.example.com' }), 'docs/sub/deep/.keep': '' });
    const built = await runAsk(['digest', 'build'], path.join(root, 'docs/sub/deep'));
    expect(built.code).toBe(0);
    // the folders are the config's folder's, not the working folder's
    expect(await nodeUrl(path.join(root, 'site/digest'))).toBe('https://docs.example.com/guide#install');
    // a nearer file wins over the root's
    await writeFiles(root, { 'packages/one/ask.config.json': json({ content: '../../docs', out: 'digest', siteUrl: 'https://one.example' }) });
    expect((await runAsk(['digest', 'build'], path.join(root, 'packages/one'))).code).toBe(0);
    expect(await nodeUrl(path.join(root, 'packages/one/digest'))).toBe('https://one.example/guide#install');
  });

  it('is never read above the repository root, nor from a parent outside a repository', async () => {
    const { dir } = await freshFolder({ 'ask.config.json': json({ content: 'docs' }), 'repo/docs/guide.md': PAGES['docs/guide.md'], 'plain/docs/guide.md': PAGES['docs/guide.md'] });
    execFileSync('git', ['init', '-q'], { cwd: path.join(dir, 'repo') });
    const noContent = "ask digest build: no content folder: pass --content DIR, or run 'ask init' to write ask.config.json";
    expect(await runAsk(['digest', 'build'], path.join(dir, 'repo'))).toEqual({ code: 2, out: [], err: [noContent] });
    // outside any repository only the working folder's own file counts
    expect(await runAsk(['digest', 'build'], path.join(dir, 'plain'))).toEqual({ code: 2, out: [], err: [noContent] });
    await writeFile(path.join(dir, 'plain/ask.config.json'), json({ content: 'docs' }));
    expect((await runAsk(['digest', 'build'], path.join(dir, 'plain'))).code).toBe(0);
  });

  it('gives the Astro integration its folders from the project root, the options winning', async () => {
    const root = await repository({ 'ask.config.json': json({ content: 'docs', out: 'built/digest' }), 'site/.keep': '' });
    expect(await integrationFolders(root, {})).toEqual({ content: 'docs', digest: path.join('built', 'digest') });
    expect(await integrationFolders(path.join(root, 'site'), { digest: 'mine' })).toEqual({ content: path.join('..', 'docs'), digest: 'mine' });
    const bare = await repository({});
    expect(await integrationFolders(bare, {})).toEqual({ content: null, digest: 'digest' });
  });
});

describe('ask.config.json: its values', () => {
  it('lets every flag win over it', async () => {
    const root = await repository({ ...PAGES, 'ask.config.json': json({ content: 'docs', siteUrl: 'https://config.example', exclude: ['drafts/**'], siteName: 'From config' }) });
    expect((await runAsk(['digest', 'build', '--site-url', 'https://flag.example', '--exclude', 'nothing/**', '--site-name', 'From flag'], root)).code).toBe(0);
    const manifest = await manifestOf(path.join(root, 'digest'));
    expect(manifest).toMatchObject({ siteUrl: 'https://flag.example', site: { exclude: ['nothing/**'], name: 'From flag' } });
    expect(await nodeUrl(path.join(root, 'digest'), 'drafts/next')).toBe('https://flag.example/drafts/next');
    // a flag's folder is the working folder's
    await mkdir(path.join(root, 'other'));
    expect((await runAsk(['digest', 'build', '--out', 'other/digest'], root)).code).toBe(0);
    expect(await nodeUrl(path.join(root, 'other/digest'))).toBe('https://config.example/guide#install');
  });

  it('builds with its site url when `ask digest build` has no flag, and the other commands read it too', async () => {
    const root = await repository({ ...PAGES, 'ask.config.json': json({ content: 'docs', out: 'digest-out', siteUrl: 'https://docs.example.com', exclude: ['drafts/**'] }) });
    const built = await runAsk(['digest', 'build'], root);
    expect(built.code).toBe(0);
    expect(built.out.at(-1)).toMatch(/^digest built: 1 page, 2 sections/);
    expect(await nodeUrl(path.join(root, 'digest-out'))).toBe('https://docs.example.com/guide#install');
    expect(await runAsk(['digest', 'check'], root)).toMatchObject({ code: 0, out: ['digest is current: digest-out matches docs'] });
    const search = await runAsk(['search', 'lamp install', '--json'], root);
    expect(search.code).toBe(0);
    expect((JSON.parse(search.out.join('\n')) as { results: { url: string }[] }).results[0]?.url).toBe('https://docs.example.com/guide#install');
    expect((await runAsk(['sections'], root)).out).toContain('guide#install\tGuide › Install');
    // --endpoint takes nothing from the file: the config's out is no second source
    const remote = await runAsk(['search', 'x', '--endpoint', 'http://127.0.0.1:9/api/ask'], root);
    expect(remote.err.join('\n')).not.toMatch(/not both/);
    expect(await runAsk(['search', 'x', '--endpoint', 'http://127.0.0.1:9/api/ask', '--digest', 'digest-out'], root)).toEqual({
      code: 2,
      out: [],
      err: ['ask search: give --endpoint URL or --digest DIR, not both'],
    });
  });

  it('gives ask serve its digest and its content (the preview site)', async () => {
    const root = await repository({ ...PAGES, 'ask.config.json': json({ content: 'docs', out: 'site-digest', siteUrl: 'https://docs.example.com' }) });
    expect((await runAsk(['digest', 'build'], root)).code).toBe(0);
    let stop = (): void => undefined;
    const stopSignal = new Promise<void>((resolve) => (stop = resolve));
    let listening: (line: string) => void = () => undefined;
    const first = new Promise<string>((resolve) => (listening = resolve));
    const exit = runCli(['serve', '--port', '0'], { out: (line) => listening(line), err: () => undefined, env: {}, cwd: root, interactive: false, stopSignal });
    const url = /^listening on (http:\/\/\S+)$/.exec(await first)?.[1] ?? '';
    try {
      const page = await fetch(`${url}/guide`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('lamp install');
      const search = await fetch(`${url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'lamp install', mode: 'keyword' }) });
      expect(((await search.json()) as { results: { url: string }[] }).results[0]?.url).toBe('https://docs.example.com/guide#install');
    } finally {
      stop();
      expect(await exit).toBe(0);
    }
  });

  it('says each mistake in one line naming the file, exit 2', async () => {
    const cases: [unknown, string][] = [
      [{ contnet: 'docs' }, 'unknown key "contnet" (did you mean "content"?)'],
      [{ 'site-url': 'https://d.example' }, 'unknown key "site-url" (did you mean "siteUrl"?)'],
      [{ zzzzzzzz: 1 }, 'unknown key "zzzzzzzz" (known keys: content, out, config, generator, siteUrl, siteName, siteDescription, exclude, trailingSlash, htmlExtension, provider, model)'],
      [{ exclude: 'drafts/**' }, '"exclude" takes an array of globs (strings)'],
      [{ exclude: ['ok/**', 3] }, '"exclude"[1] takes a glob'],
      [{ trailingSlash: 'yes' }, '"trailingSlash" takes true or false'],
      [{ content: '  ' }, '"content" takes a folder (relative to this file), not a blank one'],
      [{ generator: 'jekyll' }, '"generator" takes auto or one of plain, vitepress, docusaurus, starlight, mkdocs, nextra, mintlify, hugo'],
      [{ locales: ['en', 'fr'] }, '"locales" is not supported yet; remove it'],
      [{ versions: ['1.0'] }, '"versions" is not supported yet; remove it'],
      [['docs'], 'must hold one JSON object of settings'],
    ];
    const root = await repository({ ...PAGES, 'docs/sub/.keep': '' });
    for (const [config, problem] of cases) {
      await writeFile(path.join(root, 'ask.config.json'), JSON.stringify(config));
      expect(await runAsk(['digest', 'build', '--content', 'docs'], root), JSON.stringify(config)).toEqual({ code: 2, out: [], err: [`ask: ask.config.json: ${problem}`] });
    }
    // named relative to the working folder, and read by every command
    await writeFile(path.join(root, 'ask.config.json'), '{ "content": "docs", }');
    for (const argv of [['digest', 'check'], ['search', 'lamp'], ['serve', '--port', '0'], ['eval']]) {
      const run = await runAsk(argv, path.join(root, 'docs/sub'));
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err, argv.join(' ')).toHaveLength(1);
      expect(run.err[0]).toMatch(/^ask: \.\.\/\.\.\/ask\.config\.json: not valid JSON \(.+\); fix it or remove the file$/);
    }
    // $schema is for editors: allowed and ignored
    await writeFile(path.join(root, 'ask.config.json'), json({ $schema: 'https://example.com/ask.schema.json', content: 'docs' }));
    expect((await runAsk(['digest', 'build'], root)).code).toBe(0);
  });

  it('gives each option that reads it a value of the option\'s type', () => {
    const values = parseConfig(json({ content: 'c', out: 'o', config: 'f', generator: 'plain', siteUrl: 'u', siteName: 'n', siteDescription: 'd', exclude: ['x'], trailingSlash: true, htmlExtension: false, provider: 'offline', model: 'm' }), 'ask.config.json');
    for (const spec of COMMAND_SPECS) expect(() => configFallbacks(spec, values), spec.name).not.toThrow();
  });
});

describe('no content folder without the file or --content', () => {
  it('is one line, exit 2, for every command that needs one, even beside a folder named content-fixtures', async () => {
    const root = await repository({ 'content-fixtures/guide.md': PAGES['docs/guide.md'] });
    for (const command of ['digest build', 'digest check', 'digest diff', 'index build']) {
      expect(await runAsk(command.split(' '), root)).toEqual({ code: 2, out: [], err: [`ask ${command}: no content folder: pass --content DIR, or run 'ask init' to write ask.config.json`] });
    }
  });

  it('lets ask eval run the digest\'s own checks, and says so in one line when an entry names a content file', async () => {
    const root = await repository(PAGES);
    expect((await runAsk(['digest', 'build', '--content', 'docs'], root)).code).toBe(0);
    await writeFile(path.join(root, 'by-id.jsonl'), `${JSON.stringify({ query: 'lamp install', expect: ['guide#install'] })}\n`);
    expect((await runAsk(['eval', '--queries', 'by-id.jsonl'], root)).code).toBe(0);
    await writeFile(path.join(root, 'by-file.jsonl'), `${JSON.stringify({ query: 'lamp install', expect: ['guide.md#install'] })}\n`);
    expect(await runAsk(['eval', '--queries', 'by-file.jsonl'], root)).toEqual({
      code: 2,
      out: [],
      err: ["ask eval: the checks name content files or headings of the pages, and no content folder is named: pass --content DIR, or run 'ask init' to write ask.config.json"],
    });
    expect((await runAsk(['eval', '--queries', 'by-file.jsonl', '--content', 'docs'], root)).code).toBe(0);
  });

  it('names the file when the folder it gives is not there', async () => {
    const root = await repository({ 'ask.config.json': json({ content: 'nowhere' }), 'sub/.keep': '' });
    expect((await runAsk(['digest', 'build'], path.join(root, 'sub'))).err).toEqual([`ask: ../ask.config.json's content folder '${path.join('..', 'nowhere')}' not found; fix "content" there or pass --content DIR`]);
  });
});

describe("ask digest check's advice: the command that rebuilds the same digest", () => {
  it('is `ask digest build` alone when the file reproduces the digest', async () => {
    const root = await repository({ ...PAGES, 'ask.config.json': json({ content: 'docs', siteUrl: 'https://docs.example.com', exclude: ['drafts/**'] }) });
    expect((await runAsk(['digest', 'build'], root)).code).toBe(0);
    await writeFile(path.join(root, 'docs/guide.md'), PAGES['docs/guide.md'].replace('lamp install', 'lamp install --yes'));
    const stale = await runAsk(['digest', 'check'], root);
    expect(stale.code).toBe(1);
    expect(stale.err[0]).toBe("ask: the digest in 'digest' is stale; rebuild it and commit the result: ask digest build");
    await runInShell(advice(stale.err[0]), root);
    expect((await runAsk(['digest', 'check'], root)).code).toBe(0);
    expect(await nodeUrl(path.join(root, 'digest'))).toBe('https://docs.example.com/guide#install');
  });

  it('adds exactly the flags whose recorded value differs; run as printed, the digest is the same, byte for byte', async () => {
    const root = await repository({ ...PAGES, 'ask.config.json': json({ content: 'docs', siteUrl: 'https://new.example' }) });
    // built by hand, before the file said otherwise: another url, a name, an exclude, another digest folder
    const first = ['digest', 'build', '--out', 'out/digest', '--site-url', 'https://old.example', '--site-name', "Lamp's Docs", '--exclude', 'drafts/**', '--trailing-slash'];
    expect((await runAsk(first, root)).code).toBe(0);
    const digest = path.join(root, 'out/digest');
    const before = await snapshotTree(digest);
    // stale without a content change: the search tables of another tokenizer
    const tables = path.join(digest, 'search/index.json');
    await writeFile(tables, (await readFile(tables, 'utf8')).replace('"tokenizer":"tok-', '"tokenizer":"old-'));
    const stale = await runAsk(['digest', 'check', '--out', 'out/digest'], root);
    expect(stale.code).toBe(1);
    const command = advice(stale.err[0]);
    expect(command).toBe("ask digest build --out out/digest --site-url https://old.example --trailing-slash --exclude 'drafts/**' --site-name 'Lamp'\\''s Docs'");
    const report = await runAsk(['digest', 'check', '--out', 'out/digest', '--json'], root);
    expect(JSON.parse(report.out[0] ?? '{}')).toMatchObject({ stale: true, rebuild: command });
    await runInShell(command, root);
    expect(await runAsk(['digest', 'check', '--out', 'out/digest'], root)).toMatchObject({ code: 0, out: ['digest is current: out/digest matches docs'] });
    expect(changedPaths(before, await snapshotTree(digest))).toEqual([]);
  });

  it('names the content folder the check was given when no file does, and says so for a missing digest', async () => {
    const root = await repository(PAGES);
    const missing = await runAsk(['digest', 'check', '--content', 'docs'], root);
    expect(missing).toMatchObject({ code: 1, err: ["ask: no digest in 'digest'; build it and commit it: ask digest build --content docs"] });
    await runInShell(advice(missing.err[0]), root);
    expect((await runAsk(['digest', 'check', '--content', 'docs'], root)).code).toBe(0);
  });
});

