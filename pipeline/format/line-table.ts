/**
 * The lines of a text held as a string, as UTF-8 bytes, or in a file read on demand, decoded one
 * at a time. Large tables are kept as bytes (or left on disk) so that a cold start does not pay
 * for decoding text it may never show.
 */

import { AskError } from '../errors.ts';

export interface LineTable {
  readonly count: number;
  line(index: number): string;
  /** The line up to its first tab (all of it when it has none). */
  head(index: number): string;
}

/** Bytes read on demand: a file opened by the loader (`readSync` at an offset). */
export interface ByteReader {
  readonly size: number;
  read(position: number, length: number): Uint8Array;
  /** The whole file, for when the header's line sizes do not fit it (line ends converted to CRLF). */
  readAll(): Uint8Array;
}

/** Where a table's lines come from. */
export type LineSource = string | Uint8Array | ByteReader;

/** A line table's lines could not be found as its header says. */
export class LineTableError extends AskError {
  override readonly name = 'LineTableError';
}

const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
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

/** Start offsets from each line's length in bytes (line feed included); null when they do not add up to `size`. */
function startsFromLengths(lineBytes: readonly number[] | undefined, size: number): Float64Array | null {
  if (lineBytes === undefined) return null;
  const starts = new Float64Array(lineBytes.length + 1);
  for (let at = 0; at < lineBytes.length; at += 1) starts[at + 1] = (starts[at] ?? 0) + (lineBytes[at] ?? 0);
  return starts[lineBytes.length] === size ? starts : null;
}

function isByteReader(source: LineSource): source is ByteReader {
  return typeof source !== 'string' && !(source instanceof Uint8Array);
}

/**
 * Lines of `source`; `line(i)` excludes the line end (LF or CRLF). With `lineBytes` (each line's
 * length in UTF-8 bytes, line feed included) byte sources are not scanned, and a file is read a
 * line at a time; without it, or when the sizes do not add up (a checkout that turned LF into
 * CRLF), the text is scanned once for line feeds (a file read whole first).
 */
export function lineTable(source: LineSource, lineBytes?: readonly number[]): LineTable {
  if (typeof source === 'string') return textLines(source);
  const placed = startsFromLengths(lineBytes, isByteReader(source) ? source.size : source.length);
  if (placed !== null) return byteLines(source, placed);
  const bytes = isByteReader(source) ? source.readAll() : source;
  return byteLines(bytes, lineStarts(bytes.length, (from) => bytes.indexOf(LINE_FEED, from)));
}

/** Drops the carriage return of a CRLF line end. */
function withoutReturn(bytes: Uint8Array): Uint8Array {
  return bytes[bytes.length - 1] === CARRIAGE_RETURN ? bytes.subarray(0, bytes.length - 1) : bytes;
}

/** Lines of bytes in memory or read on demand, at the given start offsets. */
function byteLines(source: Uint8Array | ByteReader, starts: Int32Array | Float64Array): LineTable {
  const size = isByteReader(source) ? source.size : source.length;
  const bytesOf = (index: number): Uint8Array => {
    const start = starts[index];
    const next = starts[index + 1];
    if (start === undefined || next === undefined) return new Uint8Array(0);
    const bytes = source instanceof Uint8Array ? source.subarray(start, Math.min(next, size)) : source.read(start, next - start);
    // a line ends with its line feed (the last may lack one): anything else means the header lies
    if (next <= size && bytes[bytes.length - 1] !== LINE_FEED) throw new LineTableError(`line ${index + 1} does not end where the header says`);
    return withoutReturn(next <= size ? bytes.subarray(0, bytes.length - 1) : bytes);
  };
  return {
    count: starts.length - 1,
    line: (index) => decoder.decode(bytesOf(index)),
    head(index) {
      const bytes = bytesOf(index);
      const tab = bytes.indexOf(TAB);
      return decoder.decode(tab === -1 ? bytes : bytes.subarray(0, tab));
    },
  };
}

function textLines(source: string): LineTable {
  const starts = lineStarts(source.length, (from) => source.indexOf('\n', from));
  const bounds = (index: number): [number, number] => {
    const start = starts[index];
    const next = starts[index + 1];
    if (start === undefined || next === undefined) return [0, 0];
    const end = next - 1;
    return [start, end > start && source.charCodeAt(end - 1) === CARRIAGE_RETURN ? end - 1 : end];
  };
  return {
    count: starts.length - 1,
    line(index) {
      const [start, end] = bounds(index);
      return source.slice(start, end);
    },
    head(index) {
      const [start, end] = bounds(index);
      if (start === end) return '';
      const tab = source.indexOf('\t', start);
      return source.slice(start, tab === -1 || tab > end ? end : tab);
    },
  };
}

/** The length in UTF-8 bytes of a line of text followed by its line feed. */
export function utf8LineLength(line: string): number {
  let bytes = 1;
  for (let at = 0; at < line.length; at += 1) {
    const code = line.charCodeAt(at);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && at + 1 < line.length) {
      const low = line.charCodeAt(at + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        bytes += 4;
        at += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
