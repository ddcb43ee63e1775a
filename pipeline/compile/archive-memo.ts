/**
 * Where each member of the archive a build wrote lies in it, and which members each group of
 * files gave, kept beside the page store, so that the next build copies the members of files
 * that did not change from that archive instead of reading and compressing them again
 * (`EarlierMembers`). A member is copied only from the archive the previous digest holds, for a
 * group whose files have the very stats recorded (files the build hard-linked from that digest),
 * or for bytes whose gzip trailer holds their CRC-32 and length (`memberHolds`).
 */
import { closeSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from '../disk/atomic-write.ts';
import { openDigestFileSync } from '../disk/no-follow.ts';
import { memberHolds, type ArchiveMember, type EarlierMembers } from '../digest/archive-members.ts';
import type { BuiltArchive } from '../digest/archive.ts';

const FILE = 'archive-members.json';
const FORMAT = 'archive-members-1';

interface SavedMembers {
  readonly format: string;
  /** The archive's file name in the digest. */
  readonly archive: string;
  /** Member key to [offset, length] in that file. */
  readonly members: Readonly<Record<string, readonly [number, number]>>;
  /** A group's stat key to its members' keys, in order. */
  readonly groups: Readonly<Record<string, readonly string[]>>;
}

function isSaved(value: unknown): value is SavedMembers {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Partial<Record<keyof SavedMembers, unknown>>;
  return fields.format === FORMAT && typeof fields.archive === 'string' && typeof fields.members === 'object' && fields.members !== null && typeof fields.groups === 'object' && fields.groups !== null;
}

function readSaved(dir: string): SavedMembers | null {
  try {
    const saved: unknown = JSON.parse(readFileSync(path.join(dir, FILE), 'utf8'));
    return isSaved(saved) ? saved : null;
  } catch {
    return null; // none yet, or damaged: every member is made
  }
}

export class ArchiveMemo implements EarlierMembers {
  private descriptor: number | null = null;

  private constructor(
    private readonly dir: string | null,
    private readonly previousDir: string,
    private readonly saved: SavedMembers | null,
  ) {}

  /** The memo in `dir` (null: none kept, none saved) for a build replacing the digest in `previousDir`; `reuse` false (a forced build): none taken. */
  static open(dir: string | null, previousDir: string, reuse: boolean): ArchiveMemo {
    return new ArchiveMemo(dir, previousDir, dir !== null && reuse ? readSaved(dir) : null);
  }

  /** The bytes of the member `key` in the previous archive, undefined when it holds none. */
  private read(key: string): Buffer | undefined {
    const place = this.saved?.members[key];
    if (place === undefined || this.saved === null) return undefined;
    const [offset, length] = place;
    try {
      // synchronous, as the archive's members are made (archive-members.ts)
      this.descriptor ??= openDigestFileSync(this.previousDir, this.saved.archive);
      const bytes = Buffer.alloc(length);
      return readSync(this.descriptor, bytes, 0, length, offset) === length ? bytes : undefined;
    } catch {
      return undefined; // the previous digest has no such archive (checked out of git, removed)
    }
  }

  ofGroup(stat: string): readonly ArchiveMember[] | undefined {
    const keys = this.saved?.groups[stat];
    if (keys === undefined) return undefined;
    const members: ArchiveMember[] = [];
    for (const key of keys) {
      const gzip = this.read(key);
      if (gzip === undefined) return undefined;
      members.push({ key, gzip, group: stat });
    }
    return members;
  }

  ofBytes(key: string, raw: Buffer): Uint8Array | undefined {
    const bytes = this.read(key);
    return bytes !== undefined && memberHolds(bytes, raw) ? bytes : undefined;
  }

  /** Closes the previous archive and saves where the members of `built` lie in it. */
  async save(built: BuiltArchive): Promise<void> {
    this.close();
    if (this.dir === null) return;
    const members: Record<string, readonly [number, number]> = {};
    const groups: Record<string, string[]> = {};
    let offset = 0;
    for (const member of built.members) {
      members[member.key] = [offset, member.gzip.length];
      offset += member.gzip.length;
      (groups[member.group] ??= []).push(member.key);
    }
    const saved: SavedMembers = { format: FORMAT, archive: built.name, members, groups };
    await writeFileAtomically(path.join(this.dir, FILE), JSON.stringify(saved));
  }

  /** Closes the previous archive (a failed build). */
  close(): void {
    if (this.descriptor !== null) closeSync(this.descriptor);
    this.descriptor = null;
  }
}
