import { ANSWER_SYSTEM_PROMPT, questionMessage } from '../../../templates/prompts/answer.ts';
import type { ModelProvider } from '../../model/defaults.ts';
import { toProviderError } from '../../model/errors.ts';
import { emitGenerationTrace, type GenerationTrace, type TelemetryConfig } from '../telemetry.ts';
import { ANSWER_MAX_RETRIES, ANSWER_TIMEOUT_MS, resolveBounds, type LoopBounds } from './bounds.ts';
import { createLinkFilter } from './link-filter.ts';
import { createLinkPolicy } from './link-policy.ts';
import { research, streamAnswer } from './loop.ts';
import { openSession } from './sessions/index.ts';
import type { AgentSession } from './sessions/session.ts';
import type { SearchHit } from './sources.ts';
import { encodeFrame, type AnswerEvent } from './sse.ts';
import { TOOL_SPECS, ToolBox, type OpenedSection, type ReadAhead } from './tools.ts';

export interface AgenticAnswerOptions {
  readonly query: string;
  readonly provider: ModelProvider;
  readonly model: string;
  /** Server-side only: never in a frame, an error or a trace. */
  readonly apiKey: string;
  readonly baseUrl?: string | undefined;
  /** The keyword scorer (the same one keyword mode uses). */
  readonly search: (query: string) => readonly SearchHit[];
  /** A section's digest node, and its source text for `source-primary` sections; null when unknown. */
  readonly openSection: (id: string) => OpenedSection | null;
  /** What a tool call will read, fetched first (a digest in an edge store). */
  readonly readAhead?: ReadAhead | undefined;
  /** Tracing; undefined turns it off. */
  readonly telemetry?: TelemetryConfig | undefined;
  /** The request's signal: a reader who leaves stops the loop and the provider calls. */
  readonly signal?: AbortSignal | undefined;
  readonly bounds?: Partial<LoopBounds> | undefined;
  /** The site's origin, so that absolute links to the site match the sources' relative urls. */
  readonly siteOrigin?: string | undefined;
  /** Per-attempt timeout of each provider call (default 60 s). */
  readonly timeoutMs?: number | undefined;
  /** SDK retries per provider call (default 2). */
  readonly maxRetries?: number | undefined;
}

/**
 * The agentic answer as a stream of SSE frames (spec, Events): `search` for the question,
 * each sub-query and each opened section's heading; `sources` once, before any token;
 * `token` deltas, with every link outside the sources turned into text; then `done`, or
 * `error` as the last frame if anything fails. One generation trace is sent after the
 * stream has closed, when telemetry is configured.
 */
export function streamAgenticAnswer(options: AgenticAnswerOptions): ReadableStream<Uint8Array> {
  const bounds = resolveBounds(options.bounds);
  const abort = new AbortController();
  const onAbort = () => abort.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) abort.abort();
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (frame: AnswerEvent) => {
        if (open) controller.enqueue(encodeFrame(frame));
      };
      void run(options, bounds, abort.signal, send).then((trace) => {
        options.signal?.removeEventListener('abort', onAbort);
        if (open) {
          open = false;
          controller.close();
        }
        // Not awaited, after the close: a slow or dead host changes nothing for the reader.
        if (options.telemetry) void emitGenerationTrace(options.telemetry, trace);
      });
    },
    cancel() {
      open = false;
      abort.abort();
    },
  });
}

/** Runs the loop and the answer, sending frames; never rejects. Returns what the trace reports. */
async function run(
  options: AgenticAnswerOptions,
  bounds: LoopBounds,
  signal: AbortSignal,
  send: (frame: AnswerEvent) => void,
): Promise<GenerationTrace> {
  const started = Date.now();
  const maxRetries = options.maxRetries ?? ANSWER_MAX_RETRIES;
  const tools = new ToolBox({
    search: options.search,
    openSection: options.openSection,
    bounds,
    onSearch: (query) => send({ event: 'search', data: { query } }),
    readAhead: options.readAhead,
  });
  let session: AgentSession | undefined;
  let answer = '';
  let failure: string | undefined;
  try {
    await options.readAhead?.search(options.query);
    const initial = tools.initialSearch(options.query);
    session = await openSession(options.provider, {
      apiKey: options.apiKey,
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      model: options.model,
      system: ANSWER_SYSTEM_PROMPT,
      question: questionMessage(options.query, initial),
      tools: TOOL_SPECS,
      maxStepTokens: bounds.maxStepTokens,
      maxOutputTokens: bounds.maxOutputTokens,
      signal,
      timeoutMs: options.timeoutMs ?? ANSWER_TIMEOUT_MS,
      maxRetries,
    });
    await research(session, tools, bounds, signal);
    const sources = tools.sources.list();
    send({ event: 'sources', data: { sources, model: options.model, mode: 'agentic' } });
    const filter = createLinkFilter(createLinkPolicy(tools.sources.urls(), options.siteOrigin));
    for await (const delta of streamAnswer(session)) {
      answer += delta;
      const text = filter.push(delta);
      if (text) send({ event: 'token', data: { text } });
    }
    const rest = filter.flush();
    if (rest) send({ event: 'token', data: { text: rest } });
    send({ event: 'done', data: {} });
  } catch (error) {
    if (signal.aborted) {
      failure = 'the reader closed the stream';
    } else {
      failure = toProviderError(options.provider, 'answer', error, options.apiKey, maxRetries).message;
      send({ event: 'error', data: { error: failure } });
    }
  }
  const usage = session?.usage() ?? { input: 0, output: 0, cached: 0 };
  return {
    traceId: crypto.randomUUID(),
    provider: options.provider,
    model: options.model,
    query: options.query,
    answer,
    inputTokens: usage.input,
    outputTokens: usage.output,
    cachedInputTokens: usage.cached,
    latencyMs: Date.now() - started,
    toolCalls: tools.calls,
    sourceCount: tools.sources.size,
    ...(failure === undefined ? {} : { error: failure }),
  };
}
