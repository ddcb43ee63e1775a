/**
 * An HTTP request sent from a chosen loopback address (127.0.0.2, 127.0.0.3 ...,
 * all of 127/8 is this machine), so a test can play several clients against a
 * server on 127.0.0.1: `fetch` cannot pick its source address.
 */
import { request } from 'node:http';

export interface PlainAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

/** POSTs `body` as JSON to `url` from `localAddress`, with `headers` added. */
export function postFrom(localAddress: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<PlainAnswer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: 'POST',
      localAddress,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...headers },
    }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString('utf8') }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
