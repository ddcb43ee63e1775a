import { closeSync, readFileSync } from 'node:fs';
import { DigestLinkError, openDigestFile, openDigestFileSync } from '../disk/no-follow.ts';
import type { LocalDigestStorage } from '../runtime/storage/plain-digest.ts';
import { openTableFile } from '../search/load.ts';

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

/** What a folder store does with a file that is a symbolic link (or lies below one): answers it as missing (null) after `refused`, which may throw instead. */
interface FolderStorageOptions {
  readonly refused?: (error: DigestLinkError) => null;
}

/**
 * A store over a local folder (Node): a file read whole or by range, asynchronously or (for what
 * the handler asks for synchronously) now, or kept open; a symbolic link refused (answered as
 * missing, as `ask serve` answers a node behind one; `refused` is told first).
 */
export function folderStorage(dir: string, options: FolderStorageOptions = {}): LocalDigestStorage {
  /** A file's open, its link or absence answered as null. */
  const opened = <T>(open: () => T): T | null => {
    try {
      return open();
    } catch (error) {
      if (error instanceof DigestLinkError) return options.refused === undefined ? null : options.refused(error);
      if (isMissing(error)) return null;
      throw error;
    }
  };
  const read = async (relative: string, range?: { readonly offset: number; readonly length: number }): Promise<Uint8Array<ArrayBuffer> | null> => {
    let handle;
    try {
      handle = await openDigestFile(dir, relative);
    } catch (error) {
      return opened(() => {
        throw error;
      });
    }
    try {
      // the file's own buffer, not a copy: a large site's postings are megabytes
      if (range === undefined) return await handle.readFile();
      const bytes = new Uint8Array(range.length);
      let done = 0;
      while (done < range.length) {
        const { bytesRead } = await handle.read(bytes, done, range.length - done, range.offset + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return bytes.subarray(0, done);
    } finally {
      await handle.close();
    }
  };
  return {
    read,
    async stream(relative) {
      const bytes = await read(relative);
      return bytes === null ? null : new Response(bytes).body;
    },
    readSync(relative) {
      const descriptor = opened(() => openDigestFileSync(dir, relative));
      if (descriptor === null) return null;
      try {
        return readFileSync(descriptor);
      } finally {
        closeSync(descriptor);
      }
    },
    openSync: (relative) => opened(() => openTableFile(dir, relative)),
  };
}
