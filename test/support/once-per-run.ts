/**
 * Work done once per test run and shared by every test file that asks for it: the first file to
 * ask does it, the others wait for its result. A folder per key under this run's work folder is
 * the lock (`mkdir` succeeds for one caller only); `ready` holds the result, `failed` the error.
 * The run's folder is removed when the run ends (test/setup/test-run.ts).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const REPOSITORY = path.join(import.meta.dirname, '..', '..');

/** This run's work folder under `.test-work/` (set by the vitest globalSetup). */
export function runFolder(): string {
  const id = process.env.ASK_TEST_RUN;
  if (id === undefined) throw new Error('ASK_TEST_RUN is not set: run the tests through vitest (test/setup/test-run.ts)');
  return path.join(REPOSITORY, '.test-work', `run-${id}`);
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs `work(folder)` once per test run for `key` and resolves to the string it returned, in this
 * file and in every other file that asks with the same key; `folder` is the key's own folder.
 */
export async function oncePerRun(key: string, work: (folder: string) => Promise<string>, waitMs = 300_000): Promise<string> {
  const folder = path.join(runFolder(), key);
  await mkdir(path.dirname(folder), { recursive: true });
  const ready = path.join(folder, 'ready');
  const failed = path.join(folder, 'failed');
  try {
    await mkdir(folder);
  } catch {
    for (let waited = 0; waited < waitMs; waited += 250) {
      const done = await readFile(ready, 'utf8').catch(() => null);
      if (done !== null) return done;
      const failure = await readFile(failed, 'utf8').catch(() => null);
      if (failure !== null) throw new Error(`${key} failed in another test file: ${failure}`);
      await sleep(250);
    }
    throw new Error(`timed out waiting for another test file to finish ${key}`);
  }
  try {
    const result = await work(folder);
    await writeFile(ready, result);
    return result;
  } catch (error) {
    await writeFile(failed, error instanceof Error ? error.message : String(error));
    throw error;
  }
}
