/**
 * The workflows docs/ci.md shows: what `ask init` writes for a docs folder with npm (`docs/`, a
 * `package.json` and its lockfile at the root), run for real in a scratch repository. Run it to
 * write them into docs/ci.md after changing the workflows (test/cli/init-workflow.test.ts holds
 * the page to them):
 *
 *   npm run docs:ci
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from '../pipeline/cli/main.ts';
import { COMMENT_WORKFLOW_FILE, WORKFLOW_FILE } from '../pipeline/init/workflow-names.ts';

const SITE: Readonly<Record<string, string>> = {
  'docs/index.md': '# Home\n\nHello.\n',
  'package.json': '{ "name": "site", "private": true }\n',
  'package-lock.json': '{ "lockfileVersion": 3, "packages": {} }\n',
};

/** Each workflow file `ask init` writes for the example site, with its text. */
export async function exampleWorkflows(): Promise<(readonly [file: string, text: string])[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ask-ci-doc-'));
  try {
    for (const [file, text] of Object.entries(SITE)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    execFileSync('git', ['init', '-q'], { cwd: dir });
    const errors: string[] = [];
    const code = await runCli(['init'], { out: () => {}, err: (line) => errors.push(line), env: {}, cwd: dir, interactive: false, stopSignal: new Promise(() => {}) });
    if (code !== 0) throw new Error(`ask init failed: ${errors.join('\n')}`);
    return Promise.all([WORKFLOW_FILE, COMMENT_WORKFLOW_FILE].map(async (file) => [file, await readFile(path.join(dir, file), 'utf8')] as const));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `markdown` with each workflow's block (`<!-- FILE -->` then a yaml fence) replaced by its text. */
export function withWorkflows(markdown: string, workflows: readonly (readonly [file: string, text: string])[]): string {
  let updated = markdown;
  for (const [file, text] of workflows) {
    const mark = `<!-- ${file} -->\n`;
    const start = updated.indexOf(mark);
    if (start === -1) throw new Error(`docs/ci.md has no ${mark.trim()} mark`);
    const end = updated.indexOf('```\n', updated.indexOf('```yaml\n', start) + '```yaml\n'.length);
    updated = `${updated.slice(0, start)}${mark}\`\`\`yaml\n${text}\`\`\`\n${updated.slice(end + '```\n'.length)}`;
  }
  return updated;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const doc = new URL('../docs/ci.md', import.meta.url);
  await writeFile(doc, withWorkflows(await readFile(doc, 'utf8'), await exampleWorkflows()));
  console.log('docs/ci.md: workflows written');
}
