/**
 * The Node project a docs site belongs to, for `ask init`: the nearest `package.json` from the
 * content folder up to the repository root (a site folder in a monorepo, else the root's), and
 * the lockfile its install goes by: the nearest from that folder up (a workspace keeps one at its
 * root), its package manager by that lockfile; with no lockfile yet, the manager the
 * `packageManager` field names (npm when none), whose lockfile the author's install will write
 * beside the `package.json`. No `package.json` on the way: not a Node project (Hugo, MkDocs).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { foldersUp } from '../content/generators/detect.ts';
import { CommandFailure } from '../cli/io.ts';
import { managerOfField, managerOfLockfile, type PackageManager } from './package-manager.ts';

export interface NodeProject {
  /** The folder holding the `package.json` (absolute). */
  readonly dir: string;
  /** Its `package.json` as written, and parsed. */
  readonly text: string;
  readonly manifest: Readonly<Record<string, unknown>>;
  readonly manager: PackageManager;
  /** The lockfile (absolute): the one found, else the one the author's install will write. */
  readonly lockfile: string;
  /** True when the lockfile exists. */
  readonly locked: boolean;
}

/** The parsed `package.json` in `dir`, or a one-line failure naming it. */
async function manifestIn(dir: string): Promise<{ readonly text: string; readonly manifest: Record<string, unknown> }> {
  const file = path.join(dir, 'package.json');
  const text = await readFile(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new CommandFailure(`ask init: ${file} is not a JSON object; fix it, then run ask init again`);
  return { text, manifest: parsed as Record<string, unknown> };
}

/** The folders from `dir` up to `root` (both included), with their entries. */
async function* upTo(dir: string, root: string): AsyncGenerator<readonly [dir: string, entries: readonly string[]]> {
  for await (const found of foldersUp(dir)) {
    yield found;
    if (found[0] === root) return;
  }
}

/** The Node project of the content folder `contentDir` in the repository at `root` (see the module comment), or null. */
export async function nodeProjectOf(contentDir: string, root: string): Promise<NodeProject | null> {
  let dir: string | null = null;
  for await (const [folder, entries] of upTo(contentDir, root)) {
    if (entries.includes('package.json')) {
      dir = folder;
      break;
    }
  }
  if (dir === null) return null;
  const { text, manifest } = await manifestIn(dir);
  for await (const [folder, entries] of upTo(dir, root)) {
    const found = await managerOfLockfile(folder, entries);
    if (found !== null) return { dir, text, manifest, manager: found.manager, lockfile: found.lockfile, locked: true };
  }
  const manager = managerOfField(manifest.packageManager);
  return { dir, text, manifest, manager, lockfile: path.join(dir, manager.lockfile), locked: false };
}
