import { createHash } from 'node:crypto';

/** The `<ask-search>` element's bundle: its ES module and its stylesheet. */
export interface OverlayBundle {
  readonly js: string;
  readonly css: string;
}

interface Asset {
  readonly body: string;
  readonly type: string;
  readonly etag: string;
}

const PATHS = { '/ask-search.js': 'js', '/ask-search.css': 'css' } as const;
const TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' } as const;

function asset(body: string, type: string): Asset {
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

/**
 * Serves `/ask-search.js` and `/ask-search.css` (GET/HEAD, `cache-control: no-cache` with an
 * ETag, so a reload revalidates) from `build`, called on the first request for either and kept;
 * a failed build answers 503, is logged, and is tried again on the next request. Null for any
 * other request.
 */
export function createOverlayAssets(build: () => Promise<OverlayBundle>, log: (line: string) => void): (request: Request) => Promise<Response | null> {
  let assets: Promise<Record<'js' | 'css', Asset>> | null = null;
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const pathname = new URL(request.url).pathname;
    const kind = pathname === '/ask-search.js' || pathname === '/ask-search.css' ? PATHS[pathname] : null;
    if (kind === null) return null;
    let built: Record<'js' | 'css', Asset>;
    try {
      assets ??= build().then(({ js, css }) => ({ js: asset(js, TYPES.js), css: asset(css, TYPES.css) }));
      built = await assets;
    } catch (error) {
      assets = null;
      const message = `ask: the search element cannot be built: ${error instanceof Error ? error.message : String(error)}`;
      log(message);
      return new Response(request.method === 'HEAD' ? null : `${message}\n`, { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
    }
    const file = built[kind];
    const headers = { 'content-type': file.type, 'cache-control': 'no-cache', etag: file.etag, 'x-content-type-options': 'nosniff' };
    if (request.headers.get('if-none-match')?.split(/\s*,\s*/).includes(file.etag)) return new Response(null, { status: 304, headers });
    return new Response(request.method === 'HEAD' ? null : file.body, { headers });
  };
}
