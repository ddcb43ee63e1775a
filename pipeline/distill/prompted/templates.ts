import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { DistillPass } from '../../types.ts';
import { contextOutput, glossaryOutput, jsonSchemaOf, sectionOutput, suggestionsOutput } from './schemas.ts';
import { CORPUS_FORMAT_VERSION } from './corpus.ts';

/** `templates/prompts/`, found from this file so the package works from any working directory. */
const PROMPTS_DIR = new URL('../../../templates/prompts/', import.meta.url);

/** The prompt files, as read. */
export interface Prompts {
  /** System instructions of the section pass. */
  readonly section: string;
  /** The user message of the section pass: one section and its page. */
  readonly sectionInput: string;
  /** System instructions shared by the corpus passes (glossary, suggestions, context). */
  readonly corpus: string;
  readonly glossary: string;
  readonly suggestions: string;
  readonly context: string;
}

const FILES: Readonly<Record<keyof Prompts, string>> = {
  section: 'section.md',
  sectionInput: 'section-input.md',
  corpus: 'corpus.md',
  glossary: 'glossary.md',
  suggestions: 'suggestions.md',
  context: 'context.md',
};

/** Reads every prompt template (build side only; the runtime's answer prompt is a TS module). */
export function loadPrompts(dir: URL = PROMPTS_DIR): Prompts {
  const read = (key: keyof Prompts) => readFileSync(new URL(FILES[key], dir), 'utf8');
  return {
    section: read('section'),
    sectionInput: read('sectionInput'),
    corpus: read('corpus'),
    glossary: read('glossary'),
    suggestions: read('suggestions'),
    context: read('context'),
  };
}

function sha256(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:${part}`);
  return hash.digest('hex');
}

/**
 * One hash per pass over everything that shapes its prompt: its template files and
 * its output schema (and, for corpus passes, the corpus rendering). Editing a pass's
 * prompt changes that pass's hash only; editing the shared corpus prompt changes the three.
 */
export function promptHashes(prompts: Prompts): Record<DistillPass, string> {
  const schema = (s: Parameters<typeof jsonSchemaOf>[0]) => JSON.stringify(jsonSchemaOf(s));
  return {
    section: sha256([prompts.section, prompts.sectionInput, schema(sectionOutput)]),
    glossary: sha256([prompts.corpus, CORPUS_FORMAT_VERSION, prompts.glossary, schema(glossaryOutput)]),
    suggestions: sha256([prompts.corpus, CORPUS_FORMAT_VERSION, prompts.suggestions, schema(suggestionsOutput)]),
    context: sha256([prompts.corpus, CORPUS_FORMAT_VERSION, prompts.context, schema(contextOutput)]),
  };
}
