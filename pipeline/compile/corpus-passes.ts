/**
 * The corpus steps, from the sections' records in memory (no page is parsed for them): the
 * glossary, the search tables assembled from each section's cached tokens (with the glossary),
 * the suggested questions (kept only when keyword search finds something for them) and the
 * context text. Each pass reruns only when its input hash changed (`runCorpusPass`).
 */
import type { LoadedContent } from '../content/index.ts';
import type { Manifest } from '../format/manifest.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { SuggestionsFileSchema, suggestedQuestionsOf } from '../format/digest-json.ts';
import { readDigestFile, readDigestJson, readGlossary } from '../digest/read.ts';
import { openSearchTables, searchSections, searchTableSources } from '../search/index.ts';
import { digestSearchFiles } from './digest-search-files.ts';
import type { DigestNode, Distiller, GlossaryEntry, SuggestedQuestion } from '../types.ts';
import type { AnswerCache } from './cache.ts';
import { corpusInputHash, runCorpusPass, type CorpusPass } from './corpus.ts';
import { collectGarbage } from './memory.ts';
import type { SectionRecord } from './page-store.ts';
import type { PhaseClock } from './phases.ts';

export interface CorpusInputs {
  readonly content: LoadedContent;
  readonly contentHash: string;
  /** Each section's record, in the order of `content.sections`. */
  readonly records: readonly SectionRecord[];
  readonly distiller: Distiller;
  readonly previous: Manifest | null;
  /** The previous digest, where a pass whose inputs did not change takes its answer. */
  readonly outDir: string;
  readonly force: boolean;
  readonly cache: AnswerCache;
  readonly clock: PhaseClock;
  readonly onProgress?: (stage: string, done: number, total: number) => void;
}

interface PassOutput<T> {
  readonly value: T;
  readonly inputHash: string;
}

export interface CorpusOutputs {
  readonly nodes: readonly DigestNode[];
  readonly glossary: PassOutput<GlossaryEntry[]>;
  readonly suggestions: PassOutput<SuggestedQuestion[]>;
  readonly context: PassOutput<string>;
  /** The search tables' files, as written. */
  readonly searchFiles: ReadonlyMap<string, string>;
}

/** Keeps the suggested questions whose keyword search finds something in the top 6. */
function retrievable(questions: readonly SuggestedQuestion[], index: ReturnType<typeof openSearchTables>): SuggestedQuestion[] {
  return questions.filter(({ question }) => searchSections(index, question).length > 0);
}

export async function runCorpusPasses(input: CorpusInputs): Promise<CorpusOutputs> {
  const { content, contentHash, distiller, clock } = input;
  const nodes = input.records.map((record) => record.node);
  const corpus = { pages: content.pages, sections: content.sections, nodes };
  const runner = {
    previous: input.previous,
    force: input.force,
    cache: input.cache,
    readPrevious: async (pass: CorpusPass): Promise<unknown> => {
      if (pass === 'glossary') return readGlossary(input.outDir);
      if (pass === 'context') return readDigestFile(input.outDir, DIGEST_FILES.context);
      const file = await readDigestJson(input.outDir, DIGEST_FILES.suggestions, SuggestionsFileSchema);
      return file === null ? null : suggestedQuestionsOf(file);
    },
  };
  // a full collection before each pass keeps the peak near the live data (memory.ts)
  const step = <T>(phase: 'corpus' | 'index', run: () => Promise<T>): Promise<T> =>
    clock.time(phase, async () => {
      collectGarbage();
      return run();
    });
  input.onProgress?.('corpus', 0, 3);
  const glossary = await step('corpus', () =>
    runCorpusPass<GlossaryEntry[]>(runner, 'glossary', corpusInputHash('glossary', contentHash, distiller, null), () => distiller.distillGlossary(corpus)),
  );
  // made once: the suggestions pass searches these very files, and they are written as they are
  const searchFiles = await step('index', () =>
    Promise.resolve(digestSearchFiles(content, input.records.map((record) => record.indexed), glossary.value)),
  );
  input.onProgress?.('corpus', 1, 3);
  const suggestions = await step('corpus', () =>
    runCorpusPass<SuggestedQuestion[]>(runner, 'suggestions', corpusInputHash('suggestions', contentHash, distiller, glossary.value), async () =>
      retrievable(await distiller.suggestQuestions(corpus, glossary.value), openSearchTables(searchTableSources(searchFiles))),
    ),
  );
  input.onProgress?.('corpus', 2, 3);
  const context = await step('corpus', () =>
    runCorpusPass<string>(runner, 'context', corpusInputHash('context', contentHash, distiller, glossary.value), () => distiller.writeContext(corpus, glossary.value)),
  );
  input.onProgress?.('corpus', 3, 3);
  return { nodes, glossary, suggestions, context, searchFiles };
}
