/**
 * The offline distiller: the embedded default when no model key is set.
 * No network, no clock, no randomness: the same input gives the same output,
 * byte for byte. It makes no model calls, so its usage stays at zero.
 */
import type { CorpusInput, Distiller, DistillUsage, GlossaryEntry, Page, Section, SectionDistillation } from '../../types.ts';
import { writeContextText } from './context.ts';
import { buildGlossary } from './glossary.ts';
import { distillSectionOffline } from './section.ts';
import { suggest } from './suggestions.ts';
import { OFFLINE_MODEL, OFFLINE_PROVIDER, OFFLINE_TEMPLATE_HASHES } from './version.ts';

/** The distillers made by `createOfflineDistiller`: their work can be done anywhere, in any thread. */
const offlineDistillers = new WeakSet<Distiller>();

/** True for a distiller made by `createOfflineDistiller` (so a worker thread may do its section pass). */
export function isOfflineDistiller(distiller: Distiller): boolean {
  return offlineDistillers.has(distiller);
}

/** Creates the offline distiller (`provider: 'offline'`, `model: 'offline-v1'`). */
export function createOfflineDistiller(): Distiller {
  const distiller: Distiller = {
    provider: OFFLINE_PROVIDER,
    model: OFFLINE_MODEL,
    templateHashes: OFFLINE_TEMPLATE_HASHES,
    distillSection(section: Section, page: Page): Promise<SectionDistillation> {
      return Promise.resolve().then(() => distillSectionOffline(section, page));
    },
    distillGlossary(corpus: CorpusInput): Promise<GlossaryEntry[]> {
      return Promise.resolve().then(() => buildGlossary(corpus));
    },
    suggestQuestions(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): Promise<string[]> {
      return Promise.resolve().then(() => suggest(corpus, glossary));
    },
    writeContext(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): Promise<string> {
      return Promise.resolve().then(() => writeContextText(corpus, glossary));
    },
    usage(): DistillUsage {
      return { calls: 0, inputTokens: 0, outputTokens: 0, cacheHits: 0, droppedFacts: 0 };
    },
  };
  offlineDistillers.add(distiller);
  return distiller;
}
