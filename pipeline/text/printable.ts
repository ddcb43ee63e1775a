/** Control characters (C0, DEL, C1) and the bidirectional overrides that reorder what a terminal shows. */
const UNPRINTABLE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/**
 * `text` with every control character written as an escape (`\n`, `\t`, `\r`, `\x1b`, `\u202e`),
 * so that a file name or a message cannot move the cursor, clear or colour a terminal, or start
 * a line of its own; with `lines`, its line breaks are kept (a message of several lines).
 */
export function printable(text: string, { lines = false }: { lines?: boolean } = {}): string {
  return text.replace(UNPRINTABLE, (char) => {
    if (char === '\n') return lines ? char : '\\n';
    if (char === '\t') return '\\t';
    if (char === '\r') return '\\r';
    const code = char.codePointAt(0) ?? 0;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
