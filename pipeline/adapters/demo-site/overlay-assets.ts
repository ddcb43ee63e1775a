import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The `<ask-search>` element's bundle: its ES module and its stylesheet. */
export interface OverlayBundle {
  readonly js: string;
  readonly css: string;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** One file, in each encoding, compressed once when the bundle is built. */
interface Asset {
  readonly type: string;
  readonly hash: string;
  readonly bodies: Readonly<Record<Encoding, Uint8Array<ArrayBuffer>>>;
}

const PATHS = { '/ask-search.js': 'js', '/ask-search.css': 'css' } as const;
const TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' } as const;

function asset(text: string, type: string): Asset {
  const raw = new Uint8Array(Buffer.from(text, 'utf8'));
  return {
    type,
    hash: createHash('sha256').update(raw).digest('base64url').slice(0, 22),
    bodies: {
      identity: raw,
      gzip: new Uint8Array(gzipSync(raw, { level: 9 })),
      br: new Uint8Array(brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })),
    },
  };
}

/** The encoding to send for an `Accept-Encoding` value: brotli, then gzip, when accepted (q > 0); else none. */
function chooseEncoding(header: string | null): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (name !== '') accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  return weight('gzip') > 0 ? 'gzip' : 'identity';
}

/**
 * Serves `/ask-search.js` and `/ask-search.css` (GET/HEAD) from `build`, called on the first
 * request for either and kept, each file compressed then once (gzip and brotli, node:zlib) and
 * sent in the encoding `Accept-Encoding` prefers (`vary: accept-encoding`). The urls are plain
 * (the pages link them as they are), so the cache revalidates: `cache-control: no-cache` with a
 * strong ETag of the content and its encoding, and 304 on a match. A failed build answers 503,
 * is logged, and is tried again on the next request. Null for any other request.
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
    const encoding = chooseEncoding(request.headers.get('accept-encoding'));
    const body = file.bodies[encoding];
    const etag = `"${file.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
    const headers: Record<string, string> = {
      'content-type': file.type,
      'cache-control': 'no-cache',
      etag,
      vary: 'accept-encoding',
      'x-content-type-options': 'nosniff',
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    };
    if (request.headers.get('if-none-match')?.split(/\s*,\s*/).includes(etag)) return new Response(null, { status: 304, headers });
    return new Response(request.method === 'HEAD' ? null : body, { headers: { ...headers, 'content-length': String(body.length) } });
  };
}
