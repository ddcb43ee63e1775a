/**
 * The build's reading step: every content file is read and hashed; a file whose read key
 * (`pageReadKey`: its text with includes, the site, the chunker) is in the page store is taken
 * from there, the others are parsed, in worker threads for a large corpus, and the sections of
 * each parsed page worked on while their trees are at hand (`workOnSection`). Used as
 * `loadContent`'s file reader, so errors, drafts and slug clashes follow the one content loader.
 */
import { expandedText, pageReadKey, resolveSite, sha256, type FileReader, type FileSource, type LoadedFile } from '../content/index.ts';
import { decodeContentFile } from '../content/decode.ts';
import { ContentError } from '../content/errors.ts';
import { readContentBytesSync } from '../content/inside-folder.ts';
import type { Distiller } from '../types.ts';
import type { PageEntry, PageStore } from './page-store.ts';
import { noTimes, type SectionWork, type WorkTimes } from './section-work.ts';
import { workOnFile } from './workers/file-work.ts';
import { WorkerPool } from './workers/pool.ts';
import { fromWire } from './workers/protocol.ts';

/** What the reading step knows of one file beyond its page: the store's entry, or the work done on it now. */
type FileOutcome = { readonly stored: PageEntry } | { readonly key: string; readonly sections: readonly SectionWork[] };

export interface PageReading {
  readonly readFiles: FileReader;
  /** The outcome of a file once read. */
  outcome(file: string): FileOutcome | undefined;
  /** Every file read with its outcome, in the order read. */
  outcomes(): IterableIterator<[string, FileOutcome]>;
  /** Files parsed (not taken from the store). */
  parsedFiles(): number;
  /** Time per phase: in this thread, and the workers' summed (split by the caller in proportion). */
  readonly times: WorkTimes;
}

export interface PageReadingOptions {
  readonly store: PageStore;
  readonly distiller: Distiller;
  /** Whether a section's node is already at hand (store, previous digest): not distilled again. */
  readonly known: (hash: string) => boolean;
  /** All known hashes, for worker threads. */
  readonly knownHashes: () => string[];
  /** Worker threads; 0: this thread. */
  readonly workers: number;
  /** Fewer files to parse than this are parsed in this thread. */
  readonly minFiles: number;
}

/** Files per batch sent to a worker: few messages, both threads busy to the end. */
const BATCH = 8;

interface Pending {
  readonly file: string;
  readonly key: string;
  /** The file's text had been read for its key; null: it could not be read. */
  readonly fileHash: string | null;
}

export function createPageReading(options: PageReadingOptions): PageReading {
  const outcomes = new Map<string, FileOutcome>();
  const times = noTimes();
  let parsed = 0;
  const inThread = options.distiller.threadModule !== undefined ? options.distiller : null;

  /** A file parsed in this thread, its sections worked on when the distiller's section pass may run here. */
  async function parseHere(source: FileSource, pending: Pending): Promise<LoadedFile> {
    const work = await workOnFile(source, inThread, options.known, pending.file, times);
    outcomes.set(pending.file, { key: pending.key, sections: work.sections });
    return work.loaded;
  }

  async function* readFiles(source: FileSource, files: readonly string[]): AsyncIterable<LoadedFile> {
    const site = resolveSite(source);
    const ready = new Map<string, LoadedFile>();
    const toParse: Pending[] = [];
    const t0 = performance.now();
    for (const file of files) {
      let text: string;
      try {
        // synchronous: thousands of small files, each read faster than an asynchronous round trip
        text = decodeContentFile(readContentBytesSync(source.contentDir, file), file);
      } catch {
        toParse.push({ file, key: '', fileHash: null }); // unreadable, a link out of the folder or not UTF-8: loadFile says why
        continue;
      }
      const fileHash = sha256(text);
      if (!site.generator.isPage(file)) {
        ready.set(file, { file, fileHash, read: null, error: null, parsed: false });
        continue;
      }
      let expanded: string;
      try {
        expanded = await expandedText(source, file, text);
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        ready.set(file, { file, fileHash, read: null, error, parsed: false }); // an include linking out of the folder
        continue;
      }
      const key = pageReadKey(source, file, expanded);
      const stored = options.store.page(file, key);
      if (stored !== undefined) {
        outcomes.set(file, { stored });
        ready.set(file, { file, fileHash, read: stored.read, error: null, parsed: false });
      } else toParse.push({ file, key, fileHash });
    }
    times.parse += performance.now() - t0;
    parsed = toParse.length;

    const pendingByFile = new Map(toParse.map((pending) => [pending.file, pending]));
    const parsedNow = new Map<string, Promise<LoadedFile>>();
    let pool: WorkerPool | null = null;
    if (options.workers > 0 && toParse.length >= options.minFiles) {
      pool = new WorkerPool(options.workers, {
        contentDir: source.contentDir,
        siteUrl: source.siteUrl,
        ...(source.generator === undefined ? {} : { generator: source.generator }),
        ...(source.urlStyle === undefined ? {} : { urlStyle: source.urlStyle }),
        threadModule: options.distiller.threadModule ?? null,
        known: options.knownHashes(),
      });
      for (let start = 0; start < toParse.length; start += BATCH) {
        const batch = toParse.slice(start, start + BATCH);
        const result = pool.run(batch.map((pending) => pending.file)).then(({ files: wires, times: spent }) => {
          times.parse += spent.parse;
          times.distil += spent.distil;
          times.index += spent.index;
          return wires.map((wire, at) => {
            const work = fromWire(wire);
            outcomes.set(work.loaded.file, { key: batch[at]?.key ?? '', sections: work.sections });
            return work.loaded;
          });
        });
        result.catch(() => undefined); // awaited below; never left unhandled
        batch.forEach((pending, at) => parsedNow.set(pending.file, result.then((loaded) => loaded[at] ?? Promise.reject(new Error(`no answer for ${pending.file}`)))));
      }
    }
    try {
      for (const file of files) {
        const done = ready.get(file);
        if (done !== undefined) {
          yield done;
          continue;
        }
        const inWorker = parsedNow.get(file);
        const pending = pendingByFile.get(file);
        if (inWorker !== undefined) yield await inWorker;
        else if (pending !== undefined) yield await parseHere(source, pending);
      }
    } finally {
      await pool?.close();
    }
  }

  return { readFiles, outcome: (file) => outcomes.get(file), outcomes: () => outcomes.entries(), parsedFiles: () => parsed, times };
}
