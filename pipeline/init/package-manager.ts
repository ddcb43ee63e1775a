/**
 * The package managers a docs repository may use, each as `ask init` writes it: its lockfiles, the
 * locked install the workflow runs (never one that rewrites the lockfile), how it is set up on a
 * runner (pnpm and Yarn through corepack, Bun through its setup action), how it runs a bin of the
 * project, and the install an author runs to put `ask-docs` into the lockfile.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

type ManagerName = 'npm' | 'pnpm' | 'yarn' | 'yarn-classic' | 'bun';

export interface PackageManager {
  readonly name: ManagerName;
  /** The lockfile it writes when there is none yet. */
  readonly lockfile: string;
  /** How the runner gets it: nothing (npm comes with Node), `corepack enable`, or Bun's setup action. */
  readonly setup: 'none' | 'corepack' | 'bun';
  /** The locked install, in CI. */
  readonly lockedInstall: string;
  /** The install that writes the lockfile, on the author's machine. */
  readonly install: string;
  /** The project's own `ask-docs` bin, never a package fetched by name. */
  readonly exec: string;
}

const MANAGERS: Readonly<Record<ManagerName, PackageManager>> = {
  npm: { name: 'npm', lockfile: 'package-lock.json', setup: 'none', lockedInstall: 'npm ci', install: 'npm install', exec: 'npx --no -- ask-docs' },
  pnpm: { name: 'pnpm', lockfile: 'pnpm-lock.yaml', setup: 'corepack', lockedInstall: 'pnpm install --frozen-lockfile', install: 'pnpm install', exec: 'pnpm exec ask-docs' },
  yarn: { name: 'yarn', lockfile: 'yarn.lock', setup: 'corepack', lockedInstall: 'yarn install --immutable', install: 'yarn install', exec: 'yarn ask-docs' },
  'yarn-classic': { name: 'yarn-classic', lockfile: 'yarn.lock', setup: 'corepack', lockedInstall: 'yarn install --frozen-lockfile', install: 'yarn install', exec: 'yarn ask-docs' },
  bun: { name: 'bun', lockfile: 'bun.lock', setup: 'bun', lockedInstall: 'bun install --frozen-lockfile', install: 'bun install', exec: 'bun run ask-docs' },
};

/** Each lockfile name and the manager it belongs to (`yarn.lock`: Yarn 2+ unless its header says v1). */
const LOCKFILES: readonly (readonly [file: string, manager: ManagerName])[] = [
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
];

/** The manager of a lockfile found in `dir` among its `entries`, or null. */
export async function managerOfLockfile(dir: string, entries: readonly string[]): Promise<{ readonly manager: PackageManager; readonly lockfile: string } | null> {
  const found = LOCKFILES.find(([file]) => entries.includes(file));
  if (found === undefined) return null;
  const [file, name] = found;
  const lockfile = path.join(dir, file);
  if (name !== 'yarn') return { manager: MANAGERS[name], lockfile };
  const head = (await readFile(lockfile, 'utf8').catch(() => '')).slice(0, 200);
  return { manager: MANAGERS[/^# yarn lockfile v1/m.test(head) ? 'yarn-classic' : 'yarn'], lockfile };
}

/** The manager a `package.json`'s `packageManager` field names (`pnpm@9.1.0`, `yarn@1.22.22`), npm when it names none. */
export function managerOfField(field: unknown): PackageManager {
  const match = typeof field === 'string' ? /^(npm|pnpm|yarn|bun)@(\d+)/.exec(field) : null;
  if (match === null) return MANAGERS.npm;
  const [, name, major] = match;
  if (name === 'yarn') return MANAGERS[major === '1' ? 'yarn-classic' : 'yarn'];
  return MANAGERS[name as 'npm' | 'pnpm' | 'bun'];
}
