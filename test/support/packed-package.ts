/**
 * The package as a stranger gets it. `npm pack` runs once per test run (the first file to ask
 * packs, the others wait for its tarball), and `installPackage` puts the tarball into a fresh
 * project with `npm install --offline <tarball>`: the project's lockfile pins the versions this
 * repository locks, so npm takes every dependency from its cache (filled by `npm ci`) and asks
 * the registry nothing. Projects live under `.test-work/` in the repository, so the ones that
 * need the repository's dev tools (astro, its adapters) find them in its node_modules.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { oncePerRun, REPOSITORY, runFolder } from './once-per-run.ts';

export { REPOSITORY };

const run = promisify(execFile);

/**
 * This process's environment for a child in a stranger project: without npm's own variables
 * (from the `npm test` that started us) and without provider keys (a developer's key would
 * turn the offline build into a paid one), plus `extra`.
 */
export function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.toLowerCase().startsWith('npm_') && !name.endsWith('_API_KEY')) env[name] = value;
  return { ...env, ...extra };
}

async function pack(folder: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--pack-destination', folder, '--silent'], { cwd: REPOSITORY, env: cleanEnvironment(), maxBuffer: 64 * 1024 * 1024 });
  const name = stdout.trim().split('\n').at(-1)?.trim();
  if (name === undefined || !name.endsWith('.tgz')) throw new Error(`npm pack printed no tarball name: ${stdout}`);
  return path.join(folder, name);
}

/** The path of this run's packed tarball, packing it if no other test file has. */
export async function packedTarball(): Promise<string> {
  return oncePerRun('pack', pack);
}

interface LockEntry {
  readonly dev?: boolean;
  readonly devOptional?: boolean;
  readonly link?: boolean;
  readonly [field: string]: unknown;
}

/**
 * The lockfile of a project that depends on nothing but the tarball: the tarball's entry, and
 * every package this repository locks for production, at the same versions and integrities;
 * `field` is where the project lists it (`devDependencies`: every entry is a dev one).
 */
export async function lockfileFor(tarballSpec: string, tarball: string, field: 'dependencies' | 'devDependencies' = 'dependencies'): Promise<string> {
  const repositoryLock = JSON.parse(await readFile(path.join(REPOSITORY, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const manifest = JSON.parse(await readFile(path.join(REPOSITORY, 'package.json'), 'utf8')) as Record<string, unknown>;
  const integrity = `sha512-${createHash('sha512').update(await readFile(tarball)).digest('base64')}`;
  const packages: Record<string, unknown> = {
    '': { name: 'stranger-site', [field]: { [String(manifest.name)]: tarballSpec } },
    [`node_modules/${String(manifest.name)}`]: {
      ...(field === 'devDependencies' ? { dev: true } : {}),
      version: manifest.version,
      resolved: tarballSpec,
      integrity,
      dependencies: manifest.dependencies,
      bin: manifest.bin,
      engines: manifest.engines,
      peerDependencies: manifest.peerDependencies,
      peerDependenciesMeta: manifest.peerDependenciesMeta,
    },
  };
  for (const [key, entry] of Object.entries(repositoryLock.packages)) {
    if (!key.startsWith('node_modules/') || entry.dev === true || entry.link === true) continue;
    // a production package of ours is no longer optional for dev in the stranger's lock
    packages[key] = { ...Object.fromEntries(Object.entries(entry).filter(([name]) => name !== 'devOptional')), ...(field === 'devDependencies' ? { dev: true } : {}) };
  }
  return `${JSON.stringify({ name: 'stranger-site', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`;
}

/**
 * A fresh project folder under `.test-work/` (removed when the run ends), a git repository of its
 * own as a stranger's is: `ask` looks for `ask.config.json` up to the repository root, and never
 * reaches this repository's.
 */
export async function projectFolder(name: string): Promise<string> {
  const dir = path.join(runFolder(), `${name}-${Math.random().toString(36).slice(2, 8)}`);
  await mkdir(dir, { recursive: true });
  await run('git', ['init', '-q'], { cwd: dir });
  return dir;
}

/**
 * `npm install --offline <tarball>` into `dir` (a fresh project, `package.json` written here
 * unless there is one): resolves to the installed package's name.
 */
export async function installPackage(dir: string): Promise<string> {
  const tarball = await packedTarball();
  const spec = `file:${path.relative(dir, tarball)}`;
  const existing = await readdir(dir);
  if (!existing.includes('package.json')) await writeFile(path.join(dir, 'package.json'), `${JSON.stringify({ name: 'stranger-site', private: true, type: 'module' }, null, 2)}\n`);
  await writeFile(path.join(dir, 'package-lock.json'), await lockfileFor(spec, tarball));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', path.relative(dir, tarball)], { cwd: dir, env: cleanEnvironment(), maxBuffer: 64 * 1024 * 1024 });
  const manifest = JSON.parse(await readFile(path.join(REPOSITORY, 'package.json'), 'utf8')) as { name: string };
  return manifest.name;
}

/** Removes a project folder. */
export async function removeProject(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
