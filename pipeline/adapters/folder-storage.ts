import { DigestLinkError, openDigestFile } from '../disk/no-follow.ts';
import type { DigestStorage } from '../runtime/storage/storage.ts';

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

/**
 * A store over a local folder (Node): a file read whole or by range, a symbolic link refused
 * (answered as missing, as `ask serve` answers a node behind one).
 */
export function folderStorage(dir: string): DigestStorage {
  const read = async (relative: string, range?: { readonly offset: number; readonly length: number }): Promise<Uint8Array<ArrayBuffer> | null> => {
    let handle;
    try {
      handle = await openDigestFile(dir, relative);
    } catch (error) {
      if (error instanceof DigestLinkError || isMissing(error)) return null;
      throw error;
    }
    try {
      if (range === undefined) return new Uint8Array(await handle.readFile());
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
  };
}
