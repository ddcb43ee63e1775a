import type { ByteRange, DigestStorage } from './storage.ts';
import { ByteLru } from './byte-lru.ts';

/** What a Workers static assets binding offers: `fetch` (`env.ASSETS`). */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

/** Whole files kept when the assets server answers a range with the whole file (it may not honour `Range`). */
const WHOLE_FILE_BYTES = 16 * 1024 * 1024;

/**
 * The digest as Workers Static Assets, fetched through the binding
 * (`env.ASSETS.fetch('https://assets.local/<path>')`). A range is asked with a `Range` header;
 * an assets server that answers 200 with the whole file instead (workerd's does) has it sliced,
 * and the file kept (up to 16 MB of them, least recently used dropped): the files read by range
 * are packs of a few hundred kilobytes (edge-layout.ts).
 */
export function assetsStorage(binding: AssetsBinding, origin = 'https://assets.local'): DigestStorage {
  const whole = new ByteLru(WHOLE_FILE_BYTES);
  const get = (path: string, range?: ByteRange): Promise<Response> => {
    const headers: Record<string, string> = range === undefined ? {} : { range: `bytes=${range.offset}-${range.offset + range.length - 1}` };
    return binding.fetch(new Request(`${origin}/${path.split('/').map(encodeURIComponent).join('/')}`, { headers }));
  };
  return {
    async read(path, range) {
      if (range !== undefined) {
        const kept = whole.get(path);
        if (kept !== undefined) return kept.subarray(range.offset, range.offset + range.length);
      }
      const response = await get(path, range);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw new Error(`assets: ${path} answered ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (range === undefined || response.status === 206) return bytes;
      whole.set(path, bytes);
      return bytes.subarray(range.offset, range.offset + range.length);
    },
    async stream(path) {
      const response = await get(path);
      if (response.status === 404 || response.body === null) return null;
      if (!response.ok) throw new Error(`assets: ${path} answered ${response.status}`);
      return response.body;
    },
  };
}
