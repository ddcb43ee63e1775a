import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { realCorpora, type RealCorpus } from '../../scripts/bench/real-corpora.ts';
import type { GeneratorName } from '../../pipeline/content/generators/index.ts';
import { listContentFiles } from '../../pipeline/content/load.ts';
import { ACCEPT_LABEL } from '../../pipeline/init/workflow.ts';
import { runAsk, type CliRun } from '../support/cli.ts';
import { noteMissingSharedEval, SHARED_EVAL_PRESENT } from '../support/shared-folder.ts';
import { tempFoldersPerTest, writeFiles } from '../support/temp-folder.ts';

noteMissingSharedEval();

const WORKFLOW = '.github/workflows/ask-digest.yml';
const freshFolder = tempFoldersPerTest();

/** A fresh git repository holding `files`. */
async function repository(files: Record<string, string> = {}): Promise<string> {
  const { dir } = await freshFolder(files);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

interface Step {
  readonly if?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly with?: Record<string, unknown>;
}
interface Workflow {
  readonly on: { readonly pull_request: { readonly paths: string[] }; readonly push: { readonly paths: string[] } };
  readonly defaults?: { readonly run: { readonly 'working-directory': string } };
  readonly jobs: { readonly digest: { readonly steps: Step[] }; readonly check: { readonly steps: Step[] } };
}

async function workflowOf(dir: string): Promise<Workflow> {
  return parse(await readFile(path.join(dir, WORKFLOW), 'utf8')) as Workflow;
}

/** The shell commands of a job's steps. */
function runs(steps: readonly Step[]): string[] {
  return steps.flatMap((step) => (step.run === undefined ? [] : [step.run]));
}

/** The words of a printed `... ask <command> ...` line after `ask`, single quotes taken off. */
function askArgs(line: string): string[] {
  const words = line.trim().split(' ');
  return words.slice(words.indexOf('ask') + 1).map((word) => word.replace(/^'(.*)'$/, '$1'));
}

/** `--content` and the other checks every run of `ask init` must pass; returns the workflow. */
async function expectWorkflowFor(dir: string, run: CliRun, content: string, out = 'digest'): Promise<Workflow> {
  expect(run.err).toEqual([]);
  expect(run.code).toBe(0);
  const workflow = await workflowOf(dir);
  const glob = content === '.' ? '**' : `${content}/**`;
  expect(workflow.on.pull_request.paths).toContain(glob);
  expect(workflow.on.push.paths).toEqual(expect.arrayContaining([glob, `${out}/**`]));
  const digestRuns = runs(workflow.jobs.digest.steps);
  expect(digestRuns.find((line) => / ask digest build /.test(line))).toContain(`--content ${content} --out ${out}`);
  expect(digestRuns.some((line) => line.split('\n').includes(`git add ${out}`))).toBe(true);
  expect(runs(workflow.jobs.check.steps).some((line) => line.endsWith(`ask digest check --content ${content} --out ${out}`))).toBe(true);
  for (const job of [workflow.jobs.digest, workflow.jobs.check]) {
    expect(job.steps.find((step) => step.uses === 'actions/setup-node@v4')?.with).toMatchObject({ 'node-version': 20 });
  }
  // stdout ends with the three next commands
  const [build, serve, commit] = run.out.slice(-3).map((line) => line.trim());
  expect(build).toMatch(new RegExp(` ask digest build --content ${content.replace('.', '\\.')} --out ${out}`));
  expect(serve).toMatch(new RegExp(` ask serve --content ${content.replace('.', '\\.')}`));
  expect(commit).toBe(`git add ${WORKFLOW} .gitignore ${out} && git commit -m "Build the docs digest in CI"`);
  return workflow;
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
      const workflow = await expectWorkflowFor(dir, first, layout.content);
      expect(first.out[0]).toMatch(new RegExp(`^generator: ${corpus.generator} \\(`));
      expect(first.out).toContain(`content: ${layout.content}`);
      // the config is a trigger too, and what it states is what init reports
      expect(workflow.on.pull_request.paths.some((entry) => entry.endsWith(path.basename(corpus.configFile ?? layout.configPath)))).toBe(true);
      if (corpus.configFile === null) {
        expect(first.out).toEqual(expect.arrayContaining(['site name: Set', 'site url: https://set.example']));
        expect(runs(workflow.jobs.digest.steps).join('\n')).toContain('--site-url https://set.example');
      } else {
        expect(first.out.find((line) => line.startsWith('site name: '))).not.toMatch(/not in the config/);
      }
      if (layout.content === '.') expect(runs(workflow.jobs.digest.steps).join('\n')).toContain("--exclude 'digest/**'");

      // a second run leaves the workflow alone unless forced
      const text = await readFile(path.join(dir, WORKFLOW), 'utf8');
      const again = await runAsk(['init'], dir);
      expect(again.code).toBe(1);
      expect(again.err).toHaveLength(1);
      expect(again.err[0]).toContain(WORKFLOW);
      expect(again.err[0]).toContain('--force');
      expect(await readFile(path.join(dir, WORKFLOW), 'utf8')).toBe(text);
      const forced = await runAsk(['init', '--force'], dir);
      await expectWorkflowFor(dir, forced, layout.content);
      expect(forced.out).toContain(`overwrote ${WORKFLOW}`);
      expect(forced.out).toContain('.gitignore already ignores .ask-cache/');
      expect(await cacheLines(dir)).toBe(1);

      // the commands it prints build a digest that the workflow's check accepts
      const buildLine = first.out.at(-3) ?? '';
      expect((await runAsk(askArgs(buildLine), dir)).code).toBe(0);
      const checkLine = runs(workflow.jobs.check.steps).find((line) => / ask digest check /.test(line)) ?? '';
      const check = await runAsk(askArgs(checkLine), dir);
      expect(check.err).toEqual([]);
      expect(check.code).toBe(0);
    });
  }
});

describe('ask init without the shared sets', () => {
  it('sets a plain repository with docs/ and no config up, building it as the workflow would', async () => {
    const dir = await repository({ 'docs/index.md': '# Home\n\nHello.\n', 'docs/guide.md': '# Guide\n\n## Install\n\nRun it.\n' });
    const run = await runAsk(['init'], dir);
    const workflow = await expectWorkflowFor(dir, run, 'docs');
    expect(run.out.slice(0, 4)).toEqual(['generator: plain (no generator config found)', 'content: docs', "site name: not in the config (the build takes the home page's title)", 'site url: not in the config (add --site-url URL to the build step for absolute links)']);
    expect(workflow.on.pull_request.paths).toEqual(['docs/**']);
    expect(workflow.defaults).toBeUndefined();
    expect(run.out).toContain('wrote .gitignore (.ask-cache/)');
    expect(await readFile(path.join(dir, '.gitignore'), 'utf8')).toBe('.ask-cache/\n');
    // without ask-docs among its dependencies, the workflow fetches the package itself (never npm's unrelated `ask`)
    expect(runs(workflow.jobs.digest.steps)[0]).toMatch(/^npx --yes --package=ask-docs(@\S+)? ask digest build /);
    expect((await runAsk(askArgs(run.out.at(-3) ?? ''), dir)).code).toBe(0);
    expect((await runAsk(['digest', 'check', '--content', 'docs', '--out', 'digest'], dir)).code).toBe(0);
  });

  it('fails in one line, saying where it looked and to pass --content, in a repository with no docs', async () => {
    const dir = await repository({ 'README.md': '# A project\n' });
    const run = await runAsk(['init'], dir);
    expect(run.code).toBe(1);
    expect(run.out).toEqual([]);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toContain(dir);
    expect(run.err[0]).toContain('docs/');
    expect(run.err[0]).toContain('--content');
    await expect(stat(path.join(dir, WORKFLOW))).rejects.toThrow();
    await expect(stat(path.join(dir, '.gitignore'))).rejects.toThrow();
  });

  it('appends the cache line to an existing .gitignore, keeps it when present, and takes --content and --out', async () => {
    const dir = await repository({ '.gitignore': 'node_modules', 'pages/a.md': '# A\n' });
    const run = await runAsk(['init', '--content', 'pages', '--out', 'build/digest'], dir);
    const workflow = await expectWorkflowFor(dir, run, 'pages', 'build/digest');
    expect(run.out).toContain('added .ask-cache/ to .gitignore');
    expect(await readFile(path.join(dir, '.gitignore'), 'utf8')).toBe('node_modules\n.ask-cache/\n');
    expect(run.out.at(-2)?.trim()).toMatch(/ ask serve --content pages --digest build\/digest$/);
    const steps = runs(workflow.jobs.digest.steps);
    expect(steps.some((line) => line.includes('ask digest diff --out build/digest --content pages --fail-below 0.02 --base origin/${{ github.base_ref }}'))).toBe(true);
    // the label that accepts a drop accepts lost checks too: it passes --allow-lost to the diff
    expect(steps.some((line) => line.includes(`--base origin/\${{ github.base_ref }} \${{ contains(github.event.pull_request.labels.*.name, '${ACCEPT_LABEL}') && '--allow-lost' || '' }} >`))).toBe(true);
    // a drop of search fails the job after the diff is commented and the digest committed, unless the team accepts it
    const last = workflow.jobs.digest.steps.at(-1);
    expect(last?.if).toBe(`steps.diff.outputs.search == 'worse' && !contains(github.event.pull_request.labels.*.name, '${ACCEPT_LABEL}')`);
    expect(last?.run).toMatch(/exit 1$/);
    await writeFiles(dir, { '.gitignore': '.ask-cache\n' });
    expect((await runAsk(['init', '--force', '--content', 'pages'], dir)).out).toContain('.gitignore already ignores .ask-cache/');
    expect(await readFile(path.join(dir, '.gitignore'), 'utf8')).toBe('.ask-cache\n');
  });

  it('reads the content folder and the url from the config: MkDocs docs_dir, Docusaurus url + baseUrl and docs.path, Astro site + base', async () => {
    const mkdocs = await repository({ 'mkdocs.yml': 'site_name: M\nsite_url: https://m.example/docs/\ndocs_dir: documentation\n', 'documentation/index.md': '# M\n' });
    const mkdocsRun = await runAsk(['init'], mkdocs);
    await expectWorkflowFor(mkdocs, mkdocsRun, 'documentation');
    expect(mkdocsRun.out).toEqual(expect.arrayContaining(['site name: M', 'site url: https://m.example/docs']));

    const docusaurus = await repository({
      'website/docusaurus.config.ts': "const config = { title: 'D', url: 'https://d.example', baseUrl: '/project/', presets: [['classic', { docs: { path: 'guides' } }]] };\nexport default config;\n",
      'website/guides/intro.md': '# Intro\n',
    });
    const docusaurusRun = await runAsk(['init'], docusaurus);
    const workflow = await expectWorkflowFor(docusaurus, docusaurusRun, 'website/guides');
    expect(docusaurusRun.out[0]).toBe('generator: docusaurus (website/docusaurus.config.ts)');
    expect(workflow.on.pull_request.paths).toEqual(['website/guides/**', 'website/docusaurus.config.ts']);
    expect(runs(workflow.jobs.digest.steps).join('\n')).toContain('--site-url https://d.example/project');

    const astro = await repository({
      'astro.config.mjs': "import starlight from '@astrojs/starlight';\nexport default { site: 'https://a.example', base: '/docs', integrations: [starlight({ title: 'A' })] };\n",
      'src/content/docs/index.mdx': '# A\n',
    });
    const astroRun = await runAsk(['init'], astro);
    await expectWorkflowFor(astro, astroRun, 'src/content/docs');
    expect(astroRun.out).toEqual(expect.arrayContaining(['site name: A', 'site url: https://a.example/docs']));
  });

  it("tells the build the config when the content folder is not below it (Docusaurus's docs.path '../docs')", async () => {
    const dir = await repository({
      'website/docusaurus.config.js': "module.exports = { title: 'D', url: 'https://d.example', baseUrl: '/', presets: [['classic', { docs: { path: '../docs' } }]] };\n",
      'docs/intro.md': '# Intro\n\n## Install\n\nRun it.\n',
    });
    const run = await runAsk(['init'], dir);
    const workflow = await expectWorkflowFor(dir, run, 'docs');
    expect(workflow.on.pull_request.paths).toEqual(['docs/**', 'website/docusaurus.config.js']);
    const buildLine = run.out.at(-3) ?? '';
    expect(buildLine).toContain('--config website/docusaurus.config.js');
    const built = await runAsk(askArgs(buildLine), dir);
    expect(built.code).toBe(0);
    const manifest = JSON.parse(await readFile(path.join(dir, 'digest/manifest.json'), 'utf8')) as { site: { generator: string; name: string } };
    expect(manifest.site).toMatchObject({ generator: 'docusaurus', name: 'D' });
    expect((await runAsk(['digest', 'check', '--content', 'docs', '--out', 'digest'], dir)).code).toBe(0);
  });

  it('writes the workflow at the repository root for a docs folder inside it, with its working directory and its npm install', async () => {
    const root = await repository({
      'site/package.json': JSON.stringify({ devDependencies: { 'ask-docs': '^0.1.0' } }),
      'site/package-lock.json': '{}\n',
      'site/docs/.vitepress/config.mts': "export default { title: 'V' };\n",
      'site/docs/index.md': '# V\n',
    });
    const cwd = path.join(root, 'site');
    const run = await runAsk(['init'], cwd);
    expect(run.code).toBe(0);
    const workflow = await workflowOf(root);
    expect(workflow.defaults?.run['working-directory']).toBe('site');
    expect(workflow.on.pull_request.paths).toEqual(['site/docs/**', 'site/docs/.vitepress/config.mts']);
    expect(workflow.on.push.paths).toContain('site/digest/**');
    expect(workflow.jobs.check.steps.find((step) => step.uses === 'actions/setup-node@v4')?.with).toEqual({ 'node-version': 20, cache: 'npm', 'cache-dependency-path': 'site/package-lock.json' });
    expect(runs(workflow.jobs.check.steps)).toEqual(['npm ci', 'npx ask digest check --content docs --out digest']);
    expect(run.out.slice(-3).map((line) => line.trim())).toEqual([
      'npx ask digest build --content docs --out digest',
      'npx ask serve --content docs',
      'git add ../.github/workflows/ask-digest.yml ../.gitignore digest && git commit -m "Build the docs digest in CI"',
    ]);
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
