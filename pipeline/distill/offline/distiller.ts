/**
 * The offline distiller: the embedded default when no model key is set.
 * No network, no clock, no randomness: the same input gives the same output,
 * byte for byte. It makes no model calls, so its usage stays at zero.
 */
import type { Root } from 'mdast';
import type { CorpusInput, Distiller, DistillUsage, GlossaryEntry, Page, Section, SectionDistillation, SectionNotes, SuggestedQuestion } from '../../types.ts';
import { writeContextText } from './context.ts';
import type { FoundDefinition } from './definitions.ts';
import { buildGlossary } from './glossary.ts';
import { bodyOf, sectionTree } from './parse.ts';
import { distillSectionOffline } from './section.ts';
import { allDefinitions, sectionDefinitions } from './stated.ts';
import { suggest } from './suggestions.ts';
import { OFFLINE_MODEL, OFFLINE_PROVIDER, OFFLINE_TEMPLATE_HASHES } from './version.ts';

/**
 * Creates the offline distiller (`provider: 'offline'`, `model: 'offline-v1'`). Its notes on a
 * section are the definitions its glossary pass takes from it (stated, and acronyms spelled out); each instance keeps those it is given, by
 * section hash, for its glossary pass (one instance per build).
 */
export function createOfflineDistiller(): Distiller {
  const definitions = new Map<string, readonly FoundDefinition[]>();
  const definitionsOf = (section: Section): readonly FoundDefinition[] => definitions.get(section.hash) ?? allDefinitions(section);
  return {
    provider: OFFLINE_PROVIDER,
    model: OFFLINE_MODEL,
    templateHashes: OFFLINE_TEMPLATE_HASHES,
    threadModule: import.meta.url,
    distillSection(section: Section, page: Page, tree?: Root | null): Promise<SectionDistillation> {
      return Promise.resolve().then(() => distillSectionOffline(section, page, tree));
    },
    sectionNotes(section: Section, tree: Root | null): SectionNotes {
      return sectionDefinitions(section, () => bodyOf(sectionTree(section, tree)));
    },
    takeSectionNotes(section: Section, notes: SectionNotes): void {
      // notes this distiller made (a worker thread, the build's cache)
      definitions.set(section.hash, notes);
    },
    distillGlossary(corpus: CorpusInput): Promise<GlossaryEntry[]> {
      return Promise.resolve().then(() => buildGlossary(corpus, definitionsOf));
    },
    suggestQuestions(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): Promise<SuggestedQuestion[]> {
      return Promise.resolve().then(() => suggest(corpus, glossary));
    },
    writeContext(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): Promise<string> {
      return Promise.resolve().then(() => writeContextText(corpus, glossary));
    },
    usage(): DistillUsage {
      return { calls: 0, inputTokens: 0, outputTokens: 0, cacheHits: 0, droppedFacts: 0 };
    },
  };
}

/**
 * What a worker thread makes for itself (`Distiller.threadModule`): compile/workers/task.ts
 * imports this module by its url and calls this export by name.
 * @public
 */
export function createThreadDistiller(): Distiller {
  return createOfflineDistiller();
}
