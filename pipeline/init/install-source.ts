/**
 * Where a project installed `ask-docs` from when its `package.json` does not say (an
 * `npm install --no-save ./ask-docs-0.1.0.tgz`, a workspace's hoisted entry): npm's lockfiles
 * record it, `package-lock.json` at the lockfile's folder and `node_modules/.package-lock.json`
 * in the project. A tarball, a folder or a git url is kept as the dependency's spec (a `file:`
 * path made relative to the project); a registry's tarball is no spec to keep (the version is).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { NodeProject } from './node-project.ts';

const PACKAGE = 'ask-docs';

interface LockEntry {
  readonly resolved?: unknown;
  readonly link?: unknown;
}

/** The `packages` of an npm lockfile at `file`, or null when it is missing or not one. */
async function lockPackages(file: string): Promise<Readonly<Record<string, LockEntry>> | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as { packages?: unknown };
    return typeof parsed.packages === 'object' && parsed.packages !== null ? (parsed.packages as Record<string, LockEntry>) : null;
  } catch {
    return null;
  }
}

/** `to` relative to `from`, `/` separators, as npm writes a `file:` spec (`file:vendor/ask-docs-0.1.0.tgz`). */
function relativeSpec(from: string, to: string): string {
  return path.relative(from, to).split(path.sep).join('/') || '.';
}

/** The spec an entry's `resolved` stands for, from the project's folder; null for a registry tarball or nothing usable. */
function specOf(entry: LockEntry, lockDir: string, projectDir: string): string | null {
  if (typeof entry.resolved !== 'string' || entry.resolved === '') return null;
  const resolved = entry.resolved;
  // a folder installed as a link is recorded as its path, relative to the lockfile
  if (entry.link === true) return `file:${relativeSpec(projectDir, path.resolve(lockDir, resolved))}`;
  if (resolved.startsWith('file:')) return `file:${relativeSpec(projectDir, path.resolve(lockDir, resolved.slice('file:'.length)))}`;
  if (new RegExp(`/-/${PACKAGE}-[^/]+\\.tgz$`).test(resolved)) return null;
  return resolved;
}

/** The spec `ask-docs` was installed from in `project` as its npm lockfiles record it, or null. */
export async function lockedSpec(project: NodeProject): Promise<string | null> {
  const lockDir = path.dirname(project.lockfile);
  const inLock = path.relative(lockDir, project.dir).split(path.sep).join('/');
  const places: readonly (readonly [file: string, dir: string, keys: readonly string[]])[] = [
    [path.join(project.dir, 'node_modules', '.package-lock.json'), project.dir, [`node_modules/${PACKAGE}`]],
    [path.join(lockDir, 'package-lock.json'), lockDir, [...(inLock === '' ? [] : [`${inLock}/node_modules/${PACKAGE}`]), `node_modules/${PACKAGE}`]],
  ];
  for (const [file, dir, keys] of places) {
    const packages = await lockPackages(file);
    for (const key of keys) {
      const entry = packages?.[key];
      if (entry !== undefined) return specOf(entry, dir, project.dir);
    }
  }
  return null;
}
