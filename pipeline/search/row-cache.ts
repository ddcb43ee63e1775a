/**
 * The decoded rows of the sections shown most recently, kept up to a budget of text: a search box
 * asks again and again for the same sections (every keystroke of `sideb`, `sideba`, `sidebar`
 * ranks the same few first), and on a small site every section soon is one of them. Keyed by
 * section, never by query: each query still ranks, and cuts its snippets, from scratch.
 */

/**
 * Characters of section text kept decoded, per index: 1 Mi, which holds every section of a site
 * of a thousand or two (the real docs of the bench hold 0.2 to 0.8 Mi). Each row is kept with its
 * text flattened and lower-cased for snippets, so the memory is about three times this, in bytes
 * for ASCII text and twice that for other scripts.
 */
export const ROW_CACHE_CHARACTERS = 1 << 20;

export class RowCache<T> {
  /** Least recently used first (a Map keeps insertion order; a hit moves its entry to the end). */
  private readonly entries = new Map<number, { readonly value: T; readonly weight: number }>();
  private total = 0;

  constructor(private readonly budget: number) {}

  get(key: number): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // the order matters only once something may be dropped: until the cache is half full, a hit costs one lookup
    if (this.total > this.budget / 2) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  /** Keeps `value` (unless it alone passes the budget), dropping the least recently used beyond the budget. */
  set(key: number, value: T, weight: number): void {
    if (weight > this.budget) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.total -= previous.weight;
    }
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.budget) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }
}
