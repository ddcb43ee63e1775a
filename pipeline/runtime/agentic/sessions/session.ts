/**
 * One conversation of the agentic loop with one provider. Each provider keeps its own
 * native message history; the loop only sees tool calls, tool results and answer text.
 */

import { AskError } from '../../../errors.ts';

export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments (an object). */
  readonly parameters: Readonly<Record<string, unknown>>;
}

export interface ToolCall {
  /** The provider's id for the call (synthesised when the provider gives none). */
  readonly id: string;
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
}

export interface ToolResult {
  readonly call: ToolCall;
  readonly content: string;
}

export interface SessionUsage {
  /** All input tokens, cached ones included. */
  input: number;
  output: number;
  /** Input tokens read from the provider's prompt cache. */
  cached: number;
}

/** Adds one call's counted tokens to a session's running total. */
export function addUsage(total: SessionUsage, counted: Readonly<SessionUsage>): void {
  total.input += counted.input;
  total.output += counted.output;
  total.cached += counted.cached;
}

export interface AgentSession {
  /** One research step with the tools offered; the calls the model made (none: it is done). */
  step(): Promise<readonly ToolCall[]>;
  /** The results of every call of the last step, in order; sent with the next request. */
  answer(results: readonly ToolResult[]): void;
  /** The answer, streamed as text deltas, with tools disabled; throws if the stream ends early. */
  streamAnswer(instruction: string): AsyncGenerator<string, void, undefined>;
  /** Tokens used so far, over every call. */
  usage(): SessionUsage;
}

export interface SessionOptions {
  readonly apiKey: string;
  readonly baseUrl?: string;
  readonly model: string;
  readonly system: string;
  /** The first user turn. */
  readonly question: string;
  readonly tools: readonly ToolSpec[];
  readonly maxStepTokens: number;
  readonly maxOutputTokens: number;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  readonly maxRetries: number;
}

/** Thrown when a stream closes before the provider said the answer was complete. */
export class TruncatedStreamError extends AskError {
  override readonly name = 'TruncatedStreamError';
  constructor() {
    super('the answer stream ended before the model finished');
  }
}

/** Parses tool-call arguments sent as JSON text; anything but an object becomes `{}`. */
export function parseArgs(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
  } catch {
    return {};
  }
}
