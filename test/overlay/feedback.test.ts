import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackRoute, resultPath } from '../../overlay/feedback.ts';

// Where the search box sends feedback: only to a path of the server that answered, as its
// `x-ask-feedback` header says; a result's url kept as its path and anchor.

let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const header = new URL(request.url ?? '/', 'http://local').searchParams.get('header');
    response.writeHead(200, header === null ? {} : { 'x-ask-feedback': header });
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const routeOf = async (header: string | null): Promise<string | undefined> => feedbackRoute(await fetch(`${origin}/api/ask${header === null ? '' : `?header=${encodeURIComponent(header)}`}`));

describe('feedbackRoute', () => {
  it('is the advertised path on the origin that answered', async () => {
    expect(await routeOf('/api/ask/feedback')).toBe(`${origin}/api/ask/feedback`);
  });

  it.each([
    ['no header', null],
    ['another site', 'https://evil.example/collect'],
    ['a scheme-relative url', '//evil.example/collect'],
    ['a relative path', 'feedback'],
  ])('is undefined for %s: nothing is sent', async (_name, header) => {
    expect(await routeOf(header)).toBeUndefined();
  });
});

describe('resultPath', () => {
  it("keeps a result's path and anchor, without its origin or query string", () => {
    expect(resultPath('/guide/tokens#send-the-header', 'https://docs.example.com/')).toBe('/guide/tokens#send-the-header');
    expect(resultPath('https://docs.example.com/guide/tokens?ref=x#send', 'http://localhost:4321/')).toBe('/guide/tokens#send');
  });
});
