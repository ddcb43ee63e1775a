import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recoverInterruptedWrite, writeTreeAtomically } from '../../pipeline/digest/write.ts';
import { snapshotTree } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

async function previousDigest() {
  const folder = await freshFolder();
  const out = path.join(folder.dir, 'digest');
  await writeTreeAtomically(out, new Map([['manifest.json', '{"old":true}\n'], ['sections/a/@intro.json', '{}\n']]));
  return { root: folder.dir, out, before: await snapshotTree(out) };
}

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 2_000; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition never held');
}

describe('atomic digest writes', () => {
  it('replaces the whole tree: files of the old tree that are not in the new one are gone', async () => {
    const { out } = await previousDigest();
    await writeTreeAtomically(out, new Map([['manifest.json', '{"new":true}\n']]));
    expect([...(await snapshotTree(out)).entries()]).toEqual([['manifest.json', '{"new":true}\n']]);
  });

  it('a write killed midway leaves the previous tree exactly as it was, and the next write cleans up', async () => {
    const { root, out, before } = await previousDigest();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'write-killed.ts'), out], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // kill it once the half-written temporary tree exists
    await waitFor(async () => (await readdir(root)).some((name) => name.includes('.ask-tmp-')));
    child.kill('SIGKILL');
    await exited;
    expect(await snapshotTree(out)).toEqual(before);
    await recoverInterruptedWrite(out);
    expect(await readdir(root)).toEqual(['digest']);
  });

  it('puts back a tree left aside by a kill between the two renames', async () => {
    const { root, out, before } = await previousDigest();
    const { rename } = await import('node:fs/promises');
    await rename(out, `${out}.ask-old-123-abc`);
    await recoverInterruptedWrite(out);
    expect(await readdir(root)).toEqual(['digest']);
    expect(await snapshotTree(out)).toEqual(before);
  });
});
