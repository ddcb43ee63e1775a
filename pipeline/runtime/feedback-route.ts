/**
 * `POST {ask_base}/feedback`: what the search box says a reader did with what it showed, a
 * result opened (`{"event": "open", "query", "url", "rank"}`) or an answer rated
 * (`{"event": "rating", "query", "helpful"}`), written to the query log (runtime/query-log.ts)
 * under the same normalised query and hour as the queries. Served only when the log is on (the
 * handler answers 404 otherwise, and says where it is with the `x-ask-feedback` header of its
 * answers only then). A body is a line of JSON (MAX_FEEDBACK_BYTES); the url is kept as a path
 * of the site with its `#anchor`, never its query string; the handler takes at most
 * `FEEDBACK_LIMITS.events` events a window, whoever sends them (no address is read or kept),
 * and answers the rest 429 with `Retry-After`.
 */
import { MAX_QUERY_LENGTH, readJsonBody } from './body.ts';
import { ERRORS, RequestError } from './errors.ts';
import { hourOf, normaliseQuery, type FeedbackLogEntry, type LogWriter } from './query-log.ts';

/** The header of `POST {ask_base}` answers that says feedback is taken, and where (the route's absolute path). */
export const FEEDBACK_HEADER = 'x-ask-feedback';
/** Largest feedback body, in bytes: a query, a url and a number (the search box's longest query, 500 characters of up to 4 bytes, and its longest url fit; an Ask body may be 16 KiB). */
export const MAX_FEEDBACK_BYTES = 4 * 1024;
/** Longest url of an opened result, in characters. */
export const MAX_FEEDBACK_URL_LENGTH = 500;
/** Highest rank of an opened result (a keyword search shows a handful). */
export const MAX_FEEDBACK_RANK = 100;

/** How much feedback one handler takes: `events` per `windowMs`, counted from the first of a window. */
export interface FeedbackLimits {
  readonly events: number;
  readonly windowMs: number;
}

export const FEEDBACK_LIMITS: FeedbackLimits = { events: 120, windowMs: 60_000 };

/** A feedback body, checked. */
type FeedbackEvent =
  | { readonly event: 'open'; readonly query: string; readonly url: string; readonly rank: number }
  | { readonly event: 'rating'; readonly query: string; readonly helpful: boolean };

/** Whitespace, control characters and backslashes: never in a result's url. */
const NOT_IN_URL = /[\s\\\p{Cc}]/u;

/**
 * `value` as a path of this site (`origin`): a path (`/guide#anchor`), or an absolute url of the
 * same origin reduced to its path; the query string cut (it may carry a token), the `#anchor`
 * kept. Null for anything else (another site, a scheme-relative `//host`, over the length).
 */
function sitePath(value: string, origin: string): string | null {
  if (value.length > MAX_FEEDBACK_URL_LENGTH || NOT_IN_URL.test(value)) return null;
  if (!value.startsWith('/')) {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      return null;
    }
    return parsed.origin === origin ? `${parsed.pathname}${parsed.hash}` : null;
  }
  if (value.startsWith('//')) return null;
  const hash = value.indexOf('#');
  const path = hash === -1 ? value : value.slice(0, hash);
  const query = path.indexOf('?');
  return `${query === -1 ? path : path.slice(0, query)}${hash === -1 ? '' : value.slice(hash)}`;
}

const field = (data: object, name: string): unknown => (name in data ? (data as Record<string, unknown>)[name] : undefined);

/** A feedback body checked: 400 with what is wrong (`ERRORS`) for any other shape. Fields other than the event's are ignored. */
function parseFeedback(data: unknown, origin: string): FeedbackEvent {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new RequestError(400, ERRORS.badFeedbackEvent);
  const event = field(data, 'event');
  if (event !== 'open' && event !== 'rating') throw new RequestError(400, ERRORS.badFeedbackEvent);
  const query = field(data, 'query');
  if (typeof query !== 'string' || query.trim() === '') throw new RequestError(400, ERRORS.feedbackQueryRequired);
  if (query.length > MAX_QUERY_LENGTH) throw new RequestError(400, ERRORS.queryTooLong);
  if (event === 'rating') {
    const helpful = field(data, 'helpful');
    if (typeof helpful !== 'boolean') throw new RequestError(400, ERRORS.badFeedbackHelpful);
    return { event, query, helpful };
  }
  const url = field(data, 'url');
  const path = typeof url === 'string' ? sitePath(url, origin) : null;
  if (path === null) throw new RequestError(400, ERRORS.badFeedbackUrl);
  const rank = field(data, 'rank');
  if (typeof rank !== 'number' || !Number.isInteger(rank) || rank < 1 || rank > MAX_FEEDBACK_RANK) throw new RequestError(400, ERRORS.badFeedbackRank);
  return { event, query, url: path, rank };
}

/** The log entry of a feedback event: the query normalised and redacted as a query entry's, the hour, nothing else. */
function feedbackEntry(event: FeedbackEvent, now: Date): FeedbackLogEntry {
  const query = normaliseQuery(event.query);
  const hour = hourOf(now);
  return event.event === 'open' ? { feedback: 'open', query, url: event.url, rank: event.rank, hour } : { feedback: event.helpful ? 'helpful' : 'unhelpful', query, hour };
}

/**
 * A fixed window over the handler's whole feedback: `take(now)` counts one event and returns
 * null, or, once `events` were taken in the window that began with its first, the seconds until
 * it ends (at least 1).
 */
function feedbackWindow(limits: FeedbackLimits): (now: number) => number | null {
  let start = Number.NEGATIVE_INFINITY;
  let taken = 0;
  return (now) => {
    if (now - start >= limits.windowMs) {
      start = now;
      taken = 0;
    }
    if (taken >= limits.events) return Math.max(1, Math.ceil((start + limits.windowMs - now) / 1000));
    taken += 1;
    return null;
  };
}

/**
 * The route's answer: 404 (`Not found.`, as any unknown route) when there is no log to write to;
 * else 413 / 400 for the body, 429 with `Retry-After` over the limit (checked after the body, so
 * only well-formed events count), and 204 once the entry is handed to the log (a sink that fails
 * is the writer's to report, never the request's).
 */
export function createFeedbackRoute(write: LogWriter | undefined, limits: Partial<FeedbackLimits> = {}): (request: Request) => Promise<Response> {
  const take = feedbackWindow({ ...FEEDBACK_LIMITS, ...limits });
  return async (request) => {
    if (write === undefined) throw new RequestError(404, ERRORS.notFound);
    const event = parseFeedback(await readJsonBody(request, MAX_FEEDBACK_BYTES), new URL(request.url).origin);
    const wait = take(Date.now());
    if (wait !== null) throw new RequestError(429, ERRORS.feedbackLimit, { 'retry-after': String(wait) });
    write(feedbackEntry(event, new Date()));
    return new Response(null, { status: 204 });
  };
}
