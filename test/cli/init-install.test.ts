/**
 * How `ask init` gets `ask` to the workflow and to the author: `ask-docs` in the Node project's
 * `devDependencies` (an entry kept as it is; else the spec the npm lockfile shows it was
 * installed from; else the running version), the locked install of the project's own package
 * manager and its own bin; no Node project: the exact version installed globally without
 * scripts. No command it prints or writes names a package that could be another one.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAsk, type CliRun } from '../support/cli.ts';
import { allRuns, lintWorkflow, runs, written, type Written } from '../support/init-output.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();
const VERSION = (JSON.parse(await readFile(path.join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
const PAGES = { 'docs/index.md': '# Home\n\nHello.\n' };

async function initIn(files: Record<string, string>, sub = ''): Promise<{ readonly root: string; readonly run: CliRun; readonly files: Written }> {
  const { dir } = await freshFolder(files);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  const run = await runAsk(['init'], path.join(dir, sub));
  expect(run.err).toEqual([]);
  expect(run.code).toBe(0);
  const result = await written(dir);
  expect(await lintWorkflow(result.texts[0] ?? '', 'ask-digest.yml')).toEqual([]);
  return { root: dir, run, files: result };
}

async function manifest(root: string, sub = ''): Promise<{ devDependencies?: Record<string, string>; dependencies?: Record<string, string> }> {
  return JSON.parse(await readFile(path.join(root, sub, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
}

/** Every word that starts a package fetch or a bin run in the lines: none may name a package but ask-docs. */
function expectOnlyAskDocs(lines: readonly string[]): void {
  for (const line of lines) {
    expect(line).not.toMatch(/\bnpx (?!--no -- ask-docs\b)/);
    expect(line).not.toMatch(/--package=/);
    expect(line).not.toMatch(/(?:^|[\s;&|(])ask (?:digest|serve|init)\b/);
    for (const match of line.matchAll(/install --global --ignore-scripts (\S+)/g)) expect(match[1]).toBe(`ask-docs@${VERSION}`);
  }
}

/** The install steps of the review job: their names and commands (and working directories). */
function installSteps(files: Written): string[] {
  return files.digest.jobs.digest.steps.filter((step) => step.name === 'Install ask' || step.name === 'Enable corepack' || step.name === 'Set up Bun').map((step) => `${step.run ?? step.uses ?? ''}${step['working-directory'] === undefined ? '' : ` (in ${step['working-directory']})`}`);
}

describe('ask init: the ask-docs dependency and the install', () => {
  it('adds ask-docs at the running version to a package.json that has none, keeping its indentation, and tells the author to install', async () => {
    const { root, run, files } = await initIn({ ...PAGES, 'package.json': '{\n    "name": "site",\n    "devDependencies": {\n        "vitepress": "^1.6.0"\n    }\n}\n' });
    expect(await readFile(path.join(root, 'package.json'), 'utf8')).toBe(`{\n    "name": "site",\n    "devDependencies": {\n        "ask-docs": "${VERSION}",\n        "vitepress": "^1.6.0"\n    }\n}\n`);
    expect(run.out).toContain(`added ask-docs ${VERSION} to package.json (devDependencies): npm install writes it into package-lock.json, and the workflow installs from that lockfile (npm ci)`);
    expect(run.out.slice(-4, -1).map((line) => line.trim())).toEqual(['npm install', 'npx --no -- ask-docs digest build', 'npx --no -- ask-docs serve']);
    expect(installSteps(files)).toEqual(['npm ci']);
    expect(runs(files.digest.jobs.digest)).toContain('npx --no -- ask-docs digest build');
    expectOnlyAskDocs([...run.out, ...allRuns(files)]);
  });

  it('keeps an entry that is there, in whatever field', async () => {
    const { root, run } = await initIn({ ...PAGES, 'package.json': '{ "name": "site", "dependencies": { "ask-docs": "github:docs-team/ask#v0.1.0" } }\n' });
    expect(await readFile(path.join(root, 'package.json'), 'utf8')).toBe('{ "name": "site", "dependencies": { "ask-docs": "github:docs-team/ask#v0.1.0" } }\n');
    expect(run.out).toContain('package.json lists ask-docs already (github:docs-team/ask#v0.1.0): kept; the workflow runs npm ci by package-lock.json');
  });

  it("takes the tarball, folder or git spec it was installed from when the project's npm lockfiles show one", async () => {
    const lock = { lockfileVersion: 3, packages: { '': { name: 'site' }, 'node_modules/ask-docs': { version: VERSION, resolved: 'file:vendor/ask-docs-0.1.0.tgz', integrity: 'sha512-x' } } };
    const tarball = await initIn({ ...PAGES, 'package.json': '{ "name": "site" }\n', 'package-lock.json': JSON.stringify(lock) });
    expect((await manifest(tarball.root)).devDependencies).toEqual({ 'ask-docs': 'file:vendor/ask-docs-0.1.0.tgz' });

    // installed without saving: node_modules' own lockfile says from where (relative to the project)
    const hidden = { packages: { 'node_modules/ask-docs': { version: VERSION, resolved: '../ask', link: true } } };
    const linked = await initIn({ ...PAGES, 'package.json': '{ "name": "site" }\n', 'node_modules/.package-lock.json': JSON.stringify(hidden) });
    expect((await manifest(linked.root)).devDependencies).toEqual({ 'ask-docs': 'file:../ask' });

    // a registry's tarball is no spec to keep: the version is
    const registry = { packages: { 'node_modules/ask-docs': { version: VERSION, resolved: `https://registry.npmjs.org/ask-docs/-/ask-docs-${VERSION}.tgz` } } };
    const fromRegistry = await initIn({ ...PAGES, 'package.json': '{ "name": "site" }\n', 'package-lock.json': JSON.stringify(registry) });
    expect((await manifest(fromRegistry.root)).devDependencies).toEqual({ 'ask-docs': VERSION });
  });

  it('runs the locked install of the package manager its lockfile names, set up by corepack or Bun, and its own bin', async () => {
    const cases = [
      { lockfile: ['pnpm-lock.yaml', "lockfileVersion: '9.0'\n"], install: ['corepack enable', 'pnpm install --frozen-lockfile'], ask: 'pnpm exec ask-docs', author: 'pnpm install' },
      { lockfile: ['yarn.lock', '__metadata:\n  version: 8\n'], install: ['corepack enable', 'yarn install --immutable'], ask: 'yarn ask-docs', author: 'yarn install' },
      { lockfile: ['yarn.lock', '# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.\n# yarn lockfile v1\n'], install: ['corepack enable', 'yarn install --frozen-lockfile'], ask: 'yarn ask-docs', author: 'yarn install' },
      { lockfile: ['bun.lock', '{ "lockfileVersion": 1 }\n'], install: ['oven-sh/setup-bun@735343b667d3e6f658f44d0eca948eb6282f2b76', 'bun install --frozen-lockfile'], ask: 'bun run ask-docs', author: 'bun install' },
    ] as const;
    for (const { lockfile, install, ask, author } of cases) {
      const { run, files } = await initIn({ ...PAGES, 'package.json': '{ "name": "site" }\n', [lockfile[0]]: lockfile[1] });
      expect(installSteps(files), lockfile[1]).toEqual(install);
      expect(runs(files.digest.jobs.digest)).toContain(`${ask} digest build`);
      // npm's cache only: setup-node's cache for the others needs them installed before it
      expect(files.digest.jobs.digest.steps.find((step) => step.name === 'Set up Node.js')?.with).toEqual({ 'node-version': 24 });
      expect(files.digest.on.push.paths).toContain(lockfile[0]);
      expect(run.out.slice(-4, -1).map((line) => line.trim())).toEqual([author, `${ask} digest build`, `${ask} serve`]);
      expectOnlyAskDocs([...run.out, ...allRuns(files)]);
    }
  });

  it("with no lockfile yet, the manager package.json's packageManager names (its lockfile to commit)", async () => {
    const { run, files } = await initIn({ ...PAGES, 'package.json': '{ "name": "site", "packageManager": "pnpm@9.15.0" }\n' });
    expect(installSteps(files)).toEqual(['corepack enable', 'pnpm install --frozen-lockfile']);
    expect(run.out.at(-1)).toContain(' pnpm-lock.yaml ');
  });

  it('in a workspace: the nearest package.json between the content and the root gets the dependency, the install runs where the lockfile is', async () => {
    const { root, run, files } = await initIn(
      {
        'package.json': '{ "name": "monorepo", "private": true }\n',
        'pnpm-lock.yaml': "lockfileVersion: '9.0'\n",
        'pnpm-workspace.yaml': 'packages:\n  - website\n',
        'website/package.json': '{ "name": "website" }\n',
        'website/docs/index.md': '# Home\n',
      },
      'website',
    );
    expect((await manifest(root, 'website')).devDependencies).toEqual({ 'ask-docs': VERSION });
    expect((await manifest(root)).devDependencies).toBeUndefined();
    expect(files.digest.jobs.digest.defaults?.run['working-directory']).toBe('website');
    expect(installSteps(files)).toEqual(['corepack enable', 'pnpm install --frozen-lockfile (in .)']);
    expect(run.out.slice(-4, -1).map((line) => line.trim())).toEqual(['cd .. && pnpm install', 'pnpm exec ask-docs digest build', 'pnpm exec ask-docs serve']);
  });

  it('with no package.json (MkDocs, Hugo, mdBook): the exact running version installed globally without install scripts, then ask-docs', async () => {
    const { root, run, files } = await initIn({ 'mkdocs.yml': 'site_name: M\n', 'docs/index.md': '# M\n' });
    const install = `npm install --global --ignore-scripts ask-docs@${VERSION}`;
    expect(installSteps(files)).toEqual([install]);
    expect(runs(files.digest.jobs.digest)).toContain('ask-docs digest build');
    expect(files.digest.jobs.digest.steps.find((step) => step.name === 'Set up Node.js')?.with).toEqual({ 'node-version': 24 });
    expect(run.out).toContain(`no package.json between the content and the repository root: the workflow installs ask-docs@${VERSION} globally, without install scripts`);
    expect(run.out.slice(-4, -1).map((line) => line.trim())).toEqual([install, 'ask-docs digest build', 'ask-docs serve']);
    await expect(readFile(path.join(root, 'package.json'), 'utf8')).rejects.toThrow();
    expectOnlyAskDocs([...run.out, ...allRuns(files)]);
  });
});
