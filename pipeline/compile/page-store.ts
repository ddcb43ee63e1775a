/**
 * The build's memory of every page between builds, in its cache folder: per content file, its
 * page and sections as last read, and per section what the later steps need of it (its node,
 * its distiller's notes, its search tokens). An unchanged file is taken from here instead of
 * being parsed; a section whose hash is here keeps its node, notes and tokens wherever it moved.
 *
 * The entries live in shards (`<dir>/<xx>.ndjson`, by the first byte of the sha256 of the file's
 * path), one JSON line per file, so that an edit rewrites one small shard, not the whole store.
 * Each shard starts with the store's identity: the distiller, its section prompt, the chunker,
 * tokenizer and table versions. A shard of another identity, or one that does not parse, is
 * ignored (its files are parsed again): the store only ever saves work, it never decides output.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReadPage } from '../content/index.ts';
import { sha256 } from '../content/index.ts';
import type { IndexedSection } from '../search/index-build.ts';
import type { DigestNode, SectionNotes } from '../types.ts';
import { writeFileAtomically } from '../disk/atomic-write.ts';

/** What the later steps need of one section, kept by section hash. */
export interface SectionRecord {
  readonly node: DigestNode;
  /** Null when the distiller keeps none. */
  readonly notes: SectionNotes | null;
  readonly indexed: IndexedSection;
}

/** One content file as last read. */
export interface PageEntry {
  /** Path relative to the content folder. */
  readonly file: string;
  /** The file's read key (`pageReadKey`): what its page and sections depend on. */
  readonly key: string;
  readonly read: ReadPage | null;
  /** One record per section of `read`, in order. */
  readonly records: readonly SectionRecord[];
}

const SHARD_SUFFIX = '.ndjson';

function shardOf(file: string): string {
  return sha256(file).slice(0, 2);
}

/** The file beside the shards naming the digest the records were saved with. */
const STAMP = 'digest-stamp';

export class PageStore {
  private readonly shards = new Map<string, Map<string, PageEntry>>();
  private readonly bySection = new Map<string, SectionRecord>();
  private readonly dirty = new Set<string>();
  /**
   * False when the digest on disk is not the one the records were saved with (another build's
   * digest checked out, a hand edit): then only the pages are used, and every record is made again.
   */
  private recordsTrusted = true;
  /** Remove every shard file this store did not write (a forced build's store). */
  private clearOnSave = false;
  /** Opened empty (a forced build): nothing an earlier build kept is to be used. */
  private fresh = false;

  private constructor(
    private readonly dir: string | null,
    private readonly identity: string,
  ) {}

  /**
   * The store in `dir` for builds of this `identity` (null `dir`: an empty store that saves
   * nothing). `fresh`: start empty (a forced build), still saving at the end. `digestStamp`:
   * the stamp (`digestStamp`) of the digest the build starts from, null when there is none.
   */
  static async open(dir: string | null, identity: string, fresh: boolean, digestStamp: string | null): Promise<PageStore> {
    const store = new PageStore(dir, identity);
    if (dir === null) return store;
    if (fresh) {
      // a forced build starts empty, and what an older build left must not come back later
      store.clearOnSave = true;
      store.fresh = true;
      return store;
    }
    const saved = await readFile(path.join(dir, STAMP), 'utf8').catch(() => null);
    store.recordsTrusted = saved !== null && saved === digestStamp;
    let names: string[];
    try {
      names = (await readdir(dir)).filter((name) => name.endsWith(SHARD_SUFFIX));
    } catch {
      return store;
    }
    for (const name of names) {
      let text = '';
      try {
        // synchronous, as the digest's own files are read and written (see digest/write.ts)
        text = readFileSync(path.join(dir, name), 'utf8');
      } catch {
        continue;
      }
      store.takeShard(name.slice(0, -SHARD_SUFFIX.length), text);
    }
    return store;
  }

  /**
   * The store's folder, where the build keeps its other memos (`PageRenders`), and whether what
   * they kept may be used (not in a forced build); null for a store that saves nothing.
   */
  memoFolder(): { readonly dir: string; readonly reuse: boolean } | null {
    return this.dir === null ? null : { dir: this.dir, reuse: !this.fresh };
  }

  private takeShard(shard: string, text: string): void {
    const lines = text.split('\n');
    if (lines[0] !== JSON.stringify(this.identity)) return;
    const entries = new Map<string, PageEntry>();
    try {
      for (const line of lines.slice(1)) {
        if (line === '') continue;
        const entry = JSON.parse(line) as PageEntry;
        entries.set(entry.file, entry);
      }
    } catch {
      return; // a damaged shard: its files are read again
    }
    if (!this.recordsTrusted) {
      for (const [file, entry] of entries) entries.set(file, { ...entry, records: [] });
      this.dirty.add(shard);
    }
    this.shards.set(shard, entries);
    for (const entry of entries.values()) this.indexRecords(entry);
  }

  private indexRecords(entry: PageEntry): void {
    entry.read?.sections.forEach((section, at) => {
      const record = entry.records[at];
      if (record) this.bySection.set(section.hash, record);
    });
  }

  /** The entry of `file` when it was read with this `key`. */
  page(file: string, key: string): PageEntry | undefined {
    const entry = this.shards.get(shardOf(file))?.get(file);
    return entry?.key === key ? entry : undefined;
  }

  /** The record of a section with this hash, from any page. */
  section(hash: string): SectionRecord | undefined {
    return this.bySection.get(hash);
  }

  /** The hashes of every section with a record. */
  sectionHashes(): IterableIterator<string> {
    return this.bySection.keys();
  }

  /** Records the entry of a file as read by this build. */
  put(entry: PageEntry): void {
    const shard = shardOf(entry.file);
    let entries = this.shards.get(shard);
    if (!entries) {
      entries = new Map();
      this.shards.set(shard, entries);
    }
    const before = entries.get(entry.file);
    if (before !== undefined && before.key === entry.key && before.records.length === entry.records.length) return;
    entries.set(entry.file, entry);
    this.indexRecords(entry);
    this.dirty.add(shard);
  }

  /**
   * Writes the shards this build changed, leaving out files no longer in `files`; each shard
   * written to a temporary name and renamed, so a kill never leaves half a shard. `digestStamp`:
   * the stamp of the digest just written, which the records now belong to.
   */
  async save(files: ReadonlySet<string>, digestStamp: string): Promise<void> {
    const { dir } = this;
    if (dir === null) return;
    // while the shards are replaced the records belong to no digest
    await rm(path.join(dir, STAMP), { force: true });
    for (const [shard, entries] of this.shards) {
      for (const file of entries.keys()) {
        if (files.has(file)) continue;
        entries.delete(file);
        this.dirty.add(shard);
      }
    }
    await mkdir(dir, { recursive: true });
    if (this.clearOnSave) {
      for (const name of await readdir(dir)) {
        if (name.endsWith(SHARD_SUFFIX) && !this.shards.has(name.slice(0, -SHARD_SUFFIX.length))) await rm(path.join(dir, name), { force: true });
      }
      this.clearOnSave = false;
    }
    for (const shard of this.dirty) {
      const target = path.join(dir, `${shard}${SHARD_SUFFIX}`);
      const entries = [...(this.shards.get(shard)?.values() ?? [])];
      if (entries.length === 0) {
        await rm(target, { force: true });
        continue;
      }
      const lines = [JSON.stringify(this.identity), ...entries.map((entry) => JSON.stringify(entry)), ''];
      await writeFileAtomically(target, lines.join('\n'));
    }
    this.dirty.clear();
    await writeFile(path.join(dir, STAMP), digestStamp);
  }
}

/** What ties a digest to the records saved with it: the sha256 of its manifest's text. */
export function digestStamp(manifestText: string): string {
  return sha256(manifestText);
}
