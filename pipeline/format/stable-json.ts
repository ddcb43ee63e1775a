/** Recursively sorts object keys (arrays keep their order) so equal values serialise to equal bytes. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const child = (value as Record<string, unknown>)[key];
      if (child !== undefined) sorted[key] = sortKeys(child);
    }
    return sorted;
  }
  return value;
}

/**
 * Deterministic JSON for the digest tree: sorted keys, two-space indent, LF, one trailing newline.
 * The same value always gives the same bytes, so a review diff shows only real changes.
 */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** Compact deterministic JSON (sorted keys, no whitespace), for large machine-read tables. */
export function compactStableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value))}\n`;
}
