import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { extract } from 'tar';
import { readManifest } from '../digest/read.ts';
import { recoverInterruptedWrite } from '../digest/write.ts';
import { AskError } from '../errors.ts';
import { FRESHNESS_HEADERS } from '../runtime/freshness.ts';

export interface MirrorResult {
  readonly digestDir: string;
  /** False when the local copy already had the remote content hash (only a HEAD was sent). */
  readonly downloaded: boolean;
  readonly contentHash: string;
}

/** The archive tried to write outside its folder, or held something other than plain files. */
export class UnsafeArchiveError extends AskError {
  override readonly name = 'UnsafeArchiveError';
}

function safeEntryPath(entryPath: string): boolean {
  const normalized = entryPath.replace(/\\/g, '/');
  return !normalized.startsWith('/') && !/^[a-zA-Z]:/.test(normalized) && !normalized.split('/').includes('..');
}

async function extractArchive(bytes: Uint8Array, into: string): Promise<void> {
  const archiveFile = path.join(into, '..', `${path.basename(into)}.tar.gz`);
  await writeFile(archiveFile, bytes);
  // set inside the filter callback, which the compiler does not follow: typed by assertion so it is not narrowed to null
  let refused = null as string | null;
  try {
    await extract({
      file: archiveFile,
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
  } finally {
    await rm(archiveFile, { force: true });
  }
  if (refused !== null) throw new UnsafeArchiveError(`the archive holds an entry that is not a plain file inside the digest: '${refused}'`);
}

/**
 * Mirrors the digest of a remote ask tree into `cacheDir/digest`: a HEAD of the archive first,
 * and the download only when its `x-ask-content-hash` differs from the local manifest's. The
 * archive is extracted beside the mirror and swapped in; entries that would land outside it
 * (absolute paths, `..`) or that are not plain files (links, devices) refuse the whole archive.
 */
export async function mirrorDigest(endpoint: string, cacheDir: string, fetchImpl: typeof fetch = fetch): Promise<MirrorResult> {
  const digestDir = path.join(cacheDir, 'digest');
  await mkdir(cacheDir, { recursive: true });
  await recoverInterruptedWrite(digestDir);
  const archiveUrl = `${endpoint.replace(/\/+$/, '')}/archive`;
  const head = await fetchImpl(archiveUrl, { method: 'HEAD' });
  if (!head.ok) throw new Error(`HEAD ${archiveUrl} answered ${head.status}`);
  const remoteHash = head.headers.get(FRESHNESS_HEADERS.contentHash);
  const local = await readManifest(digestDir).catch(() => null);
  if (remoteHash !== null && local?.contentHash === remoteHash) return { digestDir, downloaded: false, contentHash: remoteHash };

  const response = await fetchImpl(archiveUrl);
  if (!response.ok) throw new Error(`GET ${archiveUrl} answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const staging = await mkdtemp(path.join(cacheDir, 'digest.ask-tmp-'));
  try {
    await extractArchive(bytes, staging);
    const manifest = await readManifest(staging);
    if (manifest === null) throw new UnsafeArchiveError('the archive has no manifest.json; is the endpoint an ask tree?');
    const old = path.join(cacheDir, `digest.ask-old-${process.pid}`);
    const hadOld = await readFile(path.join(digestDir, 'manifest.json')).then(() => true, () => false);
    if (hadOld) await rename(digestDir, old);
    await rename(staging, digestDir);
    if (hadOld) await rm(old, { recursive: true, force: true });
    return { digestDir, downloaded: true, contentHash: manifest.contentHash };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
