/**
 * The mail catcher: a small HTTP listener that shows the platform's outgoing
 * mail to a person on this machine. It is never part of the API: its own port,
 * bound to 127.0.0.1 whatever `--host` says, not behind the proxy. Loopback is
 * open to every local user, so the one route carries a random key, printed at
 * start: `GET /_mail/<key>` answers `{ "messages": [...] }`, newest first.
 * Anything else is 404.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { MailboxReader } from './mailbox.ts';
import { hashSecret, sameHash } from './secrets.ts';

const MAIL_CATCHER_HOST = '127.0.0.1';

export interface MailCatcher {
  /** `http://127.0.0.1:PORT/_mail/<key>`: the whole address, key included. */
  readonly url: string;
  close(): Promise<void>;
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

export async function startMailCatcher(mailbox: MailboxReader, port = 0): Promise<MailCatcher> {
  const key = randomBytes(18).toString('base64url');
  const keyHash = hashSecret(key);
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const match = /^\/_mail\/([A-Za-z0-9_-]+)$/.exec(new URL(request.url ?? '/', 'http://catcher').pathname);
    if (request.method !== 'GET' || match?.[1] === undefined || !sameHash(hashSecret(match[1]), keyHash)) {
      return answer(response, 404, { message: 'Not found.' });
    }
    const messages = (await mailbox.list()).reverse();
    answer(response, 200, { messages });
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => answer(response, 500, { message: 'Internal error.', detail: 'the mailbox could not be read' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, MAIL_CATCHER_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the mail catcher has no TCP address');
  return {
    url: `http://${MAIL_CATCHER_HOST}:${address.port}/_mail/${key}`,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
