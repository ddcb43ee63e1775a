/**
 * The lines one text has that the other has not, counted as a multiset (a line that is in both,
 * wherever, is in neither list; a line moved is no change): linear in the texts' size, enough to
 * show a reviewer what was added to or taken from a generated file.
 */
export interface LineDelta {
  /** Lines of `after` not in `before`, in `after`'s order. */
  readonly added: string[];
  /** Lines of `before` not in `after`, in `before`'s order. */
  readonly removed: string[];
}

function linesOf(text: string): string[] {
  return text === '' ? [] : text.replace(/\n$/, '').split('\n');
}

/** Lines of `from` left once each line of `against` has taken one of its equals. */
function unmatched(from: readonly string[], against: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const line of against) left.set(line, (left.get(line) ?? 0) + 1);
  return from.filter((line) => {
    const count = left.get(line) ?? 0;
    if (count === 0) return true;
    left.set(line, count - 1);
    return false;
  });
}

export function lineDelta(before: string, after: string): LineDelta {
  const [old, now] = [linesOf(before), linesOf(after)];
  return { added: unmatched(now, old), removed: unmatched(old, now) };
}
