/**
 * The inbox: listing with filters and paging, marking read, and the watch
 * stream. The watch is a server-sent event stream: a `: watching` comment at
 * once, then one `notification` event per new notification (data: a
 * GetInboxNotificationResponse), and a `: ping` comment every 15 seconds.
 * Open watches are capped per user and per client (watch-limits.ts); an event
 * is made once per notification for all its watchers (watch-events.ts).
 */
import type { Context, Hono } from 'hono';
import { parameters as p, type ParameterSpec } from '../pipeline/platform-api/index.ts';
import { badRequest, notFound, type FieldProblem } from './errors.ts';
import { countUnread, listInbox, markAllRead, markRead, matchesFilter, type InboxFilter, type InboxNotificationView } from './inbox-store.ts';
import { markdownToPlainText } from './markdown-plain-text.ts';
import { requireUser, type PlatformServices } from './services.ts';
import { notificationEvent } from './watch-events.ts';
import { OpenWatches, tooManyWatches, WATCH_LIMITS, type WatchLimits } from './watch-limits.ts';

const WATCH_PING_INTERVAL_MS = 15_000;

function list(value: string | undefined): string[] {
  return (value ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '');
}

/** Reads `targets`, `templates`, `read_status` (and whatever else `extra` names), 400 when malformed. */
function readFilter(c: Context, extra: Readonly<Record<string, ParameterSpec>> = {}): InboxFilter {
  const specs = { ...p.inboxFilterQuery, ...extra };
  const problems: FieldProblem[] = [];
  for (const [name, spec] of Object.entries(specs)) {
    const value = c.req.query(name);
    if (value === undefined) continue;
    const result = spec.schema.safeParse(value);
    if (!result.success) problems.push({ field: name, detail: result.error.issues[0]?.message ?? 'invalid' });
  }
  if (problems.length > 0) throw badRequest('Invalid query parameters.', problems);
  const status = c.req.query('read_status');
  return {
    targets: list(c.req.query('targets')),
    templates: list(c.req.query('templates')),
    readStatus: status === 'read' || status === 'unread' ? status : 'all',
  };
}

/**
 * Markdown to plain text for `format=plaintext`: linear in the text's length
 * (issue 11, defect 1: the regular expressions it replaced were quadratic).
 */
export const toPlainText = markdownToPlainText;

/**
 * The inbox routes. `client` names the client a request comes from (the key of
 * the per-client watch cap); `watchLimits` caps the open watches.
 */
export function registerInboxRoutes(
  app: Hono, services: PlatformServices, client: (c: Context) => string, watchLimits: WatchLimits = WATCH_LIMITS,
): void {
  const db = services.db;
  const watches = new OpenWatches(watchLimits);

  app.get('/api/v2/notifications/inbox', async (c) => {
    const user = await requireUser(services, c.req.raw);
    const filter = readFilter(c, { starting_before: p.startingBeforeQuery });
    const page = await listInbox(db, user.id, filter, c.req.query('starting_before') ?? null);
    if (page === 'unknown-cursor') {
      throw badRequest('Invalid query parameters.', [{ field: 'starting_before', detail: 'no such notification in your inbox' }]);
    }
    return c.json({ notifications: page, unread_count: await countUnread(db, user.id) });
  });

  app.put('/api/v2/notifications/inbox/mark-all-as-read', async (c) => {
    const user = await requireUser(services, c.req.raw);
    await markAllRead(db, user.id);
    return c.body(null, 204);
  });

  app.put('/api/v2/notifications/inbox/:id/read-status', async (c) => {
    const user = await requireUser(services, c.req.raw);
    const id = c.req.param('id');
    if (!p.isUuid(id)) throw badRequest('Invalid notification id.', [{ field: 'id', detail: 'must be a UUID' }]);
    if (!(await markRead(db, user.id, id))) throw notFound('No such notification in your inbox.');
    return c.json({ message: 'Notification marked as read.' });
  });

  app.get('/api/v2/notifications/inbox/watch', async (c) => {
    const user = await requireUser(services, c.req.raw);
    const filter = readFilter(c, { format: p.watchFormatQuery });
    const format = c.req.query('format') === 'plaintext' ? 'plaintext' : 'markdown';
    const closeWatch = watches.open(user.id, client(c));
    if (closeWatch === null) return tooManyWatches(watchLimits);
    const encoder = new TextEncoder();
    let stop: () => void = closeWatch;
    // Events go out in publication order even though each waits for the unread count.
    let queue: Promise<void> = Promise.resolve();

    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (bytes: Uint8Array) => {
          try {
            controller.enqueue(bytes);
          } catch {
            stop();
          }
        };
        const onNotification = (view: InboxNotificationView) => {
          if (!matchesFilter(view, filter)) return;
          // made once per notification and format, however many streams watch it
          queue = queue.then(async () => send(await notificationEvent(db, view, format))).catch(() => undefined);
        };
        const unsubscribe = services.hub.subscribe(user.id, onNotification);
        const ping = setInterval(() => send(encoder.encode(': ping\n\n')), WATCH_PING_INTERVAL_MS);
        stop = () => {
          clearInterval(ping);
          unsubscribe();
          closeWatch();
        };
        c.req.raw.signal.addEventListener('abort', () => stop(), { once: true });
        send(encoder.encode(': watching\n\n'));
      },
      cancel() {
        stop();
      },
    });
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
    });
  });
}
