import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { readManifest } from '../digest/read.ts';
import { recoverInterruptedWrite } from '../digest/write.ts';
import { FRESHNESS_HEADERS } from '../runtime/freshness.ts';
import { downloadArchive, fetchSameOrigin } from './mirror-download.ts';
import { extractArchive, UnsafeArchiveError } from './mirror-extract.ts';
import { DEFAULT_MIRROR_LIMITS, type MirrorLimits } from './mirror-limits.ts';

export { UnsafeArchiveError } from './mirror-extract.ts';
export { MirrorRefusedError, type MirrorLimits } from './mirror-limits.ts';

export interface MirrorResult {
  readonly digestDir: string;
  /** False when the local copy already had the remote content hash (only a HEAD was sent). */
  readonly downloaded: boolean;
  readonly contentHash: string;
}

/**
 * Mirrors the digest of a remote ask tree into `cacheDir/digest`: a HEAD of the archive first,
 * and the download only when its `x-ask-content-hash` differs from the local manifest's. The
 * archive is extracted beside the mirror and swapped in; entries that would land outside it
 * (absolute paths, `..`) or that are not plain files (links, devices) refuse the whole archive.
 * Nothing sent is trusted: the body is streamed to disk under `limits.maxArchiveBytes`, the
 * decompressed stream is cut at `limits.maxUnpackedBytes`, and a redirect to another origin is refused.
 */
export async function mirrorDigest(
  endpoint: string,
  cacheDir: string,
  fetchImpl: typeof fetch = fetch,
  limits: MirrorLimits = DEFAULT_MIRROR_LIMITS,
): Promise<MirrorResult> {
  const digestDir = path.join(cacheDir, 'digest');
  await mkdir(cacheDir, { recursive: true });
  await recoverInterruptedWrite(digestDir);
  const archiveUrl = `${endpoint.replace(/\/+$/, '')}/archive`;
  const head = await fetchSameOrigin(archiveUrl, 'HEAD', fetchImpl, limits.maxRedirects);
  if (!head.ok) throw new Error(`HEAD ${archiveUrl} answered ${head.status}`);
  const remoteHash = head.headers.get(FRESHNESS_HEADERS.contentHash);
  const local = await readManifest(digestDir).catch(() => null);
  if (remoteHash !== null && local?.contentHash === remoteHash) return { digestDir, downloaded: false, contentHash: remoteHash };

  const staging = await mkdtemp(path.join(cacheDir, 'digest.ask-tmp-'));
  const archiveFile = `${staging}.tar.gz`;
  try {
    await downloadArchive(archiveUrl, archiveFile, fetchImpl, limits);
    await extractArchive(archiveFile, staging, limits.maxUnpackedBytes);
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
  } finally {
    await rm(archiveFile, { force: true });
  }
}
