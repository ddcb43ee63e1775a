/**
 * Under the ask tree, `/api/v2` and `/debug`, every error is the specs' JSON body whatever the
 * request's `Accept` says: through `ask serve` with and without the preview site (`--content`),
 * and through the handler mounted bare. Outside those trees a browser still gets the preview's
 * HTML 404 page.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import type { CliIO } from '../../pipeline/cli/io.ts';
import { runCli } from '../../pipeline/cli/main.ts';
import { tempFolder } from '../support/temp-folder.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DIGEST = path.join(ROOT, 'digest');
const CONTENT = path.join(ROOT, 'content-fixtures');

const ACCEPTS: readonly (string | null)[] = [null, '*/*', 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8', 'application/json'];

interface Case {
  readonly method: string;
  readonly path: string;
  readonly body?: string;
  readonly status: number;
  /** `error`: the ask tree's Error body; `message`: the platform's Response body. */
  readonly shape: 'error' | 'message';
}

const CASES: readonly Case[] = [
  { method: 'GET', path: '/api/ask/glossary/nothing', status: 404, shape: 'error' },
  { method: 'GET', path: '/api/ask/sections/x%23y', status: 404, shape: 'error' },
  { method: 'GET', path: '/api/ask/no-such-route', status: 404, shape: 'error' },
  { method: 'GET', path: '/api/ask/pages/nope.md', status: 404, shape: 'error' },
  { method: 'GET', path: '/api/ask/pages/..%2F..%2Fpackage.json', status: 404, shape: 'error' },
  { method: 'GET', path: '/api/ask/sections/%E0%A4%A', status: 404, shape: 'error' },
  { method: 'HEAD', path: '/api/ask/glossary/nothing', status: 404, shape: 'error' },
  { method: 'GET', path: '/api/ask/sections/index?format=html', status: 400, shape: 'error' },
  { method: 'DELETE', path: '/api/ask/glossary', status: 405, shape: 'error' },
  { method: 'POST', path: '/api/ask', body: '{not json', status: 400, shape: 'error' },
  { method: 'GET', path: '/api/v2/users', status: 404, shape: 'message' },
  { method: 'GET', path: '/debug/logs', status: 404, shape: 'message' },
];

type Fetch = (path: string, init: RequestInit) => Promise<Response>;

function headersOf(accept: string | null, withBody: boolean): Record<string, string> {
  return { ...(accept === null ? {} : { accept }), ...(withBody ? { 'content-type': 'application/json' } : {}) };
}

async function expectJsonError(send: Fetch, entry: Case, accept: string | null): Promise<void> {
  const label = `${entry.method} ${entry.path} (accept ${accept ?? 'absent'})`;
  const response = await send(entry.path, { method: entry.method, headers: headersOf(accept, entry.body !== undefined), ...(entry.body === undefined ? {} : { body: entry.body }) });
  expect(response.status, label).toBe(entry.status);
  expect(response.headers.get('content-type'), label).toMatch(/^application\/json/);
  if (entry.method === 'HEAD') return;
  const body = (await response.json()) as Record<string, unknown>;
  expect(typeof body[entry.shape], label).toBe('string');
}

function eachCase(send: () => Fetch): void {
  for (const entry of CASES) {
    it(`${entry.method} ${entry.path} answers ${entry.status} JSON for every Accept`, async () => {
      for (const accept of ACCEPTS) await expectJsonError(send(), entry, accept);
    });
  }
}

/**
 * `ask serve` in this process on port 0 until the suite ends; in the repository's root, or
 * (`outside`) in a fresh folder, away from the root's ask.config.json and the content it names.
 */
function servedBy(argv: readonly string[], where: 'root' | 'outside' = 'root'): () => Fetch {
  let url = '';
  let stop = (): void => undefined;
  let exit: Promise<number> = Promise.resolve(0);
  let cleanup = (): Promise<void> => Promise.resolve();
  beforeAll(async () => {
    let cwd = ROOT;
    if (where === 'outside') ({ dir: cwd, cleanup } = await tempFolder());
    const stopSignal = new Promise<void>((resolve) => (stop = resolve));
    let listening: (line: string) => void = () => undefined;
    const first = new Promise<string>((resolve) => (listening = resolve));
    const io: CliIO = { out: (line) => listening(line), err: () => undefined, env: {}, cwd, interactive: false, stopSignal };
    exit = runCli(['serve', '--port', '0', ...argv], io);
    url = /^listening on (http:\/\/\S+)$/.exec(await first)?.[1] ?? '';
  });
  afterAll(async () => {
    stop();
    expect(await exit).toBe(0);
    await cleanup();
  });
  return () => (pathname, init) => fetch(`${url}${pathname}`, init);
}

describe('ask serve with the preview site (--content)', () => {
  const send = servedBy(['--digest', DIGEST, '--content', CONTENT]);
  eachCase(send);

  it('still answers a browser the HTML 404 page outside the service trees, and JSON to a client asking for it', async () => {
    const browser = await send()('/no/such/page', { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(browser.status).toBe(404);
    expect(browser.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const client = await send()('/no/such/page', { headers: { accept: 'application/json' } });
    expect(await client.json()).toEqual({ error: 'Not found.' });
  });
});

describe('ask serve without the preview site', () => {
  eachCase(servedBy(['--digest', DIGEST], 'outside'));
});

describe('the handler mounted bare', () => {
  const handler = createNodeAskHandler({ digestDir: DIGEST, log: () => undefined });
  eachCase(() => (pathname, init) => handler(new Request(`http://docs.test${pathname}`, init)));
});
