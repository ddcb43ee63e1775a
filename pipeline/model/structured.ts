/**
 * The one thing each provider adapter does for the distiller: send a prompt and
 * return the JSON value the model produced for one named output.
 */

/** An output the model may be asked for: a tool (Anthropic) or a response schema (OpenAI, Gemini). */
export interface OutputSpec {
  readonly name: string;
  readonly description: string;
  readonly schema: Readonly<Record<string, unknown>>;
}

export interface StructuredCall {
  /** What the call is for, in error messages: `section distillation of guide#install`. */
  readonly action: string;
  /**
   * System blocks, shared by many calls. The last block ends the cached prefix
   * (Anthropic `cache_control`; the others cache matching prefixes on their own).
   */
  readonly system: readonly string[];
  readonly user: string;
  /** Every output of this family of calls: keeping the list identical keeps the cached prefix identical. */
  readonly outputs: readonly OutputSpec[];
  /** The name of the output this call must produce. */
  readonly use: string;
  readonly maxTokens: number;
}

interface CallUsage {
  /** All input tokens, cached ones included. */
  readonly input: number;
  readonly output: number;
  /** Input tokens the provider reports as read from its prompt cache. */
  readonly cached: number;
}

interface StructuredResult {
  /** The parsed JSON value, or undefined when the model produced none (validated by the caller). */
  readonly value: unknown;
  readonly usage: CallUsage;
}

export type StructuredModel = (call: StructuredCall) => Promise<StructuredResult>;

/** Options every provider adapter takes. */
export interface AdapterOptions {
  readonly model: string;
  readonly apiKey: string;
  readonly baseUrl?: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  /** Gemini only: first back-off delay (its SDK does not read `retry-after`). */
  readonly retryDelayMs: number;
}

/** Parses a JSON text answer; undefined when it is not JSON (the caller re-asks once). */
export function parseJsonText(text: string | null | undefined): unknown {
  if (!text) return undefined;
  const trimmed = text.trim().replace(/^```(?:json)?\s*\n?/, '').replace(/\n?```$/, '');
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}
