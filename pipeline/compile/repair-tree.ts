/**
 * The repair of a digest whose content, site, distiller and prompts are all those of its
 * manifest (nothing to distil): the tree is made again (`verifyTree`) and every file that is not
 * the build's is rewritten, each by rename, every file the build never writes removed, and the
 * archive made again when the manifest's is missing or not of the tree. Model output that is
 * missing or unreadable cannot be made here: the build then runs its steps (`buildDigest`).
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadContent } from '../content/index.ts';
import type { Manifest } from '../format/manifest.ts';
import { DIGEST_FILES, isBuildOnlyFile } from '../format/paths.ts';
import { writeFileAtomically } from '../disk/atomic-write.ts';
import { archiveNameFor, writeBuiltArchive } from '../digest/archive.ts';
import { readDigestBytes } from '../disk/no-follow.ts';
import { compareCodeUnits } from '../text/compare.ts';
import type { BuildOptions } from './options.ts';
import { archiveOfTree, otherArchives, verifyTree } from './verify-tree.ts';

export interface Repair {
  /** The files rewritten, removed or made again, sorted. */
  readonly repaired: readonly string[];
  /** The files whose model output is lost (missing or unreadable): only a build that runs its steps makes them again. */
  readonly lost: readonly string[];
}

/** Repairs the digest in `options.outDir` built from `manifest` (see the module comment). */
export async function repairTree(options: Pick<BuildOptions, 'contentDir' | 'outDir' | 'siteUrl'>, manifest: Manifest): Promise<Repair> {
  const { outDir } = options;
  const { site } = manifest;
  const content = await loadContent({ contentDir: options.contentDir, siteUrl: options.siteUrl, generator: site.generator, urlStyle: { trailingSlash: site.trailingSlash, htmlExtension: site.htmlExtension }, exclude: site.exclude });
  const verified = await verifyTree(options.contentDir, outDir, manifest, content, false);
  for (const [relative, text] of verified.repairs) {
    const target = path.join(outDir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFileAtomically(target, text);
  }
  const name = archiveNameFor(await readDigestBytes(outDir, DIGEST_FILES.manifest));
  const extra = [...new Set([...verified.problems.extra.filter((relative) => !isBuildOnlyFile(relative)), ...(await otherArchives(outDir, name))])];
  for (const relative of extra) await rm(path.join(outDir, relative), { force: true });
  const repaired = [...verified.repairs.keys(), ...extra];
  if (verified.lost.length > 0) return { repaired: repaired.sort(compareCodeUnits), lost: verified.lost };
  if ((await archiveOfTree(outDir, name)) !== true) {
    await writeBuiltArchive(outDir);
    repaired.push(name);
  }
  return { repaired: repaired.sort(compareCodeUnits), lost: [] };
}
