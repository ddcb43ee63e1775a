import { execFile } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import { createDigestArchive } from '../../pipeline/digest/archive.ts';
import { build } from '../support/digest-tree.ts';
import { tarEntries } from '../support/tar-entries.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
const ARCHIVE_NAME = /^archive-[0-9a-f]{16}\.tar\.gz$/;
const tempFolder = tempFoldersPerTest();
let digestDir = '';

beforeEach(async () => {
  digestDir = path.join((await tempFolder()).dir, 'digest');
  await build(SITE, digestDir);
});

async function archiveFile(): Promise<string> {
  const names = (await readdir(digestDir)).filter((name) => ARCHIVE_NAME.test(name));
  expect(names).toHaveLength(1);
  return path.join(digestDir, names[0] ?? '');
}

async function servedArchive(): Promise<Buffer> {
  const handler = createNodeAskHandler({ digestDir, processEnv: {}, log: () => {} });
  const response = await handler(new Request('http://local/api/ask/archive'));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('the archive the build writes', () => {
  it('is the archive of the tree beside it, holding neither itself nor the .gitignore', async () => {
    const written = await readFile(await archiveFile());
    expect(written.equals(Buffer.from(await createDigestArchive(digestDir)))).toBe(true);
    const entries = tarEntries(written);
    expect(entries).toContain('manifest.json');
    expect(entries.some((entry) => ARCHIVE_NAME.test(entry) || entry === '.gitignore')).toBe(false);
  });

  it('is what the archive route serves: the file is read, not made again', async () => {
    const planted = Buffer.from('the bytes the build wrote');
    await writeFile(await archiveFile(), planted);
    expect((await servedArchive()).equals(planted)).toBe(true);
  });

  it('is not served once the manifest changed (another checkout): the archive is made from the tree', async () => {
    await writeFile(await archiveFile(), 'an archive of another digest');
    const manifest = path.join(digestDir, 'manifest.json');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('"schema"', '"schema" '));
    expect((await servedArchive()).equals(Buffer.from(await createDigestArchive(digestDir)))).toBe(true);
  });

  it('is made from the tree when the digest has none (a digest checked out of git)', async () => {
    await rm(await archiveFile());
    const served = await servedArchive();
    expect(served.equals(Buffer.from(await createDigestArchive(digestDir)))).toBe(true);
  });

  it('is kept out of the repository by the .gitignore the build writes beside it', async () => {
    const git = promisify(execFile);
    await git('git', ['init', '--quiet'], { cwd: digestDir });
    const { stdout } = await git('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: digestDir });
    const untracked = stdout.split('\n').filter(Boolean).map((line) => line.slice(3));
    expect(untracked).toContain('manifest.json');
    expect(untracked).toContain('.gitignore');
    expect(untracked.filter((file) => ARCHIVE_NAME.test(file))).toEqual([]);
  });
});
