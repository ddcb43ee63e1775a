/**
 * A content file's bytes as text: strict UTF-8, so a file in another encoding is named with the
 * byte where it stops being UTF-8 instead of being read with U+FFFD in place of what it says.
 */
import { ContentError } from './errors.ts';

/** Keeps a byte order mark as U+FEFF, as Node's `readFile(…, 'utf8')` does: the text hashes the same. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** How many continuation bytes follow a lead byte, and the range the first of them must fall in (RFC 3629). */
function sequenceOf(lead: number): { readonly length: number; readonly low: number; readonly high: number } | null {
  if (lead >= 0xc2 && lead <= 0xdf) return { length: 1, low: 0x80, high: 0xbf };
  if (lead === 0xe0) return { length: 2, low: 0xa0, high: 0xbf };
  if (lead === 0xed) return { length: 2, low: 0x80, high: 0x9f };
  if (lead >= 0xe1 && lead <= 0xef) return { length: 2, low: 0x80, high: 0xbf };
  if (lead === 0xf0) return { length: 3, low: 0x90, high: 0xbf };
  if (lead === 0xf4) return { length: 3, low: 0x80, high: 0x8f };
  if (lead >= 0xf1 && lead <= 0xf3) return { length: 3, low: 0x80, high: 0xbf };
  return null;
}

/** The offset of the first byte that starts an invalid UTF-8 sequence; null when all of it is valid. */
export function invalidUtf8Offset(bytes: Uint8Array): number | null {
  for (let at = 0; at < bytes.length; ) {
    const lead = bytes[at] ?? 0;
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    const sequence = sequenceOf(lead);
    if (sequence === null) return at;
    for (let next = 1; next <= sequence.length; next += 1) {
      const byte = bytes[at + next];
      const [low, high] = next === 1 ? [sequence.low, sequence.high] : [0x80, 0xbf];
      if (byte === undefined || byte < low || byte > high) return at;
    }
    at += sequence.length + 1;
  }
  return null;
}

/** The file's text; a ContentError naming the file and the byte offset where it is not UTF-8. */
export function decodeContentFile(bytes: Uint8Array, file: string): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    const offset = invalidUtf8Offset(bytes) ?? 0;
    throw new ContentError(file, `is not valid UTF-8 (byte offset ${offset}); save it as UTF-8`);
  }
}
