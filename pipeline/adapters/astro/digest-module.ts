import path from 'node:path';
import type { ViteUserConfig } from 'astro';
import { DIGEST_FILES } from '../../format/paths.ts';
import type { BakedDigest } from '../baked-digest.ts';
import { bakeDigestFolder } from '../digest-folder.ts';

type VitePlugin = Extract<NonNullable<ViteUserConfig['plugins']>[number], { name: string }>;

/** The id the injected route imports; its declaration is in `virtual-digest.d.ts`. */
const DIGEST_MODULE_ID = 'virtual:ask-docs/digest';
const RESOLVED_ID = `\0${DIGEST_MODULE_ID}`;

/** What the route serves, as the integration was configured. */
export interface DigestModuleOptions {
  /** Absolute path of the digest folder. */
  readonly digestDir: string;
  readonly endpoint: string;
  readonly provider?: string | undefined;
  readonly model?: string | undefined;
}

/** The digest's files and archive, or null when there is no digest folder (dev only: a build has failed before). */
async function bakedDigest(digestDir: string): Promise<BakedDigest | null> {
  try {
    return await bakeDigestFolder(digestDir);
  } catch {
    return null;
  }
}

/**
 * A Vite plugin serving `virtual:ask-docs/digest`: the digest tree and its gzip tar (base64),
 * read at build time and baked into the server bundle, with the route's settings. The built
 * server reads no digest folder, so it runs on any Astro adapter, edge ones included.
 */
export function digestModulePlugin(options: DigestModuleOptions): VitePlugin {
  return {
    name: 'ask-docs:digest',
    resolveId: (id) => (id === DIGEST_MODULE_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      // `astro dev` reloads the route when the digest is rebuilt
      this.addWatchFile(path.join(options.digestDir, DIGEST_FILES.manifest));
      const digest = await bakedDigest(options.digestDir);
      const settings = { endpoint: options.endpoint, provider: options.provider ?? null, model: options.model ?? null };
      return `export default ${JSON.stringify({ ...settings, digest })};\n`;
    },
  };
}
