import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar';
import { AskError } from '../errors.ts';
import { byteCap } from './mirror-download.ts';
import { mebibytes } from './mirror-limits.ts';

/** The archive tried to write outside its folder, or held something other than plain files. */
export class UnsafeArchiveError extends AskError {
  override readonly name = 'UnsafeArchiveError';
}

function safeEntryPath(entryPath: string): boolean {
  const normalized = entryPath.replace(/\\/g, '/');
  return !normalized.startsWith('/') && !/^[a-zA-Z]:/.test(normalized) && !normalized.split('/').includes('..');
}

/**
 * Extracts the gzip tar at `archiveFile` into `into`, streaming: the decompressed bytes are
 * counted on their way to the tar parser and the extraction fails once they pass
 * `maxUnpackedBytes` (a decompression bomb stops there, in memory and on disk). Entries outside
 * the folder or that are not plain files or folders refuse the whole archive.
 */
export async function extractArchive(archiveFile: string, into: string, maxUnpackedBytes: number): Promise<void> {
  // set inside the filter callback, which the compiler does not follow: typed by assertion so it is not narrowed to null
  let refused = null as string | null;
  const unpack = extract({
    cwd: into,
    strict: true,
    preservePaths: false,
    filter: (entryPath, entry) => {
      const type = 'type' in entry ? entry.type : 'File';
      const ok = safeEntryPath(entryPath) && (type === 'File' || type === 'OldFile' || type === 'Directory');
      if (!ok) refused ??= entryPath;
      return ok;
    },
  });
  const unpacked = new Promise<void>((resolve, reject) => {
    unpack.on('close', () => resolve());
    unpack.on('error', reject);
  });
  unpacked.catch(() => undefined);
  const tooLarge = (max: number) => `the archive unpacks to more than the mirror accepts (${mebibytes(max)}); refused`;
  await pipeline(createReadStream(archiveFile), createGunzip(), byteCap(maxUnpackedBytes, tooLarge), async (tarBytes: AsyncIterable<Buffer>) => {
    for await (const chunk of tarBytes) {
      if (!unpack.write(chunk)) await Promise.race([once(unpack, 'drain'), unpacked]);
    }
    unpack.end();
  });
  await unpacked;
  if (refused !== null) throw new UnsafeArchiveError(`the archive holds an entry that is not a plain file inside the digest: '${refused}'`);
}
