/**
 * The runner's machine for the workflow harness: the fake `gh` first on PATH, npm offline (its
 * cache, filled by this repository's `npm ci`, holds every package the tarball depends on), and
 * a warm runner's `npm ci`: the first `npm ci` of a given package.json and lockfile in a test
 * file is npm's own, offline; a later one of the same two files gets a hard-linked copy of that
 * install (as a runner image with the install cached would), so each scenario does not pay npm's
 * seven seconds again. Every other npm command is npm's.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FakeGh } from './fake-gh.ts';
import type { RunnerMachine } from './workflow-harness.ts';

const NPM_SHIM = `#!/usr/bin/env bash
# the harness's npm: \`npm ci\` of a package.json and lockfile installed before links that install
if [ "$#" -eq 1 ] && [ "$1" = ci ] && [ -f package.json ] && [ -f package-lock.json ]; then
  key=$(cat package.json package-lock.json | sha256sum | cut -c1-32)
  kept="$HARNESS_NPM_INSTALLS/$key"
  if [ -d "$kept/node_modules" ]; then
    rm -rf node_modules
    cp -al "$kept/node_modules" node_modules
    echo "npm ci: the install of this lockfile, made earlier in this test file (harness)"
    exit 0
  fi
  "$HARNESS_REAL_NPM" ci --no-audit --no-fund --loglevel=error
  mkdir -p "$kept"
  cp -al node_modules "$kept/node_modules"
  exit 0
fi
exec "$HARNESS_REAL_NPM" "$@"
`;

/** The machine, its folders under `dir` (on the file system of the runners' folders, for the hard links). */
export async function runnerMachine(dir: string, gh: FakeGh): Promise<RunnerMachine> {
  const bin = path.join(dir, 'npm-bin');
  const installs = path.join(dir, 'npm-installs');
  await mkdir(bin, { recursive: true });
  await mkdir(installs, { recursive: true });
  await writeFile(path.join(bin, 'npm'), NPM_SHIM);
  await chmod(path.join(bin, 'npm'), 0o755);
  const realNpm = execFileSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  return { path: [gh.bin, bin], env: { npm_config_offline: 'true', HARNESS_NPM_INSTALLS: installs, HARNESS_REAL_NPM: realNpm, FAKE_GH_STATE: gh.stateFile } };
}
