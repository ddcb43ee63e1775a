import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildDigest, type BuildReport } from '../../pipeline/compile/build.ts';
import { listTreeFiles } from '../../pipeline/digest/archive.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import type { Distiller } from '../../pipeline/types.ts';

/** Every file of a folder with its bytes, for byte-for-byte comparisons. */
export async function snapshotTree(dir: string): Promise<Map<string, string>> {
  const files = await listTreeFiles(dir);
  return new Map(await Promise.all(files.map(async (file) => [file, await readFile(path.join(dir, file), 'utf8')] as const)));
}

/** The paths whose bytes differ between two snapshots (added, removed or changed). */
export function changedPaths(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const all = new Set([...before.keys(), ...after.keys()]);
  return [...all].filter((file) => before.get(file) !== after.get(file)).sort();
}

/** Builds a digest of `contentDir` into `outDir` with the given distiller (offline by default). */
export function build(contentDir: string, outDir: string, options: { distiller?: Distiller; force?: boolean; cacheDir?: string | null } = {}): Promise<BuildReport> {
  return buildDigest({
    contentDir,
    outDir,
    siteUrl: '',
    distiller: options.distiller ?? createOfflineDistiller(),
    concurrency: 4,
    force: options.force ?? false,
    cacheDir: options.cacheDir ?? null,
    now: () => performance.now(),
  });
}

/**
 * A distiller that hands every pass to `inner`, with the members in `replaced` instead. It has
 * no `threadModule` and no notes, so a build treats it as a model provider (section passes in
 * its own thread) unless `replaced` gives them.
 */
export function delegatingDistiller(inner: Distiller, replaced: Partial<Distiller> = {}): Distiller {
  return {
    provider: inner.provider,
    model: inner.model,
    templateHashes: inner.templateHashes,
    distillSection: (section, page, tree) => inner.distillSection(section, page, tree),
    distillGlossary: (corpus) => inner.distillGlossary(corpus),
    suggestQuestions: (corpus, glossary) => inner.suggestQuestions(corpus, glossary),
    writeContext: (corpus, glossary) => inner.writeContext(corpus, glossary),
    usage: () => inner.usage(),
    ...replaced,
  };
}
