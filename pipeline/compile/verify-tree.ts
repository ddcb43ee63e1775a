/**
 * Whether a digest folder holds exactly the tree the build makes of this content (`remakeTree`):
 * each file byte for byte, none missing, none extra. The build-only files apart: the folder's
 * `.gitignore` (`digest-tracking.ts` answers for it), and the archive, which is never committed
 * (a fresh checkout has none, and that is no fault); the one the manifest's stamp names, when
 * present, must be the archive of the tree. Any other archive is an earlier build's (a branch
 * switched since): never served, it is no fault either, and the build removes it.
 */
import { readdir } from 'node:fs/promises';
import type { LoadedContent } from '../content/index.ts';
import type { Manifest } from '../format/manifest.ts';
import { BUILD_ONLY_FILES, DIGEST_FILES, isBuildOnlyFile } from '../format/paths.ts';
import { readDigestBytes } from '../disk/no-follow.ts';
import { archiveNameFor, createDigestArchive, listTreeFiles } from '../digest/archive.ts';
import { readDigestFile } from '../digest/read.ts';
import { compareCodeUnits } from '../text/compare.ts';
import { remakeTree } from './remade-tree.ts';

/** What is not as the build makes it, by kind, each list of digest-relative paths sorted. */
export interface TreeProblems {
  /** Files whose bytes are not the build's (a node among them: a part of its section's changed, a fact not verbatim). */
  readonly changed: readonly string[];
  readonly missing: readonly string[];
  /** Files the build never writes there (an archive the manifest does not name among them). */
  readonly extra: readonly string[];
  /** The archive the manifest names, when it is not the archive of the tree. */
  readonly archive: readonly string[];
}

export interface VerifiedTree {
  readonly problems: TreeProblems;
  /** The build's bytes of each file `changed` or `missing` names that can be made without the model. */
  readonly repairs: ReadonlyMap<string, string>;
  /** Files whose model output is missing or unreadable (also in `missing` or `changed`): only a build that runs its passes makes them. */
  readonly lost: readonly string[];
}

/** Whether any kind of problem names a file. */
export function hasProblems(problems: TreeProblems): boolean {
  return problems.changed.length + problems.missing.length + problems.extra.length + problems.archive.length > 0;
}

/** Whether the archive `name` in `outDir` holds the tree's files as they are now: null when there is none. */
export async function archiveOfTree(outDir: string, name: string): Promise<boolean | null> {
  let held: Buffer;
  try {
    held = await readDigestBytes(outDir, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return Buffer.from(await createDigestArchive(outDir)).equals(held);
}

/** Archives at the top of the folder other than `name`. */
export async function otherArchives(outDir: string, name: string): Promise<string[]> {
  const entries = await readdir(outDir);
  return entries.filter((entry) => entry !== name && entry !== BUILD_ONLY_FILES.gitignore && isBuildOnlyFile(entry));
}

/**
 * Compares the digest in `outDir` with the tree the build makes of `content`. With `archive`, the
 * archive the manifest names is compared with the archive of the tree, when the tree is as it should be.
 */
export async function verifyTree(contentDir: string, outDir: string, manifest: Manifest, content: LoadedContent, archive: boolean): Promise<VerifiedTree> {
  const remade = await remakeTree(contentDir, outDir, manifest, content);
  const lost = new Set(remade.lost);
  const changed: string[] = [];
  const missing: string[] = [];
  const repairs = new Map<string, string>();
  for (const [relative, text] of remade.files) {
    // a file made of lost model output would differ for that alone: it is made again with it
    if (lost.size > 0 && !relative.startsWith('sections/') && !lost.has(relative)) continue;
    const held = await readDigestFile(outDir, relative);
    if (held === text) continue;
    (held === null ? missing : changed).push(relative);
    if (!lost.has(relative)) repairs.set(relative, text);
  }
  // the archive the manifest on disk names (a repaired manifest names another: `repairTree`)
  const name = archiveNameFor(await readDigestBytes(outDir, DIGEST_FILES.manifest));
  // an archive the manifest does not name is left by an earlier build (another branch's): never served nor committed, the build removes it
  const extra = (await listTreeFiles(outDir)).filter((relative) => !remade.files.has(relative)).sort(compareCodeUnits);
  const clean = changed.length + missing.length + extra.length === 0;
  const archiveProblem = archive && clean && (await archiveOfTree(outDir, name)) === false ? [name] : [];
  return { problems: { changed: changed.sort(compareCodeUnits), missing: missing.sort(compareCodeUnits), extra, archive: archiveProblem }, repairs, lost: [...lost].sort(compareCodeUnits) };
}
