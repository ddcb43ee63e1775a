/**
 * The work on one section of a page just parsed, while its tree is at hand: its distiller's
 * notes, and, when the distiller's section pass may run here (`threadModule`, or this thread),
 * its node and search tokens. The same function runs in a worker thread and in the build's own
 * thread, so either gives the same records.
 */
import type { Root } from 'mdast';
import { nodeFromDistillation, type CheckedNode } from '../distill/verbatim.ts';
import { indexSection, type IndexedSection } from '../search/index-build.ts';
import type { DigestNode, Distiller, Page, Section, SectionNotes } from '../types.ts';

/** What was worked out for one section; `checked` null when its node comes from elsewhere. */
export interface SectionWork {
  readonly checked: CheckedNode | null;
  /** Null when the distiller keeps none. */
  readonly notes: SectionNotes | null;
  /** Null when `checked` is (the tokens need the node). */
  readonly indexed: IndexedSection | null;
}

/** The milliseconds a piece of work spent on each phase (the build's report sums them). */
export interface WorkTimes {
  parse: number;
  distil: number;
  index: number;
}

export function noTimes(): WorkTimes {
  return { parse: 0, distil: 0, index: 0 };
}

/** A section's search tokens, as the build's tables index them (with a digest, stemmed). */
export function sectionTokens(section: Section, node: DigestNode): IndexedSection {
  return indexSection(section, node, true, true);
}

/**
 * Notes, and unless `known` (its node is reused from elsewhere) the node and tokens of a section
 * whose tree is at hand.
 */
export async function workOnSection(distiller: Distiller, section: Section, page: Page, tree: Root | null, known: boolean, times: WorkTimes): Promise<SectionWork> {
  let t0 = performance.now();
  const notes = distiller.sectionNotes?.(section, tree) ?? null;
  if (known) {
    times.distil += performance.now() - t0;
    return { checked: null, notes, indexed: null };
  }
  const checked = nodeFromDistillation(section, await distiller.distillSection(section, page, tree));
  const t1 = performance.now();
  times.distil += t1 - t0;
  t0 = t1;
  const indexed = sectionTokens(section, checked.node);
  times.index += performance.now() - t0;
  return { checked, notes, indexed };
}
