import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ViteUserConfig } from 'astro';
import { DIGEST_FILES } from '../../format/paths.ts';
import { writeEdgeLayout } from '../edge-layout.ts';

type VitePlugin = Extract<NonNullable<ViteUserConfig['plugins']>[number], { name: string }>;

/** The id the injected route imports; its declaration is in `virtual-settings.d.ts`. */
const SETTINGS_MODULE_ID = 'virtual:ask-docs/settings';
const RESOLVED_ID = `\0${SETTINGS_MODULE_ID}`;

/** The folder of the laid-out digest in the site's static files (edge-layout.ts writes `_ask/<stamp>/`). */
const ASSETS_FOLDER = '_ask';

/**
 * The digest laid out for a store (edge-layout.ts) in a staging folder of the build: made again
 * only when the digest's manifest changes. `root` is the layout's folder (`_ask/<stamp>`), null
 * when there is no digest to lay out; it rejects when the layout fails (tried again on the next call).
 */
export interface StagedDigest {
  readonly folder: string;
  root(): Promise<string | null>;
}

export function stagedDigest(digestDir: string, folder: string): StagedDigest {
  let last: { readonly manifest: string; readonly root: Promise<string | null> } | null = null;
  return {
    folder,
    async root() {
      const manifest = await readFile(path.join(digestDir, DIGEST_FILES.manifest), 'utf8').catch(() => null);
      if (manifest === null) return null;
      if (last?.manifest !== manifest) {
        const root = writeEdgeLayout(digestDir, folder).then((layout) => layout.root);
        const entry = { manifest, root };
        last = entry;
        root.catch(() => {
          if (last === entry) last = null;
        });
        return root;
      }
      return last.root;
    },
  };
}

/**
 * Copies the staged layout into the build's static output (`astro:build:done`'s `dir`: the
 * client folder of a server build), served at `<base>/_ask/<stamp>/`; resolves to its root.
 */
export async function copyStagedDigest(staged: StagedDigest, outDir: string): Promise<string | null> {
  const root = await staged.root();
  if (root === null) return null;
  await rm(path.join(outDir, ASSETS_FOLDER), { recursive: true, force: true });
  await mkdir(path.join(outDir, ASSETS_FOLDER), { recursive: true });
  await cp(path.join(staged.folder, root), path.join(outDir, root), { recursive: true });
  return root;
}

/** Where the built server finds the static files on Node (@astrojs/node): see `builtClientStorage`. */
export interface NodeServerFolders {
  readonly serverFolder: string;
  readonly clientFromServer: string;
}

/** What the route serves, as the integration was configured. */
export interface DigestAssetsOptions {
  readonly staged: StagedDigest;
  /** Absolute path of the digest folder (watched under `astro dev`). */
  readonly digestDir: string;
  readonly endpoint: string;
  /** Astro's `base` without its trailing slash (`''` at the root). */
  readonly base: string;
  readonly provider?: string | undefined;
  readonly model?: string | undefined;
  /** The module of the folder stores (folder-storage.ts), as Vite takes its path. */
  readonly folderModule: string;
  /** `astro dev`: the route reads the staged folder itself. */
  readonly dev: boolean;
  /** A build for @astrojs/node: the route reads the static files from disk; null for any other adapter. */
  readonly node: () => NodeServerFolders | null;
}

/** The module's line naming the store the route reads from the file system, if any (`local`; null: through a binding or the origin). */
function localStorageLine(options: DigestAssetsOptions): string {
  const from = JSON.stringify(options.folderModule);
  if (options.dev) return `import { folderStorage } from ${from};\nexport const local = folderStorage(${JSON.stringify(options.staged.folder)});\n`;
  const node = options.node();
  if (node === null) return 'export const local = null;\n';
  return `import { builtClientStorage } from ${from};\nexport const local = builtClientStorage(import.meta.url, ${JSON.stringify(node.serverFolder)}, ${JSON.stringify(node.clientFromServer)});\n`;
}

/**
 * A Vite plugin serving `virtual:ask-docs/settings` to the route: its settings, where the
 * laid-out digest is (`root`, under the site's static files) and, where the route runs on Node
 * (`astro dev`, @astrojs/node), the folder store it reads it from (`local`); never the digest
 * itself, so the server bundle stays the size of the handler. `astro dev` reloads the route when
 * the digest is rebuilt.
 */
export function digestAssetsPlugin(options: DigestAssetsOptions): VitePlugin {
  return {
    name: 'ask-docs:digest-assets',
    resolveId: (id) => (id === SETTINGS_MODULE_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      // `astro dev` reloads the route when the digest is rebuilt
      this.addWatchFile(path.join(options.digestDir, DIGEST_FILES.manifest));
      const root = await options.staged.root();
      const settings = { endpoint: options.endpoint, base: options.base, provider: options.provider ?? null, model: options.model ?? null, root };
      return `${localStorageLine(options)}export default ${JSON.stringify(settings)};\n`;
    },
  };
}
