import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create } from 'tar';
import { describe, expect, it } from 'vitest';
import { mirrorDigest, UnsafeArchiveError } from '../../pipeline/mcp/mirror.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

/** A fetch that serves one archive for HEAD and GET of `/archive`, as a hostile server would. */
function serving(bytes: Uint8Array<ArrayBuffer>): typeof fetch {
  return (_input, init) =>
    Promise.resolve(new Response(init?.method === 'HEAD' ? null : bytes, { headers: { 'x-ask-content-hash': 'remote-hash', 'content-type': 'application/gzip' } }));
}

async function archiveOf(dir: string, entries: string[]): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of create({ cwd: dir, gzip: true, preservePaths: true }, entries)) chunks.push(Buffer.from(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

describe('mirroring a remote digest', () => {
  it('refuses an archive whose entries climb out of the mirror, and writes nothing outside', async () => {
    const folder = await freshFolder({ 'src/manifest.json': '{}', 'outside.txt': 'original' });
    await mkdir(path.join(folder.dir, 'cache'));
    const bytes = await archiveOf(path.join(folder.dir, 'src'), ['manifest.json', '../outside.txt']);
    await writeFile(path.join(folder.dir, 'outside.txt'), 'original');
    await expect(mirrorDigest('http://remote/api/ask', path.join(folder.dir, 'cache'), serving(bytes))).rejects.toThrow(UnsafeArchiveError);
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(path.join(folder.dir, 'outside.txt'), 'utf8')).toBe('original');
    expect(await readdir(path.join(folder.dir, 'cache'))).toEqual([]);
  });

  it('refuses an archive holding a symbolic link', async () => {
    const folder = await freshFolder({ 'src/manifest.json': '{}' });
    const { symlink } = await import('node:fs/promises');
    await symlink('/etc/passwd', path.join(folder.dir, 'src', 'link'));
    const bytes = await archiveOf(path.join(folder.dir, 'src'), ['manifest.json', 'link']);
    await expect(mirrorDigest('http://remote/api/ask', path.join(folder.dir, 'cache'), serving(bytes))).rejects.toThrow(/not a plain file/);
  });
});
