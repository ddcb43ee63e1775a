import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { corpusHash, loadContent } from '../content/index.ts';
import { createDigestArchive, listTreeFiles } from '../digest/archive.ts';
import { readManifest } from '../digest/read.ts';
import { DigestLoadError, type DigestFiles } from '../runtime/digest-data.ts';
import { contentSiteOf } from '../build/check.ts';

/** Every file of a digest folder, in memory, by digest-relative path. */
export async function readDigestFolder(dir: string): Promise<DigestFiles> {
  let files: string[];
  try {
    files = await listTreeFiles(dir);
  } catch {
    throw new DigestLoadError(`no digest folder at '${dir}'; run 'ask digest build'`);
  }
  const entries = await Promise.all(files.map(async (file) => [file, await readFile(path.join(dir, file), 'utf8')] as const));
  return new Map(entries);
}

/** The archive of a digest folder, made once and kept. */
export function memoizedArchive(dir: string): () => Promise<Uint8Array<ArrayBuffer>> {
  let archive: Promise<Uint8Array<ArrayBuffer>> | null = null;
  return () => {
    if (archive === null) {
      archive = createDigestArchive(dir);
      archive.catch(() => {
        archive = null;
      });
    }
    return archive;
  };
}

/** The content hash of a live content folder, read with the site options the digest was built with. */
export function liveContentHash(contentDir: string, digestDir: string): () => Promise<string | null> {
  return async () => {
    const manifest = await readManifest(digestDir);
    const content = await loadContent({ contentDir, ...(manifest ? contentSiteOf(manifest) : { siteUrl: '' }) });
    return corpusHash(content.sections);
  };
}
