/**
 * The `notification` event of the inbox watch, made once per notification and
 * format however many streams watch it: the plain-text conversion, the unread
 * count and the JSON are shared by every watcher (issue 23, item 6: 300
 * plain-text watches converted each 64 KiB notification 300 times and stalled
 * the platform 11.8 s). The hub hands every watcher of a user the same view
 * object, so the view keys the shared work; it is forgotten with the view.
 */
import type { Sql } from './database.ts';
import { countUnread, type InboxNotificationView } from './inbox-store.ts';
import { markdownToPlainText } from './markdown-plain-text.ts';

export type WatchFormat = 'markdown' | 'plaintext';

/** What watchers of one notification share: its unread count, and its event in each format asked for. */
interface SharedEvent {
  unread: Promise<number> | null;
  readonly events: Map<WatchFormat, Promise<Uint8Array>>;
}

const shared = new WeakMap<InboxNotificationView, SharedEvent>();
const encoder = new TextEncoder();

/** The view as `format` shows it: title and content stripped of Markdown for `plaintext`. */
function formatted(view: InboxNotificationView, format: WatchFormat): InboxNotificationView {
  return format === 'plaintext' ? { ...view, title: markdownToPlainText(view.title), content: markdownToPlainText(view.content) } : view;
}

/**
 * The server-sent event announcing `view` (data: a GetInboxNotificationResponse
 * with the recipient's unread count), built by the first watcher that asks and
 * handed as is to the others. The bytes are shared: nobody may write to them.
 */
export function notificationEvent(db: Sql, view: InboxNotificationView, format: WatchFormat): Promise<Uint8Array> {
  let entry = shared.get(view);
  if (entry === undefined) {
    entry = { unread: null, events: new Map() };
    shared.set(view, entry);
  }
  const known = entry.events.get(format);
  if (known !== undefined) return known;
  // every watcher of the view is its recipient's: one count serves them all
  const unread = (entry.unread ??= countUnread(db, view.user_id));
  const event = unread.then((count) =>
    encoder.encode(`event: notification\nid: ${view.id}\ndata: ${JSON.stringify({ notification: formatted(view, format), unread_count: count })}\n\n`));
  entry.events.set(format, event);
  return event;
}
