/**
 * The lines of a text held as a string or as UTF-8 bytes, found once (one scan for line feeds)
 * and decoded one at a time on demand. Large tables are read as bytes so that a cold start does
 * not pay for decoding text it may never show.
 */
export interface LineTable {
  readonly count: number;
  line(index: number): string;
  /** The line up to its first tab (all of it when it has none). */
  head(index: number): string;
}

const LINE_FEED = 10;
const TAB = 9;
const decoder = new TextDecoder();

/** Start offsets of every line, then one past the end of the last line (its line feed, real or not). */
function lineStarts(length: number, next: (from: number) => number): Int32Array {
  if (length === 0) return new Int32Array([0]);
  const starts: number[] = [0];
  for (let at = next(0); at !== -1; at = next(at + 1)) starts.push(at + 1);
  // a last line without a final line feed ends where the text does
  if (starts[starts.length - 1] !== length) starts.push(length + 1);
  return Int32Array.from(starts);
}

/** Lines of `source`; `line(i)` excludes the line feed. */
export function lineTable(source: string | Uint8Array): LineTable {
  const isText = typeof source === 'string';
  const starts = isText ? lineStarts(source.length, (from) => source.indexOf('\n', from)) : lineStarts(source.length, (from) => source.indexOf(LINE_FEED, from));
  const count = starts.length - 1;
  return {
    count,
    line(index: number): string {
      const start = starts[index];
      const next = starts[index + 1];
      if (start === undefined || next === undefined) return '';
      return isText ? source.slice(start, next - 1) : decoder.decode(source.subarray(start, next - 1));
    },
    head(index: number): string {
      const start = starts[index];
      const next = starts[index + 1];
      if (start === undefined || next === undefined) return '';
      const tab = isText ? source.indexOf('\t', start) : source.indexOf(TAB, start);
      const end = tab === -1 || tab > next - 1 ? next - 1 : tab;
      return isText ? source.slice(start, end) : decoder.decode(source.subarray(start, end));
    },
  };
}
