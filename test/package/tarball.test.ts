import { execFile } from 'node:child_process';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startListening, type ListeningProcess } from '../support/listening-process.ts';
import { cleanEnvironment, installPackage, projectFolder, removeProject, REPOSITORY } from '../support/packed-package.ts';

const run = promisify(execFile);

/** Three small pages of a site that is not ours to know: what a stranger's docs folder holds. */
const DOCS: Record<string, string> = {
  'docs/index.md': '---\ntitle: Lantern\n---\n# Lantern\n\nLantern lights the paths of a garden at dusk.\n\n## Install the lantern\n\nRun `npm install lantern` and restart the garden server.\n',
  'docs/guide/wicks.md': '# Wicks\n\nA wick burns for six hours.\n\n## Trim a wick\n\nTrim the wick to 5 mm before each lighting.\n',
  'docs/guide/oil.md': '# Oil\n\nUse paraffin oil only.\n\n## Refill the reservoir\n\nUnscrew the cap and pour slowly.\n',
};

/** What a TypeScript user of each entry writes; an error here (or an unused expect-error) fails the compile. */
const TYPED_USE = `import { loadSearchIndex, searchKeyword, type KeywordResult } from 'ask-docs';
import { createAskHandler, type AskHandler } from 'ask-docs/runtime';
import { createNodeAskHandler, nodeRequestListener } from 'ask-docs/node';
import ask from 'ask-docs/astro';
import type { AskSearch } from 'ask-docs/overlay';

const index = await loadSearchIndex('digest');
const results: KeywordResult[] = searchKeyword(index, 'wick', { maxResults: 3 });
const first: string | undefined = results[0]?.url;
// @ts-expect-error: the query is a string
searchKeyword(index, 42);
const handler: AskHandler = createNodeAskHandler({ digestDir: 'digest' });
const listener = nodeRequestListener(handler);
const integration = ask({ endpoint: '/api/ask', overlay: true });
const name: string = integration.name;
type Element = AskSearch['endpoint'];
const element: Element = '/api/ask';
export { first, listener, name, element, createAskHandler };
`;

describe('the packed package, installed into a stranger project', () => {
  let project = '';
  let packageName = '';
  let server: ListeningProcess | null = null;

  beforeAll(async () => {
    project = await projectFolder('stranger');
    packageName = await installPackage(project);
    for (const [file, text] of Object.entries(DOCS)) {
      await mkdir(path.dirname(path.join(project, file)), { recursive: true });
      await writeFile(path.join(project, file), text);
    }
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await removeProject(project);
  });

  const npx = (argv: readonly string[]) => run('npx', ['--no-install', ...argv], { cwd: project, env: cleanEnvironment({ CI: 'true' }) });

  it('carries compiled JavaScript and types, and no TypeScript sources or tsx', async () => {
    const installed = path.join(project, 'node_modules', packageName);
    await access(path.join(installed, 'dist', 'pipeline', 'index.js'));
    await access(path.join(installed, 'dist', 'pipeline', 'index.d.ts'));
    await expect(access(path.join(installed, 'pipeline'))).rejects.toThrow();
    await expect(access(path.join(project, 'node_modules', 'tsx'))).rejects.toThrow();
  });

  it('imports each Node entry with the reviewed export names', async () => {
    const reviewed = JSON.parse(await readFile(path.join(REPOSITORY, 'test', 'package', 'export-names.json'), 'utf8')) as Record<string, string[]>;
    const script = `const names = {};
for (const entry of ['.', './runtime', './node', './astro']) names[entry] = Object.keys(await import(entry === '.' ? '${packageName}' : '${packageName}' + entry.slice(1))).sort();
console.log(JSON.stringify(names));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    const names = JSON.parse(stdout) as Record<string, string[]>;
    for (const entry of ['.', './runtime', './node', './astro']) expect(names[entry]).toEqual(reviewed[entry]);
  });

  it('type-checks a TypeScript use of every entry against the shipped .d.ts files', async () => {
    await writeFile(path.join(project, 'use.ts'), TYPED_USE);
    await writeFile(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, lib: ['ES2023', 'DOM'], types: [] }, files: ['use.ts'] }),
    );
    const tsc = path.join(REPOSITORY, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project }).then(
      () => 'clean',
      (error: { stdout?: string }) => error.stdout ?? 'failed',
    );
    expect(result).toBe('clean');
  }, 60_000);

  it('bundles the overlay and the runtime for a browser or a worker: no node: import in either', async () => {
    const { build } = await import('esbuild');
    for (const entry of [`${packageName}/overlay`, `${packageName}/runtime`]) {
      const result = await build({
        stdin: { contents: `export * from '${entry}';`, resolveDir: project, loader: 'js' },
        bundle: true,
        platform: 'browser',
        conditions: ['workerd', 'worker', 'browser'],
        format: 'esm',
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      const imports = Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((imported) => imported.path));
      expect(imports.filter((imported) => imported.startsWith('node:'))).toEqual([]);
    }
    const css = await readFile(path.join(project, 'node_modules', packageName, 'dist', 'overlay', 'ask-search.css'), 'utf8');
    expect(css).toContain('ask-search');
    expect(css).not.toContain('@import');
  }, 60_000);

  it('installs a second bin, ask-docs, the same program (so `npx ask-docs init` names this package)', async () => {
    const { version } = JSON.parse(await readFile(path.join(REPOSITORY, 'package.json'), 'utf8')) as { version: string };
    for (const bin of ['ask', 'ask-docs']) expect((await npx([bin, '--version'])).stdout.trim(), bin).toBe(version);
  }, 60_000);

  it('builds a digest with `npx ask digest build`, checks it, and bundles a worker from it', async () => {
    const build = await npx(['ask', 'digest', 'build', '--content', 'docs', '--provider', 'offline']);
    expect(build.stdout).toMatch(/^digest built: 3 pages, 6 sections/m);
    const check = await npx(['ask', 'digest', 'check', '--content', 'docs']);
    expect(check.stdout.trim()).toBe('digest is current: digest matches docs');
    const worker = await npx(['ask', 'worker', 'build']);
    expect(worker.stdout).toMatch(/^wrote worker\/worker\.js: [\d.]+ KB \([\d.]+ KB gzip\)$/m);
  }, 60_000);

  it('serves it with `npx ask serve`: keyword search finds the page that answers', async () => {
    server = await startListening('npx', ['--no-install', 'ask', 'serve', '--port', '0'], { cwd: project, env: cleanEnvironment({ CI: 'true' }) });
    const url = server.url;
    const response = await fetch(`${url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'trim the wick', mode: 'keyword' }) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: { url: string }[] };
    expect(body.results[0]?.url).toBe('/guide/wicks#trim-a-wick');
    // the search box, bundled by the installed esbuild from the compiled element
    const script = await fetch(`${url}/ask-search.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('ask-search');
  }, 60_000);
});
