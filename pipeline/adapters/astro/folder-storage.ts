import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DigestStorage } from '../../runtime/storage/storage.ts';
import { folderStorage } from '../folder-storage.ts';

/** The stores of the Astro route on Node, loaded by path from its settings module (digest-assets.ts). */
export { folderStorage };

/**
 * The built site's static folder as a store, on Node (@astrojs/node): found from a module of the
 * server build (`moduleUrl`) as the adapter finds it, by going up to the folder named
 * `serverFolder` and on by `clientFromServer`, the client folder's path relative to it.
 */
export function builtClientStorage(moduleUrl: string, serverFolder: string, clientFromServer: string): DigestStorage {
  let folder = path.dirname(fileURLToPath(moduleUrl));
  while (path.basename(folder) !== serverFolder && path.dirname(folder) !== folder) folder = path.dirname(folder);
  return folderStorage(path.resolve(folder, clientFromServer));
}
