/**
 * In-process fan-out of new inbox notifications to open watch streams.
 * Publishers call `publish` after their transaction commits, so a watcher never
 * sees a notification that was rolled back.
 */
import type { InboxNotificationView } from './inbox-store.ts';

export type InboxListener = (notification: InboxNotificationView) => void;

export class InboxHub {
  readonly #listeners = new Map<string, Set<InboxListener>>();

  /** Listens for one user's new notifications; returns the function that stops listening. */
  subscribe(userId: string, listener: InboxListener): () => void {
    const set = this.#listeners.get(userId) ?? new Set<InboxListener>();
    set.add(listener);
    this.#listeners.set(userId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(userId);
    };
  }

  publish(notification: InboxNotificationView): void {
    for (const listener of this.#listeners.get(notification.user_id) ?? []) listener(notification);
  }

  /** Number of open watches (for tests and shutdown). */
  get size(): number {
    let total = 0;
    for (const set of this.#listeners.values()) total += set.size;
    return total;
  }
}
