/**
 * The digest's archive as a sequence of gzip members, one per group of files (RFC 1952 allows a
 * file of several members; `gzip -d`, `tar -xzf`, node's zlib and node-tar read it as one stream).
 * Where a group ends is decided by the tree alone (a hash of a file's path, a large file alone,
 * a bound on a group's size), so the same tree always gives the same bytes, and an edit changes
 * only the groups of the files it changed: a build compresses those and copies every other
 * member from the archive it replaces (`PreviousMembers`), which a one-section edit of a
 * 2,000-page site needs for a handful of its hundreds of members.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { crc32, gzipSync } from 'node:zlib';
import { PackSync } from 'tar';

/** Every entry's modification time: fixed, so the same digest always gives the same bytes. */
const FIXED_MTIME = new Date('2000-01-01T00:00:00.000Z');
/** One fixed level (6: level 9 took 19.3 s for an 8,000-page digest and 6 took 14.3 s, for 1% more bytes). */
const LEVEL = 6;
/** A group ends after a file whose path hashes to 0 modulo this: about this many files a group. */
const FILES_PER_GROUP = 512;
/** A file this large is a group of its own (the manifest, `llms-full.txt`, search tables). */
const LARGE_FILE = 128 * 1024;
/** A group ends once its files reach this many bytes. */
const GROUP_BYTES = 1024 * 1024;
/** A large file's bytes are cut into pieces at line ends, each piece at least this long... */
const PIECE_MIN = 32 * 1024;
/** ...and at most this long (cut where it reaches it when no line ends in it). */
const PIECE_MAX = 1024 * 1024;
/** A line ends a piece when its last bytes hash, modulo this, below the line's length: a piece every this many bytes on average, whatever the lines' length. */
const PIECE_TARGET = 512 * 1024;
/** How many bytes up to a line's end (across lines: an empty line is decided by what comes before it) decide whether a piece ends there. */
const LINE_TAIL = 64;
/** The end of a tar archive: two zero blocks, the last member of every archive. */
const TAR_END = Buffer.alloc(1024);

/** One gzip member: `key` names its uncompressed bytes (sha256), `gzip` is the member, `group` the `GroupFiles.stat` of the files it holds. */
export interface ArchiveMember {
  readonly key: string;
  readonly gzip: Uint8Array;
  readonly group: string;
}

/** What an earlier archive holds, for `archiveMembers` to copy instead of compressing again. */
export interface EarlierMembers {
  /**
   * The members an earlier archive made of a group whose files had exactly these stats: the
   * same paths, sizes, modes, inodes and modification times to the nanosecond (a file the build
   * hard-linked from the digest it replaces keeps all of them; a file written again has another
   * inode and time), as git's index trusts a file's stat.
   */
  ofGroup(stat: string): readonly ArchiveMember[] | undefined;
  /** The member whose uncompressed bytes are `raw` (sha256 `key`), checked against its trailer (`memberHolds`). */
  ofBytes(key: string, raw: Buffer): Uint8Array | undefined;
}

const NO_EARLIER: EarlierMembers = { ofGroup: () => undefined, ofBytes: () => undefined };

/** A group of files: their paths, and a key of their stats (see `EarlierMembers.ofGroup`). */
interface GroupFiles {
  readonly files: readonly string[];
  readonly stat: string;
}

function endsGroup(file: string): boolean {
  return crc32(file) % FILES_PER_GROUP === 0;
}

/** The files (sorted, digest-relative) in their groups, each group in order. */
function fileGroups(dir: string, files: readonly string[]): GroupFiles[] {
  const groups: GroupFiles[] = [];
  let group: string[] = [];
  let stats: string[] = [];
  let bytes = 0;
  const close = (): void => {
    if (group.length > 0) groups.push({ files: group, stat: createHash('sha256').update(JSON.stringify(stats)).digest('hex') });
    group = [];
    stats = [];
    bytes = 0;
  };
  for (const file of files) {
    const stat = statSync(path.join(dir, file), { bigint: true });
    const size = Number(stat.size);
    if (size >= LARGE_FILE) close();
    group.push(file);
    stats.push(`${file}\0${stat.size}\0${stat.mode}\0${stat.ino}\0${stat.mtimeNs}`);
    bytes += size;
    if (size >= LARGE_FILE || bytes >= GROUP_BYTES || endsGroup(file)) close();
  }
  close();
  return groups;
}

/** The tar entries of `files` (headers and padded contents, without the end blocks), deterministic: portable headers, one fixed mtime. */
function tarEntries(dir: string, files: readonly string[]): Buffer {
  const pack = new PackSync({ cwd: dir, portable: true, mtime: FIXED_MTIME, noDirRecurse: true });
  const chunks: Buffer[] = [];
  pack.on('data', (chunk: Buffer) => chunks.push(chunk));
  for (const file of files) pack.add(file);
  pack.end();
  const all = Buffer.concat(chunks);
  return all.subarray(0, all.length - TAR_END.length);
}

/**
 * A large file's tar bytes in pieces, cut where the content says (a line whose last bytes
 * hash low enough): an edit changes the pieces it falls in, and the cuts after it stay where they were.
 */
function pieces(raw: Buffer): Buffer[] {
  const cut: Buffer[] = [];
  let start = 0;
  let lineStart = 0;
  for (let end = raw.indexOf(10); end !== -1; end = raw.indexOf(10, end + 1)) {
    const length = end + 1 - start;
    const atBoundary = length >= PIECE_MIN && crc32(raw.subarray(Math.max(0, end + 1 - LINE_TAIL), end + 1)) % PIECE_TARGET < end + 1 - lineStart;
    lineStart = end + 1;
    if (length >= PIECE_MAX || atBoundary) {
      cut.push(raw.subarray(start, end + 1));
      start = end + 1;
    }
    while (lineStart - start > PIECE_MAX) {
      cut.push(raw.subarray(start, start + PIECE_MAX));
      start += PIECE_MAX;
    }
  }
  for (; raw.length - start > PIECE_MAX; start += PIECE_MAX) cut.push(raw.subarray(start, start + PIECE_MAX));
  if (start < raw.length) cut.push(raw.subarray(start));
  return cut;
}

function member(raw: Buffer, group: string, earlier: EarlierMembers): ArchiveMember {
  const key = createHash('sha256').update(raw).digest('hex');
  return { key, group, gzip: earlier.ofBytes(key, raw) ?? gzipSync(raw, { level: LEVEL }) };
}

/** The members of one group: an earlier archive's when its files are the same, else made of its tar bytes. */
function groupMembers(dir: string, group: GroupFiles, earlier: EarlierMembers): readonly ArchiveMember[] {
  const kept = earlier.ofGroup(group.stat);
  if (kept !== undefined) return kept;
  const raw = tarEntries(dir, group.files);
  return (group.files.length === 1 && raw.length > LARGE_FILE ? pieces(raw) : [raw]).map((piece) => member(piece, group.stat, earlier));
}

/**
 * The members of the archive of `files` (sorted, digest-relative, each a file below `dir`):
 * one per group (a large file's group in pieces), then the tar end. `earlier` gives members an
 * earlier archive already holds.
 */
export function archiveMembers(dir: string, files: readonly string[], earlier: EarlierMembers = NO_EARLIER): ArchiveMember[] {
  const members = fileGroups(dir, files).flatMap((group) => groupMembers(dir, group, earlier));
  members.push(member(TAR_END, '', earlier));
  return members;
}

/** Whether `gzip` is a member whose uncompressed bytes are `raw`: its trailer's CRC-32 and length (RFC 1952 2.3.1). */
export function memberHolds(gzip: Uint8Array, raw: Buffer): boolean {
  if (gzip.length < 18) return false;
  const trailer = Buffer.from(gzip.buffer, gzip.byteOffset + gzip.length - 8, 8);
  return trailer.readUInt32LE(0) === crc32(raw) && trailer.readUInt32LE(4) === raw.length % 2 ** 32;
}
