/**
 * A real HTTP server on port 0 standing in for the platform (or an agent's
 * debug server). Each test scripts what it does with `upstream.handle`: answer
 * at once, stream timed chunks, stall, drop the connection; `kill()` stops it
 * so the address refuses connections. Every request is recorded.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  /** The raw request target: path and query exactly as received. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

export type UpstreamScript = (request: RecordedRequest, response: ServerResponse, incoming: IncomingMessage) => void | Promise<void>;

export interface ScriptedUpstream {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** What the next requests get; the default answers 200 `{"ok":true}`. */
  handle: UpstreamScript;
  /** Stops listening and destroys every open connection (the upstream is "down" afterwards). */
  kill(): Promise<void>;
}

export const answerJson = (status: number, body: unknown, headers: Record<string, string> = {}): UpstreamScript =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

/** A promise and its resolver, for gating a script on the test's progress. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

export async function startScriptedUpstream(): Promise<ScriptedUpstream> {
  const sockets = new Set<Socket>();
  const requests: RecordedRequest[] = [];
  const upstream: ScriptedUpstream = {
    url: '',
    requests,
    handle: answerJson(200, { ok: true }),
    kill: () => new Promise((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    }),
  };
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const recorded: RecordedRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      Promise.resolve(upstream.handle(recorded, response, incoming)).catch(() => response.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return Object.assign(upstream, { url: `http://127.0.0.1:${address.port}` });
}
