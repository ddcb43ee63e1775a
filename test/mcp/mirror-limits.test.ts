import { readdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { mirrorDigest, MirrorRefusedError, type MirrorLimits } from '../../pipeline/mcp/mirror.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();
const MiB = 1024 * 1024;
const smallLimits: MirrorLimits = { maxArchiveBytes: MiB, maxUnpackedBytes: 2 * MiB, maxRedirects: 5 };

const servers: Server[] = [];
afterEach(async () => {
  while (servers.length > 0) {
    const server = servers.pop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
});

/** A real HTTP server on 127.0.0.1 (port 0) answering with `handle`; returns its origin. */
async function listen(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handle);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const HASH_HEADERS = { 'x-ask-content-hash': 'remote-hash', 'content-type': 'application/gzip' };

async function cacheOf(): Promise<string> {
  const folder = await freshFolder();
  return path.join(folder.dir, 'cache');
}

describe('the mirror trusts nothing it downloads', () => {
  it('stops reading an endless body at the archive cap, without announcing a length, and leaves no file', async () => {
    const total = 64 * MiB;
    let sent = 0;
    const origin = await listen((request, response) => {
      response.writeHead(200, HASH_HEADERS);
      if (request.method === 'HEAD') return void response.end();
      const chunk = Buffer.alloc(64 * 1024);
      const pump = (): void => {
        while (sent < total) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    const cache = await cacheOf();
    await expect(mirrorDigest(`${origin}/api/ask`, cache, fetch, smallLimits)).rejects.toThrow(/larger than the mirror accepts \(1 MiB\)/);
    expect(sent).toBeLessThan(total / 2);
    expect(await readdir(cache)).toEqual([]);
  });

  it('refuses an announced Content-Length over the cap before reading the body', async () => {
    const origin = await listen((request, response) => {
      response.writeHead(200, { ...HASH_HEADERS, 'content-length': String(3 * MiB) });
      if (request.method === 'HEAD') return void response.end();
      response.end(Buffer.alloc(3 * MiB));
    });
    const refusal = mirrorDigest(`${origin}/api/ask`, await cacheOf(), fetch, smallLimits);
    await expect(refusal).rejects.toBeInstanceOf(MirrorRefusedError);
    await expect(refusal).rejects.toThrow(/larger than the mirror accepts/);
  });

  it('cuts a gzip bomb at the decompression cap', async () => {
    const bomb = gzipSync(Buffer.alloc(16 * MiB));
    expect(bomb.length).toBeLessThan(smallLimits.maxArchiveBytes);
    const origin = await listen((request, response) => {
      response.writeHead(200, HASH_HEADERS);
      response.end(request.method === 'HEAD' ? undefined : bomb);
    });
    const cache = await cacheOf();
    await expect(mirrorDigest(`${origin}/api/ask`, cache, fetch, smallLimits)).rejects.toThrow(/unpacks to more than the mirror accepts \(2 MiB\)/);
    expect(await readdir(cache)).toEqual([]);
  });

  it('refuses a redirect to another origin, which never hears from the mirror', async () => {
    const elsewhere: string[] = [];
    const other = await listen((request, response) => {
      elsewhere.push(`${request.method} ${request.url}`);
      response.writeHead(200, HASH_HEADERS);
      response.end();
    });
    const origin = await listen((request, response) => {
      response.writeHead(302, { location: `${other}/steal${request.url}` });
      response.end();
    });
    await expect(mirrorDigest(`${origin}/api/ask`, await cacheOf(), fetch, smallLimits)).rejects.toThrow(/redirects to another origin/);
    expect(elsewhere).toEqual([]);
  });

  it('follows a redirect within the same origin', async () => {
    const seen: string[] = [];
    const origin = await listen((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      if (request.url === '/old/archive') {
        response.writeHead(301, { location: '/api/ask/archive' });
        return void response.end();
      }
      response.writeHead(404);
      response.end();
    });
    await expect(mirrorDigest(`${origin}/old`, await cacheOf(), fetch, smallLimits)).rejects.toThrow(/HEAD .*answered 404/);
    expect(seen).toEqual(['HEAD /old/archive', 'HEAD /api/ask/archive']);
  });
});
