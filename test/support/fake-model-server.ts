import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP core of the fake model servers: a real server on port 0 that answers each
 * request with the next scripted reply, rendered in one provider's wire protocol, and
 * records every request. Replies are provider-neutral, so one scenario runs against
 * the three providers.
 */

export interface ScriptedToolCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

export interface ScriptedReply {
  /** An error reply with this HTTP status (no other field but `headers`/`errorMessage` applies). */
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly errorMessage?: string;
  /** Structured output: the forced tool's input (Anthropic) or the JSON text (OpenAI, Gemini). */
  readonly json?: unknown;
  /** Answer text; an array is the stream's deltas. */
  readonly text?: string | readonly string[];
  readonly toolCalls?: readonly ScriptedToolCall[];
  readonly usage?: { readonly input?: number; readonly output?: number; readonly cached?: number };
  /** Streaming only: the connection is destroyed after this many text deltas. */
  readonly cutAfter?: number;
  /** Streaming only: an in-stream error event after the deltas (Anthropic `overloaded_error`, ...). */
  readonly streamError?: string;
  /** Answer only after this many milliseconds (to run into the client's timeout). */
  readonly delayMs?: number;
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly search: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
  readonly raw: string;
}

/** One SSE frame as written; `delta` frames count towards `cutAfter`. */
export interface WireFrame {
  readonly data: string;
  readonly delta?: boolean;
}

export interface WireProtocol {
  isStream(request: RecordedRequest): boolean;
  error(reply: ScriptedReply, request: RecordedRequest): { status: number; body: unknown };
  message(reply: ScriptedReply, request: RecordedRequest, serial: number): unknown;
  stream(reply: ScriptedReply, request: RecordedRequest, serial: number): WireFrame[];
}

export interface FakeModelServer {
  /** The base URL to hand to the SDK. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Appends replies to the script, answered in order. */
  script(...replies: ScriptedReply[]): void;
  /** The reply once the script is empty (default: a 500 saying so, to fail loudly). */
  otherwise(reply: ScriptedReply): void;
  /** Answers from a function of the request once the script is empty (before `otherwise`). */
  respond(responder: (request: RecordedRequest) => ScriptedReply | undefined): void;
  close(): Promise<void>;
}

export function usageOf(reply: ScriptedReply): { input: number; output: number; cached: number } {
  return { input: reply.usage?.input ?? 100, output: reply.usage?.output ?? 20, cached: reply.usage?.cached ?? 0 };
}

export function deltasOf(reply: ScriptedReply): readonly string[] {
  if (reply.text === undefined) return [];
  return typeof reply.text === 'string' ? [reply.text] : reply.text;
}

/** How a provider names its errors: by HTTP status, the name for any other status, and the message when the reply gives none. */
export interface ErrorNames {
  readonly byStatus: Readonly<Record<number, string>>;
  readonly otherwise: string;
  readonly defaultMessage: string;
}

/** An error reply as the provider names it: its status (500 unless scripted), the provider's name for that status, the message. */
export function scriptedError(reply: ScriptedReply, names: ErrorNames): { status: number; name: string; message: string } {
  const status = reply.status ?? 500;
  return { status, name: names.byStatus[status] ?? names.otherwise, message: reply.errorMessage ?? names.defaultMessage };
}

/**
 * One server-sent event carrying `body` as JSON: an optional `event:` line, the `data:` line,
 * and a blank line, each ended by `lineEnd`. `delta` marks a text delta (counted by `cutAfter`).
 */
export function sseFrame(body: unknown, options: { readonly event?: string; readonly delta?: boolean; readonly lineEnd?: '\n' | '\r\n' } = {}): WireFrame {
  const end = options.lineEnd ?? '\n';
  const event = options.event === undefined ? '' : `event: ${options.event}${end}`;
  return { data: `${event}data: ${JSON.stringify(body)}${end}${end}`, delta: options.delta ?? false };
}

function writeFrame(res: ServerResponse, data: string): Promise<void> {
  return new Promise((resolve) => res.write(data, () => resolve()));
}

export async function startFakeModelServer(protocol: WireProtocol, basePath = ''): Promise<FakeModelServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  let fallback: ScriptedReply = { status: 500, errorMessage: 'the fake server has no scripted reply left' };
  let serial = 0;
  let responder: ((request: RecordedRequest) => ScriptedReply | undefined) | undefined;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const url = new URL(req.url ?? '/', 'http://fake');
        let body: Record<string, unknown> = {};
        try {
          body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        } catch {
          body = {};
        }
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname.slice(basePath.length),
          search: url.search,
          headers: req.headers,
          body,
          raw,
        };
        requests.push(recorded);
        serial += 1;
        const reply = queue.shift() ?? responder?.(recorded) ?? fallback;
        if (reply.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        if (res.destroyed) return;
        const headers = { 'request-id': `req_fake_${serial}`, ...reply.headers };
        if (reply.status !== undefined && reply.status >= 400) {
          const { status, body: errorBody } = protocol.error(reply, recorded);
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(errorBody));
          return;
        }
        if (!protocol.isStream(recorded)) {
          res.writeHead(200, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(protocol.message(reply, recorded, serial)));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
        let deltas = 0;
        for (const frame of protocol.stream(reply, recorded, serial)) {
          if (frame.delta && reply.cutAfter !== undefined && deltas >= reply.cutAfter) {
            res.destroy();
            return;
          }
          await writeFrame(res, frame.data);
          if (frame.delta) deltas += 1;
        }
        res.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    requests,
    script: (...replies) => queue.push(...replies),
    respond: (fn) => {
      responder = fn;
    },
    otherwise: (reply) => {
      fallback = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
