/**
 * Issue 23, item 5: the platform's data folder is private. It was created 0755
 * with database files 0666, so another local user could read the sealing key,
 * the owner's address and password hash out of the write-ahead log.
 */
import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPlatformCore } from '../../platform/index.ts';
import { TEST_PASSWORD_HASH_COST } from '../support/platform-harness.ts';

const OWNER = { email: 'root@example.com', password: 'Granite-Falcon-guess-1' };

const parents: string[] = [];
afterEach(async () => {
  while (parents.length > 0) await rm(parents.pop() ?? '', { recursive: true, force: true });
});

async function freshParent(): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), 'platform-data-folder-'));
  parents.push(parent);
  return parent;
}

/** Every file and folder under `folder` (itself excluded) whose mode gives the group or others any access. */
async function openToOthers(folder: string): Promise<string[]> {
  const loose: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() && !entry.isDirectory()) continue;
    const path = join(entry.parentPath, entry.name);
    if (((await stat(path)).mode & 0o077) !== 0) loose.push(path);
  }
  return loose;
}

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

async function openAndClose(dataDir: string, log: (line: string) => void = () => undefined): Promise<void> {
  const core = await openPlatformCore({ dataDir, owner: OWNER, passwordHashCost: TEST_PASSWORD_HASH_COST, log });
  expect(await modeOf(dataDir)).toBe(0o700);
  expect(await openToOthers(dataDir)).toEqual([]);
  await core.close();
}

describe('the data folder', () => {
  it('is created 0700 and every database file in it is private to the user, while open and after', async () => {
    const dataDir = join(await freshParent(), 'state');
    await openAndClose(dataDir);
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await openToOthers(dataDir)).toEqual([]);
    // The files the database holds the secrets in are there, and private.
    expect(await modeOf(join(dataDir, 'PG_VERSION'))).toBe(0o600);
  });

  it('an existing folder open to others is tightened to 0700, said in one log line', async () => {
    const dataDir = join(await freshParent(), 'state');
    await openAndClose(dataDir);
    await chmod(dataDir, 0o755);
    await chmod(join(dataDir, 'PG_VERSION'), 0o666);
    const lines: string[] = [];
    await openAndClose(dataDir, (line) => lines.push(line));
    expect(await modeOf(join(dataDir, 'PG_VERSION'))).toBe(0o600);
    const said = lines.filter((line) => line.includes('tightened'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(dataDir);
    expect(said[0]).not.toContain('\n');
  });

  it('a --data that is not a folder is refused with one line naming it', async () => {
    const file = join(await freshParent(), 'not-a-folder');
    await writeFile(file, 'x');
    await expect(openPlatformCore({ dataDir: file, owner: OWNER, passwordHashCost: TEST_PASSWORD_HASH_COST }))
      .rejects.toThrow(/^(?!.*\n).*not-a-folder.*$/);
  });
});
