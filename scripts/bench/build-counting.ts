/**
 * A distiller that stands for a model provider in `bench:build`: it does the offline distiller's
 * work but is a distiller of its own (another provider name, none of the offline distiller's
 * identity), so a build takes the path it takes with a model key, and it counts the calls that
 * path makes: what a build would pay a provider for.
 */
import type { CorpusInput, Distiller, DistillUsage, GlossaryEntry, Page, Section, SectionDistillation, SuggestedQuestion } from '../../pipeline/types.ts';
import type { CallCounts } from './build-jobs.ts';

export const COUNTING_PROVIDER = 'bench-counting';

export interface CountingDistiller {
  readonly distiller: Distiller;
  counts(): CallCounts;
}

/** Wraps `inner` (the offline distiller): same answers, calls counted per method. */
export function createCountingDistiller(inner: Distiller): CountingDistiller {
  const counts = { distillSection: 0, distillGlossary: 0, suggestQuestions: 0, writeContext: 0 };
  const total = (): number => counts.distillSection + counts.distillGlossary + counts.suggestQuestions + counts.writeContext;
  // only the interface's own members: nothing the offline distiller carries besides is passed on
  const distiller: Distiller = {
    provider: COUNTING_PROVIDER,
    model: `${inner.model}-counted`,
    templateHashes: { ...inner.templateHashes },
    distillSection(section: Section, page: Page): Promise<SectionDistillation> {
      counts.distillSection += 1;
      return inner.distillSection(section, page);
    },
    distillGlossary(corpus: CorpusInput): Promise<GlossaryEntry[]> {
      counts.distillGlossary += 1;
      return inner.distillGlossary(corpus);
    },
    suggestQuestions(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): Promise<SuggestedQuestion[]> {
      counts.suggestQuestions += 1;
      return inner.suggestQuestions(corpus, glossary);
    },
    writeContext(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): Promise<string> {
      counts.writeContext += 1;
      return inner.writeContext(corpus, glossary);
    },
    usage(): DistillUsage {
      return { ...inner.usage(), calls: total() };
    },
  };
  return { distiller, counts: () => ({ ...counts }) };
}
