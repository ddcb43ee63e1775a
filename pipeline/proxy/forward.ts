/**
 * Sends one checked request upstream and passes the answer back as it came:
 * status, headers (filtered), body buffered, streamed, or streamed and cut.
 * Redirects are never followed. A refused or broken connection is 502; no
 * headers (or, for buffered bodies, no complete body) within the timeout is 504;
 * a buffered body over `maxBufferedResponseBytes` is 502 too, having read no
 * more than that (issue 11, defect 6: a 1.5 GB answer was held whole).
 */
import { clientResponseHeaders } from './headers.ts';
import type { PlatformOperation } from '../platform-api/operation.ts';
import { problemResponse } from './problem.ts';
import { declaredOver, readAtMost, type BoundedRead } from '../platform-api/read-at-most.ts';

export interface UpstreamCall {
  readonly operation: PlatformOperation;
  readonly url: URL;
  readonly method: string;
  readonly headers: Headers;
  readonly body: Uint8Array<ArrayBuffer> | null;
  /** Aborts when the client goes away; the upstream request is aborted with it. */
  readonly clientSignal: AbortSignal;
}

export interface ForwardSettings {
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  /** The most of a buffered operation's answer held in memory; over it, 502. */
  readonly maxBufferedResponseBytes: number;
}

/** Statuses whose responses never carry a body. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

const TIMED_OUT = new Error('upstream timed out');
const TOO_LARGE = new Error('upstream answer too large');

export async function forwardToUpstream(call: UpstreamCall, settings: ForwardSettings): Promise<Response> {
  const controller = new AbortController();
  const onClientAbort = () => controller.abort(call.clientSignal.reason);
  if (call.clientSignal.aborted) onClientAbort();
  else call.clientSignal.addEventListener('abort', onClientAbort, { once: true });
  const timer = setTimeout(() => controller.abort(TIMED_OUT), settings.timeoutMs);
  const release = () => {
    clearTimeout(timer);
    call.clientSignal.removeEventListener('abort', onClientAbort);
  };
  const failed = () => {
    release();
    return controller.signal.reason === TIMED_OUT
      ? problemResponse(504, 'The platform did not answer in time.', { detail: `no answer within ${settings.timeoutMs} ms` })
      : problemResponse(502, 'The platform could not be reached.', { detail: 'the upstream connection failed' });
  };

  let upstream: Response;
  try {
    const init: RequestInit = { method: call.method, headers: call.headers, redirect: 'manual', signal: controller.signal };
    if (call.body !== null) init.body = call.body;
    upstream = await settings.fetch(call.url, init);
  } catch {
    return failed();
  }

  const { operation } = call;
  const status = upstream.status;
  const init = { status, statusText: upstream.statusText };

  if (NULL_BODY_STATUSES.has(status) || upstream.body === null) {
    await upstream.body?.cancel().catch(() => undefined);
    release();
    return new Response(null, { ...init, headers: clientResponseHeaders(upstream.headers, false) });
  }

  if (operation.passage === 'buffered') {
    const limit = settings.maxBufferedResponseBytes;
    const tooLarge = () => {
      // Aborting drops the upstream connection: the rest of the answer is never read.
      controller.abort(TOO_LARGE);
      release();
      return problemResponse(502, "The platform's answer was too large.", {
        detail: `the proxy passes at most ${limit} bytes of this operation's answer`,
      });
    };
    if (declaredOver(upstream.headers.get('content-length'), limit)) {
      await upstream.body.cancel().catch(() => undefined);
      return tooLarge();
    }
    let read: BoundedRead;
    try {
      read = await readAtMost(upstream.body, limit);
    } catch {
      return failed();
    }
    if (read.kind === 'too-large') return tooLarge();
    release();
    return new Response(read.bytes, { ...init, headers: clientResponseHeaders(upstream.headers, true) });
  }

  // Streams: the deadline covered the headers only. The client's abort still reaches upstream
  // until the body ends or is cancelled.
  clearTimeout(timer);
  const limit = operation.passage === 'bytes' ? operation.maxResponseBytes : undefined;
  const body = passBody(upstream.body, limit, release);
  const declared = Number(upstream.headers.get('content-length') ?? Number.NaN);
  const keepLength = limit === undefined || (Number.isFinite(declared) && declared <= limit);
  return new Response(body, { ...init, headers: clientResponseHeaders(upstream.headers, keepLength) });
}

/**
 * Re-streams an upstream body chunk by chunk (one upstream read per client
 * pull, so nothing is held back), cut after `limit` bytes when given.
 */
function passBody(source: ReadableStream<Uint8Array>, limit: number | undefined, done: () => void): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        // The upstream died mid-body: end the client's stream where the upstream's ended
        // (an event-stream client reconnects; a declared Content-Length shows the cut).
        done();
        controller.close();
        return;
      }
      if (chunk.done) {
        done();
        controller.close();
        return;
      }
      if (limit === undefined) {
        controller.enqueue(chunk.value);
        return;
      }
      const room = limit - sent;
      const piece = chunk.value.byteLength > room ? chunk.value.subarray(0, room) : chunk.value;
      sent += piece.byteLength;
      if (piece.byteLength > 0) controller.enqueue(piece);
      if (sent >= limit) {
        await reader.cancel().catch(() => undefined);
        done();
        controller.close();
      }
    },
    async cancel(reason) {
      done();
      await reader.cancel(reason).catch(() => undefined);
    },
  }, { highWaterMark: 0 });
}
