/**
 * The platform proxy: a web-standard handler for `/api/v2/*` and `/debug/*`
 * that forwards exactly the operations of the table, after checking them.
 * Rules, in order: route (404/405), upstream configured (404), credential
 * present (401), parameters (400), body size (413), body shape (400), forward.
 */
import { forwardToUpstream } from './forward.ts';
import { upstreamRequestHeaders } from './headers.ts';
import { createOperationMatcher, expandPath } from './match.ts';
import type { PlatformOperation } from '../platform-api/operation.ts';
import { isPlatformPath } from '../platform-api/paths.ts';
import { SESSION_TOKEN_HEADER } from '../platform-api/session-header.ts';
import { PLATFORM_OPERATIONS } from '../platform-api/operations.ts';
import { peerAddressOf } from './peer-address.ts';
import { problemResponse } from './problem.ts';
import { readBodyLimited, validateJsonBody, validateParameters } from '../platform-api/validate.ts';

export interface PlatformProxyOptions {
  /** Base URL of the platform; operation paths are appended to its path. */
  readonly platformUrl: string;
  /** Base URL of a workspace agent's debug server; `/debug/*` answers 404 without it. */
  readonly agentDebugUrl?: string;
  /** How long the upstream may take (headers, and whole body unless streamed). Default 30 s. */
  readonly timeoutMs?: number;
  /** Largest request body accepted. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Largest answer of a buffered (not streamed) operation passed back; over it, 502. Default 8 MiB. */
  readonly maxBufferedResponseBytes?: number;
  readonly fetch?: typeof fetch;
  /**
   * The address of the client that sent `request`, passed to the platform as
   * `Ask-Client-Address` so its per-client throttles key on the client, not on
   * the proxy. Default: the peer the Node host recorded (`peer-address.ts`); on
   * a host that knows it otherwise (an edge worker's connecting-IP header), say how.
   */
  readonly clientAddress?: (request: Request) => string | undefined;
  /** One line per request: method, operation path, status, duration. Never tokens, queries or bodies. */
  readonly log?: (line: string) => void;
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/**
 * Buffered operations' answers are JSON documents of a few kilobytes; 8 MiB is
 * far above any of them and bounds what one request can make the proxy hold.
 */
export const DEFAULT_MAX_BUFFERED_RESPONSE_BYTES = 8 * 1024 * 1024;

function parseBaseUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${name} is not a URL: '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`${name} must be http(s): '${value}'`);
  return url;
}

/** The upstream URL of an operation: the base's path, the expanded operation path, the client's query. */
function upstreamUrl(base: URL, path: string, search: string): URL {
  const url = new URL(base.href);
  url.pathname = base.pathname.replace(/\/+$/, '') + path;
  url.search = search;
  url.hash = '';
  return url;
}

export function createPlatformProxy(options: PlatformProxyOptions): (request: Request) => Promise<Response | null> {
  const platformBase = parseBaseUrl('platformUrl', options.platformUrl);
  const debugBase = options.agentDebugUrl === undefined ? null : parseBaseUrl('agentDebugUrl', options.agentDebugUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxBufferedResponseBytes = options.maxBufferedResponseBytes ?? DEFAULT_MAX_BUFFERED_RESPONSE_BYTES;
  const fetchUpstream = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const log = options.log ?? (() => undefined);
  const clientAddressOf = options.clientAddress ?? peerAddressOf;
  const matchOperation = createOperationMatcher(PLATFORM_OPERATIONS);

  async function handle(request: Request, url: URL): Promise<{ response: Response; operation: PlatformOperation | null }> {
    const match = matchOperation(request.method, url.pathname);
    if (match.kind === 'not-found') {
      return { response: problemResponse(404, 'No such platform operation.', { detail: `${request.method} ${url.pathname}` }), operation: null };
    }
    if (match.kind === 'method-not-allowed') {
      const allow = match.allow.join(', ');
      return {
        response: problemResponse(405, 'Method not allowed.', { detail: `allowed: ${allow}`, headers: { allow } }),
        operation: null,
      };
    }
    const { operation, params } = match;
    const respond = (response: Response) => ({ response, operation });

    const base = operation.upstream === 'platform' ? platformBase : debugBase;
    if (base === null) {
      return respond(problemResponse(404, 'Agent debug routes are not enabled.', { detail: 'start the server with --agent-debug-url' }));
    }
    const token = request.headers.get(SESSION_TOKEN_HEADER)?.trim() ?? '';
    if (operation.credential !== 'none' && token === '') {
      return respond(problemResponse(401, 'Authentication required.', { detail: `send the ${SESSION_TOKEN_HEADER} header` }));
    }
    const parameterProblems = validateParameters(operation, params, url.searchParams);
    if (parameterProblems.length > 0) {
      return respond(problemResponse(400, 'Invalid request parameters.', { validations: parameterProblems }));
    }

    let body: Uint8Array<ArrayBuffer> | null = null;
    if (operation.body !== undefined) {
      const read = await readBodyLimited(request, maxBodyBytes);
      if (read.kind === 'too-large') {
        return respond(problemResponse(413, 'Request body too large.', { detail: `the limit is ${maxBodyBytes} bytes` }));
      }
      const problems = validateJsonBody(operation.body, read.bytes);
      if (problems.length > 0) return respond(problemResponse(400, 'Invalid request body.', { validations: problems }));
      body = read.bytes;
    }

    const response = await forwardToUpstream({
      operation,
      url: upstreamUrl(base, expandPath(operation, params), url.search),
      method: operation.method,
      headers: upstreamRequestHeaders(request.headers, body !== null, clientAddressOf(request)),
      body,
      clientSignal: request.signal,
    }, { fetch: fetchUpstream, timeoutMs, maxBufferedResponseBytes });
    return respond(response);
  }

  return async (request) => {
    const url = new URL(request.url);
    if (!isPlatformPath(url.pathname)) return null;
    const started = Date.now();
    const { response, operation } = await handle(request, url);
    const route = operation === null ? '(unmatched)' : operation.path;
    log(`platform-proxy ${request.method} ${route} -> ${response.status} ${Date.now() - started}ms`);
    return response;
  };
}
