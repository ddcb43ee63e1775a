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
