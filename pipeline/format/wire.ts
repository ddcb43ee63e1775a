/**
 * The ask routes' wire contract (spec section 2, Events), defined once as zod schemas: the keyword
 * response and its results, a grounding source, and the data of each agentic answer event. The
 * OpenAPI document's schemas are generated from these (`runtime/openapi-schemas.ts`), the client
 * and the MCP server parse with them, and the overlay takes their types (its own small guards
 * keep zod out of the browser bundle).
 */
import { z } from 'zod';

export const KeywordResultSchema = z.object({
  title: z.string(),
  heading: z.string().optional(),
  url: z.string(),
  group: z.string().optional(),
  snippet: z.string(),
});

export const KeywordResponseSchema = z.object({
  results: z.array(KeywordResultSchema),
  query: z.string(),
  model: z.string(),
  mode: z.literal('keyword'),
  warning: z.string().optional(),
});

/** A grounding source (spec Source): no snippet. */
export const SourceSchema = z.object({
  url: z.string(),
  title: z.string().optional(),
  heading: z.string().optional(),
  group: z.string().optional(),
  terms: z.array(z.string()).optional(),
});

/** The data of each event of the agentic answer stream, by event name. */
export const ANSWER_EVENT_DATA = {
  search: z.object({ query: z.string() }),
  sources: z.object({ sources: z.array(SourceSchema), model: z.string(), mode: z.literal('agentic') }),
  token: z.object({ text: z.string() }),
  done: z.object({}),
  error: z.object({ error: z.string() }),
} as const;

/** An object type with optional keys that, when present, hold a value (never `undefined`). */
type Exact<T> = { readonly [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  readonly [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** Search result of the keyword scorer (spec KeywordResult). */
export type KeywordResult = Exact<z.infer<typeof KeywordResultSchema>>;
export type KeywordResponse = Exact<Omit<z.infer<typeof KeywordResponseSchema>, 'results'>> & { readonly results: readonly KeywordResult[] };
export type Source = Exact<Omit<z.infer<typeof SourceSchema>, 'terms'>> & { readonly terms?: readonly string[] };

/** One Server-Sent Event of the agentic answer (spec, Events). */
export type AnswerEvent =
  | { readonly event: 'search'; readonly data: Exact<z.infer<(typeof ANSWER_EVENT_DATA)['search']>> }
  | { readonly event: 'sources'; readonly data: { readonly sources: readonly Source[]; readonly model: string; readonly mode: 'agentic' } }
  | { readonly event: 'token'; readonly data: Exact<z.infer<(typeof ANSWER_EVENT_DATA)['token']>> }
  | { readonly event: 'done'; readonly data: Record<string, never> }
  | { readonly event: 'error'; readonly data: Exact<z.infer<(typeof ANSWER_EVENT_DATA)['error']>> };
