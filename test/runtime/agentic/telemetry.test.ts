import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TELEMETRY_HOST, emitGenerationTrace, telemetryConfigFromEnv, type TelemetryConfig } from '../../../pipeline/runtime/telemetry.ts';
import { FAKE_KEY } from '../../support/fake-providers.ts';
import { answer, readFrames, useFake } from './helpers.ts';

const TELEMETRY_KEY = 'phc_telemetry_test_key';

interface Ingest {
  readonly host: string;
  /** Resolves with the first event received. */
  readonly received: Promise<{ path: string; body: Record<string, unknown>; raw: string }>;
  close(): Promise<void>;
}

/** A stand-in ingestion host; `hang` keeps every request open without answering. */
async function startIngest(hang = false): Promise<Ingest> {
  let deliver: (value: { path: string; body: Record<string, unknown>; raw: string }) => void = () => {};
  const received = new Promise<{ path: string; body: Record<string, unknown>; raw: string }>((resolve) => {
    deliver = resolve;
  });
  const server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      deliver({ path: req.url ?? '', body: JSON.parse(raw) as Record<string, unknown>, raw });
      if (!hang) res.end('{"status":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function config(host: string, capture: TelemetryConfig['capture']): TelemetryConfig {
  return { key: TELEMETRY_KEY, host, capture, timeoutMs: 2_000 };
}

const SCRIPT = [
  { toolCalls: [{ name: 'search', args: { query: 'secret sub-query' } }, { name: 'open_section', args: { id: 'guide/server#options' } }] },
  { text: 'READY', usage: { input: 300, output: 5, cached: 200 } },
  { text: ['The answer.'], usage: { input: 400, output: 30, cached: 200 } },
];

describe('telemetry of agentic answers', () => {
  const fake = useFake('openai');
  let ingest: Ingest | undefined;
  afterEach(async () => {
    await ingest?.close();
    ingest = undefined;
  });

  it('reads its settings from the environment, and is off without a key', () => {
    expect(telemetryConfigFromEnv({})).toBeUndefined();
    expect(telemetryConfigFromEnv({ TELEMETRY_API_KEY: 'k' })).toEqual({ key: 'k', host: DEFAULT_TELEMETRY_HOST, capture: 'full' });
    expect(telemetryConfigFromEnv({ TELEMETRY_KEY: 'a', TELEMETRY_API_KEY: 'b', TELEMETRY_HOST: 'http://h', TELEMETRY_CAPTURE_CONTENT: 'Redacted' })).toEqual({
      key: 'a',
      host: 'http://h',
      capture: 'redacted',
    });
  });

  it('sends one generation trace with model, tokens, latency, tool calls and the text (full)', async () => {
    ingest = await startIngest();
    fake().script(...SCRIPT);

    const { frames } = await readFrames(answer('openai', fake(), { telemetry: config(ingest.host, 'full') }));
    const { path, body, raw } = await ingest.received;

    expect(frames.at(-1)?.event).toBe('done');
    expect(path).toBe('/i/v0/e/');
    expect(body).toMatchObject({ api_key: TELEMETRY_KEY, event: '$ai_generation' });
    const properties = body.properties as Record<string, unknown>;
    expect(properties).toMatchObject({
      $ai_model: 'loop-model',
      $ai_provider: 'openai',
      $ai_input_tokens: 100 + 300 + 400,
      $ai_output_tokens: 20 + 5 + 30,
      $ai_cache_read_input_tokens: 400,
      $ai_is_error: false,
      $ai_input: [{ role: 'user', content: 'How do I change the port?' }],
      $ai_output_choices: [{ role: 'assistant', content: 'The answer.' }],
      ask_tool_calls: [
        { name: 'search', query: 'How do I change the port?', results: 1 },
        { name: 'search', query: 'secret sub-query', results: 0 },
        { name: 'open_section', id: 'guide/server#options', results: 1 },
      ],
    });
    expect(typeof properties.$ai_latency).toBe('number');
    expect(raw).not.toContain(FAKE_KEY);
  });

  it('sends no prompt, answer or sub-query text when redacted', async () => {
    ingest = await startIngest();
    fake().script(...SCRIPT);

    await readFrames(answer('openai', fake(), { telemetry: config(ingest.host, 'redacted') }));
    const { body, raw } = await ingest.received;

    expect(body.properties).toMatchObject({
      $ai_input: [{ role: 'user', content: '[redacted]' }],
      $ai_output_choices: [{ role: 'assistant', content: '[redacted]' }],
    });
    expect(raw).not.toContain('change the port');
    expect(raw).not.toContain('secret sub-query');
    expect(raw).not.toContain('The answer.');
  });

  it('sends counts and tool names only when capture is off', async () => {
    ingest = await startIngest();
    fake().script(...SCRIPT);

    await readFrames(answer('openai', fake(), { telemetry: config(ingest.host, 'off') }));
    const { body, raw } = await ingest.received;

    const properties = body.properties as Record<string, unknown>;
    expect(properties.$ai_input).toBeUndefined();
    expect(properties.$ai_output_choices).toBeUndefined();
    expect(properties.ask_tool_calls).toEqual([{ name: 'search', results: 1 }, { name: 'search', results: 0 }, { name: 'open_section', id: 'guide/server#options', results: 1 }]);
    expect(raw).not.toContain('secret sub-query');
  });

  it('traces a failed answer as an error, without the provider key', async () => {
    ingest = await startIngest();
    fake().otherwise({ status: 401, errorMessage: `bad key ${FAKE_KEY}` });

    const { frames } = await readFrames(answer('openai', fake(), { telemetry: config(ingest.host, 'full') }));
    const { body, raw } = await ingest.received;

    expect(frames.at(-1)?.event).toBe('error');
    expect(body.properties).toMatchObject({ $ai_is_error: true, $ai_error: expect.stringContaining('HTTP 401') as unknown });
    expect(raw).not.toContain(FAKE_KEY);
  });

  it('never holds the answer back while the host does not answer', async () => {
    ingest = await startIngest(true);
    fake().script(...SCRIPT);

    const { frames } = await readFrames(answer('openai', fake(), { telemetry: config(ingest.host, 'full') }));

    expect(frames.at(-1)?.event).toBe('done');
    await expect(ingest.received).resolves.toMatchObject({ path: '/i/v0/e/' });
  });

  it('completes the answer when the host is down, and the send settles without throwing', async () => {
    const down = 'http://127.0.0.1:9';
    fake().script(...SCRIPT);

    const { frames } = await readFrames(answer('openai', fake(), { telemetry: config(down, 'full') }));

    expect(frames.at(-1)?.event).toBe('done');
    const trace = { traceId: 't', provider: 'openai', model: 'm', query: 'q', answer: 'a', inputTokens: 1, outputTokens: 1, cachedInputTokens: 0, latencyMs: 1, toolCalls: [], sourceCount: 0 };
    await expect(emitGenerationTrace(config(down, 'full'), trace)).resolves.toBeUndefined();
  });
});
