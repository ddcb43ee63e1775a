import type { z } from 'zod';
import type { CorpusInput, Distiller, DistillUsage, GlossaryEntry, Page, Section, SectionDistillation, SuggestedQuestion } from '../../types.ts';
import { createAnthropicModel } from '../../model/anthropic.ts';
import { renderCorpus, renderGlossary } from './corpus.ts';
import { DEFAULT_MODELS, DISTILL_MAX_RETRIES, DISTILL_TIMEOUT_MS, GEMINI_RETRY_DELAY_MS, type ModelProvider } from '../../model/defaults.ts';
import { ProviderError } from '../../model/errors.ts';
import { createGeminiModel } from '../../model/gemini.ts';
import { MAX_TERMS, groundGlossary, groundSuggestions, uniqueStrings } from './normalize.ts';
import { createOpenAIModel } from '../../model/openai.ts';
import { renderTemplate } from './render.ts';
import {
  contextOutput,
  glossaryOutput,
  jsonSchemaOf,
  sectionOutput,
  suggestionsOutput,
} from './schemas.ts';
import type { AdapterOptions, OutputSpec, StructuredCall, StructuredModel } from '../../model/structured.ts';
import { loadPrompts, promptHashes } from './templates.ts';
import { keepVerbatimFacts } from '../verbatim.ts';

export interface ModelDistillerOptions {
  readonly provider: ModelProvider;
  /** Defaults to DEFAULT_MODELS[provider]. */
  readonly model?: string | undefined;
  readonly apiKey: string;
  /** Provider base URL (gateway, self-hosted server, test fake). Defaults to the SDK's. */
  readonly baseUrl?: string | undefined;
  /** Per attempt, in milliseconds. Default 120 000. */
  readonly timeoutMs?: number | undefined;
  /** Retries the SDK makes on 408/409/429/5xx/overloaded and connection errors. Default 4. */
  readonly maxRetries?: number | undefined;
  /** Gemini only: first retry delay in milliseconds (its SDK ignores `retry-after`). Default 1000. */
  readonly retryDelayMs?: number | undefined;
}

/** Output budgets per pass (tokens). */
const MAX_TOKENS = { section: 4096, glossary: 8192, suggestions: 2048, context: 4096 } as const;

const SECTION_OUTPUT: OutputSpec = {
  name: 'record_section',
  description: 'Record the distillation of one documentation section.',
  schema: jsonSchemaOf(sectionOutput),
};
/** The corpus passes offer the same three outputs, so their cached prefix is shared. */
const CORPUS_OUTPUTS: readonly OutputSpec[] = [
  { name: 'record_glossary', description: 'Record the glossary of the documentation set.', schema: jsonSchemaOf(glossaryOutput) },
  { name: 'record_suggestions', description: 'Record suggested questions.', schema: jsonSchemaOf(suggestionsOutput) },
  { name: 'record_context', description: 'Record the orientation text.', schema: jsonSchemaOf(contextOutput) },
];

function adapterFor(provider: ModelProvider): (options: AdapterOptions) => StructuredModel {
  switch (provider) {
    case 'anthropic':
      return createAnthropicModel;
    case 'openai':
      return createOpenAIModel;
    case 'gemini':
      return createGeminiModel;
  }
}

/**
 * A Distiller backed by a model provider. Prompts come from `templates/prompts/`;
 * their hashes are `templateHashes`. Every method may run concurrently with the others.
 */
export function createModelDistiller(options: ModelDistillerOptions): Distiller {
  const model = options.model ?? DEFAULT_MODELS[options.provider];
  const maxRetries = options.maxRetries ?? DISTILL_MAX_RETRIES;
  const call = adapterFor(options.provider)({
    model,
    apiKey: options.apiKey,
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    timeoutMs: options.timeoutMs ?? DISTILL_TIMEOUT_MS,
    maxRetries,
    retryDelayMs: options.retryDelayMs ?? GEMINI_RETRY_DELAY_MS,
  });
  const prompts = loadPrompts();
  const usage: DistillUsage = { calls: 0, inputTokens: 0, outputTokens: 0, cacheHits: 0, droppedFacts: 0 };

  /** One call validated against `schema`; a malformed answer is asked for once more, then fails. */
  async function structured<S extends z.ZodType>(request: StructuredCall, schema: S): Promise<z.infer<S>> {
    for (let attempt = 1; ; attempt += 1) {
      const result = await call(request);
      usage.calls += 1;
      usage.inputTokens += result.usage.input;
      usage.outputTokens += result.usage.output;
      usage.cacheHits += result.usage.cached;
      const parsed = schema.safeParse(result.value);
      if (parsed.success) return parsed.data;
      if (attempt >= 2) {
        throw new ProviderError(
          `${options.provider} ${request.action} failed: the model's answer did not match the expected structure twice`,
          options.provider,
          undefined,
        );
      }
    }
  }

  /** The corpus listing, rendered once per corpus object (the three passes share it, and its cache). */
  const listings = new WeakMap<CorpusInput, string>();
  const corpusSystem = (corpus: CorpusInput): string[] => {
    let listing = listings.get(corpus);
    if (listing === undefined) {
      listing = renderCorpus(corpus);
      listings.set(corpus, listing);
    }
    return [prompts.corpus, listing];
  };

  return {
    provider: options.provider,
    model,
    templateHashes: promptHashes(prompts),

    async distillSection(section: Section, page: Page): Promise<SectionDistillation> {
      const user = renderTemplate(prompts.sectionInput, {
        section_id: section.id,
        page_title: page.title,
        page_description: page.description ?? '(none)',
        group: section.group ?? '(none)',
        heading: section.heading ?? '(page introduction)',
        url: section.url,
        source: section.source,
      });
      const out = await structured(
        { action: `section distillation of ${section.id}`, system: [prompts.section], user, outputs: [SECTION_OUTPUT], use: SECTION_OUTPUT.name, maxTokens: MAX_TOKENS.section },
        sectionOutput,
      );
      const { kept, dropped } = keepVerbatimFacts(out.facts, section.source);
      usage.droppedFacts += dropped;
      return { summary: out.summary.trim(), facts: kept, terms: uniqueStrings(out.terms, MAX_TERMS), mode: out.mode };
    },

    async distillGlossary(corpus: CorpusInput): Promise<GlossaryEntry[]> {
      const out = await structured(
        { action: 'glossary pass', system: corpusSystem(corpus), user: prompts.glossary, outputs: CORPUS_OUTPUTS, use: 'record_glossary', maxTokens: MAX_TOKENS.glossary },
        glossaryOutput,
      );
      return groundGlossary(out.entries, corpus.sections);
    },

    async suggestQuestions(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): Promise<SuggestedQuestion[]> {
      const user = renderTemplate(prompts.suggestions, { glossary: renderGlossary(glossary) });
      const out = await structured(
        { action: 'suggestions pass', system: corpusSystem(corpus), user, outputs: CORPUS_OUTPUTS, use: 'record_suggestions', maxTokens: MAX_TOKENS.suggestions },
        suggestionsOutput,
      );
      return groundSuggestions(out.questions, corpus.sections);
    },

    async writeContext(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): Promise<string> {
      const user = renderTemplate(prompts.context, { glossary: renderGlossary(glossary) });
      const out = await structured(
        { action: 'context pass', system: corpusSystem(corpus), user, outputs: CORPUS_OUTPUTS, use: 'record_context', maxTokens: MAX_TOKENS.context },
        contextOutput,
      );
      return out.context.trim();
    },

    usage: () => ({ ...usage }),
  };
}
