/**
 * Optional tracing of agentic answers: one `$ai_generation` event per answer, in the
 * PostHog capture format (`POST {host}/i/v0/e/`), which PostHog and compatible LLM
 * observability hosts ingest. Web-standard (fetch only). Sending never delays or
 * breaks an answer: it starts after the stream has closed, is bounded by a timeout,
 * and every failure is swallowed without a log line.
 */

/** The ingestion host used when `TELEMETRY_HOST` is not set. */
export const DEFAULT_TELEMETRY_HOST = 'https://us.i.posthog.com';
const TELEMETRY_PATH = '/i/v0/e/';
const TELEMETRY_TIMEOUT_MS = 5_000;

type CaptureMode = 'off' | 'redacted' | 'full';
const REDACTED = '[redacted]';

export interface TelemetryConfig {
  /** `TELEMETRY_KEY` (or `TELEMETRY_API_KEY`): the project key of the ingestion host. */
  readonly key: string;
  /** `TELEMETRY_HOST`, else DEFAULT_TELEMETRY_HOST. */
  readonly host: string;
  /** `TELEMETRY_CAPTURE_CONTENT`: how much prompt and answer text is sent. */
  readonly capture: CaptureMode;
  readonly timeoutMs?: number;
  /** Keeps a worker alive until the send settles (Cloudflare `ctx.waitUntil`). */
  readonly waitUntil?: (promise: Promise<unknown>) => void;
}

/** One tool call of the loop, as traced. */
export interface TraceToolCall {
  readonly name: string;
  /** The sub-query of a `search` call (content: follows the capture mode). */
  readonly query?: string;
  /** The section id of an `open_section` call. */
  readonly id?: string;
  /** Hits returned, or 1/0 for an opened section; absent when refused by a bound. */
  readonly results?: number;
}

export interface GenerationTrace {
  readonly traceId: string;
  readonly provider: string;
  readonly model: string;
  readonly query: string;
  readonly answer: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cachedInputTokens: number;
  readonly latencyMs: number;
  readonly toolCalls: readonly TraceToolCall[];
  readonly sourceCount: number;
  /** The error message when the answer failed (never contains the provider key). */
  readonly error?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : undefined;
}

/** Telemetry settings from an environment, or undefined (tracing off) without a key. */
export function telemetryConfigFromEnv(env: Readonly<Record<string, unknown>>): TelemetryConfig | undefined {
  const key = text(env.TELEMETRY_KEY) ?? text(env.TELEMETRY_API_KEY);
  if (key === undefined) return undefined;
  const mode = text(env.TELEMETRY_CAPTURE_CONTENT)?.toLowerCase();
  const capture: CaptureMode = mode === 'off' || mode === 'redacted' ? mode : 'full';
  return { key, host: text(env.TELEMETRY_HOST) ?? DEFAULT_TELEMETRY_HOST, capture };
}

function contentProperties(capture: CaptureMode, trace: GenerationTrace): Record<string, unknown> {
  if (capture === 'off') return {};
  const shown = (value: string) => (capture === 'full' ? value : REDACTED);
  return {
    $ai_input: [{ role: 'user', content: shown(trace.query) }],
    $ai_output_choices: [{ role: 'assistant', content: shown(trace.answer) }],
  };
}

function toolCallProperty(capture: CaptureMode, call: TraceToolCall): Record<string, unknown> {
  const query = call.query === undefined || capture === 'off' ? {} : { query: capture === 'full' ? call.query : REDACTED };
  return {
    name: call.name,
    ...query,
    ...(call.id === undefined ? {} : { id: call.id }),
    ...(call.results === undefined ? {} : { results: call.results }),
  };
}

/** The JSON body sent for one answer (pure; see docs/models.md for the fields). */
function tracePayload(config: TelemetryConfig, trace: GenerationTrace, now: Date = new Date()): Record<string, unknown> {
  return {
    api_key: config.key,
    event: '$ai_generation',
    distinct_id: trace.traceId,
    timestamp: now.toISOString(),
    properties: {
      distinct_id: trace.traceId,
      $process_person_profile: false,
      $ai_trace_id: trace.traceId,
      $ai_span_name: 'ask agentic answer',
      $ai_provider: trace.provider,
      $ai_model: trace.model,
      $ai_input_tokens: trace.inputTokens,
      $ai_output_tokens: trace.outputTokens,
      $ai_cache_read_input_tokens: trace.cachedInputTokens,
      $ai_latency: trace.latencyMs / 1000,
      $ai_stream: true,
      $ai_is_error: trace.error !== undefined,
      ...(trace.error === undefined ? {} : { $ai_error: trace.error }),
      $ai_tools: ['search', 'open_section'],
      ask_tool_calls: trace.toolCalls.map((call) => toolCallProperty(config.capture, call)),
      ask_source_count: trace.sourceCount,
      ask_capture_content: config.capture,
      ...contentProperties(config.capture, trace),
    },
  };
}

/**
 * Sends one generation trace. Never rejects, never logs; gives up after the timeout.
 * Returns the send so a worker can hand it to `waitUntil` (done here when configured).
 */
export function emitGenerationTrace(config: TelemetryConfig, trace: GenerationTrace): Promise<void> {
  const url = `${config.host.replace(/\/+$/, '')}${TELEMETRY_PATH}`;
  const send = (async () => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(tracePayload(config, trace)),
        signal: AbortSignal.timeout(config.timeoutMs ?? TELEMETRY_TIMEOUT_MS),
      });
      await response.body?.cancel();
    } catch {
      // Tracing is best effort: a host that is down or slow changes nothing for the reader.
    }
  })();
  config.waitUntil?.(send);
  return send;
}
