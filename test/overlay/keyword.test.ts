import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpointState, KeywordSearch } from '../../overlay/keyword.ts';
import type { KeywordResponse } from '../../overlay/types.ts';

/** A fake `{endpoint}`: records what it is asked; a POST for `slow…` waits until released. */
let server: Server;
let endpoint = '';
const posted: string[] = [];
const aborted: string[] = [];
let gets = 0;
let release: (() => void) | undefined;

function keywordJson(response: ServerResponse, query: string): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ results: [{ title: 'Page', heading: query, url: `/page#${query}`, snippet: `about ${query}` }], query, model: 'm', mode: 'keyword' }));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.method === 'GET') {
      gets += 1;
      response.writeHead(200, { 'content-type': 'application/json', 'x-ask-answers': 'keyword' });
      response.end(JSON.stringify({ suggestions: ['How do I invite members?', 7, ''], model: 'm' }));
      return;
    }
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const { query, mode } = JSON.parse(raw) as { query: string; mode: string };
      posted.push(`${mode}:${query}`);
      if (query === 'boom') {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'The chunk index failed to build.' }));
        return;
      }
      if (!query.startsWith('slow')) {
        keywordJson(response, query);
        return;
      }
      response.on('close', () => {
        if (!response.writableEnded) aborted.push(query);
      });
      release = () => keywordJson(response, query);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ask`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  posted.length = 0;
  aborted.length = 0;
  release = undefined;
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

function recorder(): { search: KeywordSearch; delivered: string[]; failures: string[] } {
  const delivered: string[] = [];
  const failures: string[] = [];
  const search = new KeywordSearch(() => endpoint, {
    results: (response: KeywordResponse, query) => delivered.push(`${query}=${response.results[0]?.heading ?? ''}`),
    failed: (error) => failures.push(error.message),
  });
  return { search, delivered, failures };
}

describe('KeywordSearch', () => {
  it('sends only the last of quickly typed queries, in keyword mode', async () => {
    const { search, delivered } = recorder();
    search.search('w');
    search.search('wo');
    search.search('work');
    await until(() => delivered.length > 0);
    expect(posted).toEqual(['keyword:work']);
    expect(delivered).toEqual(['work=work']);
  });

  it('aborts the request in flight when a newer query comes, and never delivers its answer', async () => {
    const { search, delivered } = recorder();
    search.search('slow query');
    await until(() => release !== undefined);
    const late = release;
    search.search('fast');
    await until(() => delivered.length > 0 && aborted.length > 0);
    late?.();
    expect(aborted).toEqual(['slow query']);
    expect(delivered).toEqual(['fast=fast']);
  });

  it('cancel() drops a pending query before it is sent', async () => {
    const { search, delivered } = recorder();
    search.search('never');
    search.cancel();
    search.search('then');
    await until(() => delivered.length > 0);
    expect(posted).toEqual(['keyword:then']);
  });

  it('reports a failed request with the server’s message', async () => {
    const { search, delivered, failures } = recorder();
    search.search('boom');
    await until(() => failures.length > 0);
    expect(failures).toEqual(['The chunk index failed to build.']);
    expect(delivered).toEqual([]);
  });
});

describe('GET {endpoint}', () => {
  it('keeps the strings of its suggestions and what its x-ask-answers header says, and asks the server once per endpoint', async () => {
    const before = gets;
    expect(await endpointState(endpoint)).toEqual({ suggestions: ['How do I invite members?'], answers: 'keyword' });
    expect((await endpointState(endpoint)).suggestions).toEqual(['How do I invite members?']);
    expect(gets - before).toBe(1);
  });
});
