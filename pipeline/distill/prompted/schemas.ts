import { z } from 'zod';
import type { FactKind, NodeMode } from '../../types.ts';

/**
 * The structured outputs we ask the models for, as zod schemas (validation) and
 * JSON Schemas (what the provider is told: tool input, response_format, responseJsonSchema).
 */

const factKinds = ['flag', 'code', 'value', 'default', 'key'] as const satisfies readonly FactKind[];
const modes = ['agent-primary', 'source-primary'] as const satisfies readonly NodeMode[];
// Both directions: a kind added to types.ts and not here fails to compile.
type Missing<A, B> = Exclude<A, B> extends never ? true : never;
const kindsComplete: Missing<FactKind, (typeof factKinds)[number]> = true;
const modesComplete: Missing<NodeMode, (typeof modes)[number]> = true;
void kindsComplete;
void modesComplete;

export const sectionOutput = z.object({
  summary: z.string().describe('Two to four sentences on what the section says and when a reader needs it.'),
  facts: z
    .array(
      z.object({
        kind: z.enum(factKinds).describe('flag, code, value, default or key'),
        literal: z.string().describe('Copied character for character from the section source.'),
      }),
    )
    .describe('Exact strings a reader may need to type or compare; empty when there are none.'),
  terms: z.array(z.string()).describe('Words and phrases people type when they need this section.'),
  mode: z.enum(modes).describe('source-primary when the exact source text matters more than a summary.'),
});

export const glossaryOutput = z.object({
  entries: z.array(
    z.object({
      term: z.string(),
      aliases: z.array(z.string()),
      definition: z.string(),
      sections: z.array(z.string()).describe('Ids of the sections that use the term.'),
    }),
  ),
});

export const suggestionsOutput = z.object({
  questions: z
    .array(
      z.object({
        question: z.string(),
        section: z.string().describe('The id (in brackets in the listing) of the section that answers it.'),
      }),
    )
    .describe('Questions a new reader would ask, answerable from these docs.'),
});

export type SuggestionsOutput = z.infer<typeof suggestionsOutput>;

export const contextOutput = z.object({
  context: z.string().describe('A short prose orientation to the documentation set.'),
});

export type GlossaryOutput = z.infer<typeof glossaryOutput>;

/** The JSON Schema of a zod schema, as providers accept it (no `$schema` key). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const generated = z.toJSONSchema(schema) as Record<string, unknown>;
  delete generated.$schema;
  return generated;
}
