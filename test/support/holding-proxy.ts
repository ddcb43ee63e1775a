import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in front of a fake model server that passes every request and response
 * through, except that a server-sent event frame containing the held marker waits until
 * `release()`. A test reads what a client shows of a stream before its end this way, with no
 * timing involved.
 */
export interface HoldingProxy {
  /** The base URL to hand to the SDK instead of the fake's. */
  readonly url: string;
  /** Holds the next frames whose text contains `marker`, until `release()`. */
  hold(marker: string): void;
  release(): void;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'content-encoding']);

function forwardable(headers: IncomingHttpHeaders | Headers): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    if (value === undefined || HOP_BY_HOP.has(name.toLowerCase())) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export async function startHoldingProxy(upstream: string): Promise<HoldingProxy> {
  let marker: string | null = null;
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const response = await fetch(`${upstream}${req.url ?? '/'}`, {
          method: req.method ?? 'GET',
          headers: forwardable(req.headers),
          ...(body.length > 0 ? { body } : {}),
        });
        res.writeHead(response.status, forwardable(response.headers));
        if (!response.body) return void res.end();
        const decoder = new TextDecoder();
        let buffer = '';
        const reader = response.body.getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          buffer += decoder.decode(read.value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end + 2);
            buffer = buffer.slice(end + 2);
            if (marker !== null && frame.includes(marker)) await gate;
            if (res.destroyed) return;
            res.write(frame);
            end = buffer.indexOf('\n\n');
          }
        }
        res.end(buffer);
      })().catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hold: (text) => {
      marker = text;
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    release: () => {
      marker = null;
      open();
    },
    close: () =>
      new Promise<void>((resolve) => {
        open();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
