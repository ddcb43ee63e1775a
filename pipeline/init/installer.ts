/**
 * How the workflow gets `ask`: when the repository's `package.json` lists `ask-docs`, its own
 * install (by its lockfile: `npm ci`, pnpm or yarn through corepack, else `npm install`) and
 * `npx ask`; otherwise no install at all and `npx --package=ask-docs@<version> ask`, so a
 * repository without Node (MkDocs, Hugo) still runs it, and never npm's unrelated `ask` package.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { foldersUp } from '../content/generators/detect.ts';

export interface AskInstall {
  /** The shell commands that install the repository's dependencies (after setup-node); none when ask is fetched by npx. */
  readonly installCommands: readonly string[];
  /** The npm lockfile setup-node caches by, relative to the repository root; null: no cache. */
  readonly npmLockfile: string | null;
  /** How the workflow runs ask (`npx ask`). */
  readonly workflowAsk: string;
  /** How a person runs it in this folder. */
  readonly localAsk: string;
}

const LOCKFILES: readonly (readonly [file: string, commands: readonly string[]])[] = [
  ['package-lock.json', ['npm ci']],
  ['npm-shrinkwrap.json', ['npm ci']],
  ['pnpm-lock.yaml', ['corepack enable', 'pnpm install --frozen-lockfile']],
  ['yarn.lock', ['corepack enable', 'yarn install --frozen-lockfile']],
];

/** True when the `package.json` in `dir` lists `ask-docs` among its dependencies. */
async function listsAskDocs(dir: string): Promise<boolean> {
  const text = await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => null);
  if (text === null) return false;
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof manifest !== 'object' || manifest === null) return false;
  return ['dependencies', 'devDependencies', 'optionalDependencies'].some((field) => {
    const listed = (manifest as Record<string, unknown>)[field];
    return typeof listed === 'object' && listed !== null && 'ask-docs' in listed;
  });
}

/** How `ask` is installed and run for the repository at `root`, working in `cwd`; `version` pins the npx fallback. */
export async function askInstall(cwd: string, root: string, version: string): Promise<AskInstall> {
  if (!(await listsAskDocs(cwd))) {
    const pkg = version === 'unknown' ? 'ask-docs' : `ask-docs@${version}`;
    return { installCommands: [], npmLockfile: null, workflowAsk: `npx --yes --package=${pkg} ask`, localAsk: `npx --package=${pkg} ask` };
  }
  for await (const [dir, entries] of foldersUp(cwd)) {
    const lock = LOCKFILES.find(([file]) => entries.includes(file));
    if (lock !== undefined) {
      const [file, installCommands] = lock;
      const npmLockfile = installCommands[0] === 'npm ci' ? path.relative(root, path.join(dir, file)).split(path.sep).join('/') : null;
      return { installCommands, npmLockfile, workflowAsk: 'npx ask', localAsk: 'npx ask' };
    }
    if (dir === root) break;
  }
  return { installCommands: ['npm install'], npmLockfile: null, workflowAsk: 'npx ask', localAsk: 'npx ask' };
}
