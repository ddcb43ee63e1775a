import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createOverlayAssets, type OverlayBundle } from '../../pipeline/adapters/demo-site/overlay-assets.ts';

const request = (path: string, init: RequestInit = {}): Request => new Request(`http://docs.test${path}`, init);

describe('the overlay files of ask serve', () => {
  it('serves the bundle built once, with its content types, no-cache and an ETag that revalidates', async () => {
    let builds = 0;
    const assets = createOverlayAssets(() => {
      builds += 1;
      return Promise.resolve({ js: 'customElements.define("ask-search", class extends HTMLElement {});', css: 'ask-search{display:block}' });
    }, () => {});
    const js = await assets(request('/ask-search.js'));
    expect(js?.status).toBe(200);
    expect(js?.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js?.headers.get('cache-control')).toBe('no-cache');
    expect(await js?.text()).toContain('ask-search');
    const css = await assets(request('/ask-search.css'));
    expect(css?.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css?.text()).toBe('ask-search{display:block}');
    const etag = js?.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(css?.headers.get('etag')).not.toBe(etag);
    expect((await assets(request('/ask-search.js', { headers: { 'if-none-match': etag } })))?.status).toBe(304);
    const head = await assets(request('/ask-search.js', { method: 'HEAD' }));
    expect(head?.status).toBe(200);
    expect(await head?.text()).toBe('');
    expect(builds).toBe(1);
  });

  it('sends brotli or gzip as Accept-Encoding allows, varying on it, each encoding with its own strong ETag', async () => {
    const js = `customElements.define("ask-search", class extends HTMLElement {});\n${'/* a comment that compresses well */\n'.repeat(200)}`;
    let builds = 0;
    const assets = createOverlayAssets(() => {
      builds += 1;
      return Promise.resolve({ js, css: 'ask-search{display:block}' });
    }, () => {});
    const get = async (acceptEncoding: string | null, ifNoneMatch?: string) => {
      const headers: Record<string, string> = {};
      if (acceptEncoding !== null) headers['accept-encoding'] = acceptEncoding;
      if (ifNoneMatch !== undefined) headers['if-none-match'] = ifNoneMatch;
      const response = await assets(request('/ask-search.js', { headers }));
      if (response === null) throw new Error('no response');
      return { response, body: Buffer.from(await response.arrayBuffer()) };
    };

    const brotli = await get('gzip, deflate, br');
    expect(brotli.response.headers.get('content-encoding')).toBe('br');
    expect(brotli.response.headers.get('vary')).toBe('accept-encoding');
    expect(brotli.response.headers.get('content-length')).toBe(String(brotli.body.length));
    expect(brotli.body.length).toBeLessThan(js.length / 4);
    expect(brotliDecompressSync(brotli.body).toString('utf8')).toBe(js);

    const gzip = await get('gzip;q=1, br;q=0');
    expect(gzip.response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(js);

    const plain = await get(null);
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(plain.response.headers.get('vary')).toBe('accept-encoding');
    expect(plain.body.toString('utf8')).toBe(js);
    expect((await get('identity')).response.headers.get('content-encoding')).toBeNull();
    expect((await get('*')).response.headers.get('content-encoding')).toBe('br');

    // strong validators, one per representation: a gzip copy never revalidates a brotli one
    const tags = [brotli, gzip, plain].map(({ response }) => response.headers.get('etag') ?? '');
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(new Set(tags).size).toBe(3);
    for (const { response } of [brotli, gzip, plain]) expect(response.headers.get('cache-control')).toBe('no-cache');
    const revalidated = await get('gzip', tags[1]);
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.response.headers.get('content-encoding')).toBe('gzip');
    expect((await get('br', tags[1])).response.status).toBe(200);

    // compressed when built, and kept: the same bytes each time, one build
    expect((await get('br')).body.equals(brotli.body)).toBe(true);
    expect(builds).toBe(1);
  });

  it('answers only GET and HEAD of its two paths', async () => {
    const assets = createOverlayAssets(() => Promise.resolve({ js: '', css: '' }), () => {});
    expect(await assets(request('/ask-search.js', { method: 'POST' }))).toBeNull();
    expect(await assets(request('/ask-search.mjs'))).toBeNull();
    expect(await assets(request('/'))).toBeNull();
  });

  it('answers 503 and logs when the build fails, and builds again on the next request', async () => {
    const log: string[] = [];
    let fail = true;
    const assets = createOverlayAssets((): Promise<OverlayBundle> => {
      if (fail) return Promise.reject(new Error('overlay/index.ts: syntax error'));
      return Promise.resolve({ js: 'ok()', css: '' });
    }, (line) => log.push(line));
    const failed = await assets(request('/ask-search.js'));
    expect(failed?.status).toBe(503);
    expect(log).toEqual(['ask: the search element cannot be built: overlay/index.ts: syntax error']);
    fail = false;
    expect(await (await assets(request('/ask-search.js')))?.text()).toBe('ok()');
  });
});
