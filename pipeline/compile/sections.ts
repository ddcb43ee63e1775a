import pLimit from 'p-limit';
import { sha256 } from '../content/hash.ts';
import { takeSectionTree } from '../content/section-trees.ts';
import type { Manifest } from '../digest/manifest.ts';
import { sectionFilePath } from '../digest/paths.ts';
import { readNode } from '../digest/read.ts';
import { nodeFromDistillation, type CheckedNode } from '../distill/verbatim.ts';
import type { DigestNode, Distiller, Page, Section } from '../types.ts';
import type { AnswerCache } from './cache.ts';

export interface SectionOutcome {
  readonly nodes: Map<string, DigestNode>;
  /** Ids whose node was distilled or taken from the answer cache (not reused from the digest). */
  readonly changed: string[];
  readonly dropped: number;
}

export interface SectionQueueOptions {
  readonly distiller: Distiller;
  readonly previous: Manifest | null;
  readonly previousDir: string;
  readonly cache: AnswerCache;
  readonly concurrency: number;
  readonly force: boolean;
  readonly onProgress?: (done: number, queued: number) => void;
  /** A section's node already distilled elsewhere (a worker thread), if any. */
  readonly precomputed?: (section: Section) => CheckedNode | undefined;
}

/** The answer-cache key of a section's distillation: its inputs, the distiller, the model and the prompt. */
export function sectionCacheKey(section: Section, distiller: Distiller): string {
  return sha256(JSON.stringify(['section', section.hash, distiller.provider, distiller.model, distiller.templateHashes.section]));
}

/** Whether the previous digest was made by this distiller with these prompts. */
export function sameDistiller(previous: Manifest, distiller: Distiller): boolean {
  return (
    previous.distiller.provider === distiller.provider &&
    previous.distiller.model === distiller.model &&
    previous.templates.section === distiller.templateHashes.section
  );
}

/**
 * The section hashes of the previous digest when its nodes may be reused (not forced, same
 * distiller and prompt), else null.
 */
export function reusableSections(previous: Manifest | null, force: boolean, distiller: Distiller): Readonly<Record<string, string>> | null {
  return previous !== null && !force && sameDistiller(previous, distiller) ? previous.sections : null;
}

/**
 * Gives every section its node, paying for a distillation only when needed: a section whose
 * hash is unchanged since the previous digest (same distiller and prompt) keeps its node;
 * one the answer cache has (a resumed build) takes it from there; only the rest is sent to the
 * distiller, `concurrency` at a time, each answer checked for verbatim facts and cached at once.
 * Sections are added page by page while the content loads, so distilling starts with the first page.
 */
export function createSectionQueue(options: SectionQueueOptions) {
  const reusable = reusableSections(options.previous, options.force, options.distiller);
  const nodes = new Map<string, DigestNode>();
  const changed: string[] = [];
  const tasks: Promise<void>[] = [];
  const limit = pLimit(Math.max(1, options.concurrency));
  // reusing a node is a file read, not a model call: many at a time
  const readLimit = pLimit(64);
  let dropped = 0;
  let done = 0;
  let failure: unknown = null;

  /** The previous digest's node of a section whose inputs did not change, or null. */
  const reuse = async (section: Section): Promise<DigestNode | null> => {
    const before = reusable?.[section.id];
    return before === section.hash ? readNode(options.previousDir, sectionFilePath(section.id)) : null;
  };

  const distil = async (section: Section, page: Page): Promise<void> => {
    // no key to work out when there is no cache (the offline distiller's case)
    const key = options.cache.enabled ? sectionCacheKey(section, options.distiller) : '';
    let node = await options.cache.get<DigestNode>(key);
    if (node) takeSectionTree(section);
    else {
      const checked = options.precomputed?.(section) ?? nodeFromDistillation(section, await options.distiller.distillSection(section, page));
      takeSectionTree(section);
      dropped += checked.dropped;
      node = checked.node;
      await options.cache.put(key, node);
    }
    nodes.set(section.id, node);
    changed.push(section.id);
  };

  return {
    /** Queues the sections of one page. */
    add(page: Page, sections: readonly Section[]): void {
      for (const section of sections) {
        // once the build has failed, queued sections are skipped (no more paid calls);
        // what finished before is in the answer cache for the rerun
        const task = readLimit(() => reuse(section))
          .then((previous) => {
            if (previous) {
              takeSectionTree(section);
              nodes.set(section.id, previous);
              return undefined;
            }
            return limit(() => (failure === null ? distil(section, page) : Promise.resolve()));
          })
          .then(
            () => options.onProgress?.((done += 1), tasks.length),
            (error: unknown) => {
              failure ??= error;
            },
          );
        tasks.push(task);
      }
    },
    /** Waits for every queued section; throws the first failure. */
    async finish(): Promise<SectionOutcome> {
      await Promise.all(tasks);
      if (failure !== null) throw failure;
      changed.sort();
      return { nodes, changed, dropped };
    },
  };
}
