import pLimit from 'p-limit';
import { sha256 } from '../content/hash.ts';
import type { Manifest } from '../digest/manifest.ts';
import { readNode } from '../digest/read.ts';
import { nodeFromDistillation } from '../distill/verbatim.ts';
import type { DigestNode, Distiller, Page, Section } from '../types.ts';
import type { AnswerCache } from './cache.ts';

export interface SectionOutcome {
  readonly nodes: Map<string, DigestNode>;
  /** Ids whose node was distilled or taken from the answer cache (not reused from the digest). */
  readonly changed: string[];
  readonly dropped: number;
}

export interface DistillSectionsInput {
  readonly pages: readonly Page[];
  readonly sections: readonly Section[];
  readonly distiller: Distiller;
  readonly previous: Manifest | null;
  readonly previousDir: string;
  readonly cache: AnswerCache;
  readonly concurrency: number;
  readonly force: boolean;
  readonly onProgress?: (done: number, total: number) => void;
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
 * Gives every section its node, paying for a distillation only when needed: a section whose
 * hash is unchanged since the previous digest (same distiller and prompt) keeps its node;
 * one the answer cache has (a resumed build) takes it from there; only the rest is sent to the
 * distiller, `concurrency` at a time, each answer checked for verbatim facts and cached at once.
 */
export async function distillSections(input: DistillSectionsInput): Promise<SectionOutcome> {
  const pageBySlug = new Map(input.pages.map((page) => [page.slug, page]));
  const reusable = input.previous !== null && !input.force && sameDistiller(input.previous, input.distiller);
  const nodes = new Map<string, DigestNode>();
  const changed: string[] = [];
  let dropped = 0;
  let done = 0;
  const limit = pLimit(Math.max(1, input.concurrency));

  const one = async (section: Section): Promise<void> => {
    const before = reusable ? input.previous?.sections[section.id] : undefined;
    if (before && before.hash === section.hash) {
      const node = await readNode(input.previousDir, before.file);
      if (node) {
        nodes.set(section.id, node);
        input.onProgress?.((done += 1), input.sections.length);
        return;
      }
    }
    const key = sectionCacheKey(section, input.distiller);
    let node = await input.cache.get<DigestNode>(key);
    if (!node) {
      const page = pageBySlug.get(section.pageSlug);
      if (!page) throw new Error(`section ${section.id} has no page`);
      const checked = nodeFromDistillation(section, await input.distiller.distillSection(section, page));
      dropped += checked.dropped;
      node = checked.node;
      await input.cache.put(key, node);
    }
    nodes.set(section.id, node);
    changed.push(section.id);
    input.onProgress?.((done += 1), input.sections.length);
  };

  try {
    await Promise.all(input.sections.map((section) => limit(() => one(section))));
  } catch (error) {
    // stop paying for calls once the build has failed; what finished is in the cache
    limit.clearQueue();
    throw error;
  }
  changed.sort();
  return { nodes, changed, dropped };
}
