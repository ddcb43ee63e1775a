/** The limits of one agentic answer. Every one of them is enforced, none is advisory. */
export interface LoopBounds {
  /** Research calls to the model (each may issue several tool calls). The answer call is not counted. */
  readonly maxSteps: number;
  /** `search` tool calls the model may make (the first search, on the question itself, is not counted). */
  readonly maxSubQueries: number;
  /** Distinct sections the model may open with `open_section`. */
  readonly maxOpenedSections: number;
  /** Results one search returns to the model. */
  readonly maxResultsPerSearch: number;
  /** Output tokens of one research step (tool calls need few; Gemini counts its thinking here too). */
  readonly maxStepTokens: number;
  /** Output tokens of the streamed answer (Gemini's thinking included). */
  readonly maxOutputTokens: number;
  /** Characters of a `source-primary` section's source text handed to the model. */
  readonly maxSourceChars: number;
}

const DEFAULT_BOUNDS: LoopBounds = {
  maxSteps: 4,
  maxSubQueries: 6,
  maxOpenedSections: 6,
  maxResultsPerSearch: 6,
  maxStepTokens: 2048,
  maxOutputTokens: 2048,
  maxSourceChars: 12_000,
};

/** DEFAULT_BOUNDS with the given overrides; a negative or fractional override is refused. */
export function resolveBounds(overrides: Partial<LoopBounds> = {}): LoopBounds {
  const bounds = { ...DEFAULT_BOUNDS, ...overrides };
  for (const [name, value] of Object.entries(bounds)) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`loop bound ${name} must be a whole number, got ${value}`);
  }
  return bounds;
}

/** Per-call settings of the answer path (runtime requests must not hang a reader for minutes). */
export const ANSWER_TIMEOUT_MS = 60_000;
export const ANSWER_MAX_RETRIES = 2;
