/**
 * A FileReader (see content/load.ts) that reads, parses and chunks the files in worker threads,
 * and does the offline distiller's section pass there too. Files go out in batches and come
 * back in the order given, so the build merges them exactly as it would read them in-process.
 * What the workers distilled is handed to the section queue (`precomputed`) and the stated
 * definitions to the glossary pass (`rememberStatedDefinitions`).
 */
import type { FileReader, FileSource, LoadedFile } from '../../content/index.ts';
import { readFilesInProcess } from '../../content/index.ts';
import { rememberStatedDefinitions } from '../../distill/offline/index.ts';
import type { CheckedNode } from '../../distill/verbatim.ts';
import type { Section } from '../../types.ts';
import { WorkerPool } from './pool.ts';
import { fromWire, type WireFileWork } from './protocol.ts';

export interface WorkerReaderOptions {
  /** How many worker threads. */
  readonly workers: number;
  /** Fewer files than this are read in-process (starting threads costs more than it saves). */
  readonly minFiles: number;
  readonly offline: boolean;
  readonly reuse: Readonly<Record<string, string>> | null;
  /** Where the workers write the nodes they distil (`stageTree`); null: they do not write. */
  readonly stagedDir: string | null;
}

export interface WorkerReader {
  readonly readFiles: FileReader;
  /** The node a worker distilled for a section, if it did. */
  readonly precomputed: (section: Section) => CheckedNode | undefined;
  /** True when a worker wrote the node file of the section with this id to the staged tree. */
  readonly wrote: (id: string) => boolean;
}

/** Files per batch: enough to keep messages few, few enough to keep both threads busy to the end. */
const BATCH = 8;

export function createWorkerReader(options: WorkerReaderOptions): WorkerReader {
  const nodes = new WeakMap<Section, CheckedNode>();
  const written = new Set<string>();

  function accept(wire: WireFileWork): LoadedFile {
    const work = fromWire(wire);
    work.loaded.read?.sections.forEach((section, at) => {
      const done = work.sections[at];
      if (!done) return;
      if (done.checked) nodes.set(section, done.checked);
      if (done.written) written.add(section.id);
      rememberStatedDefinitions(section, done.definitions);
    });
    return work.loaded;
  }

  async function* readFiles(source: FileSource, files: readonly string[]): AsyncIterable<LoadedFile> {
    if (files.length < options.minFiles) {
      yield* readFilesInProcess(source, files);
      return;
    }
    const setup = {
      contentDir: source.contentDir,
      siteUrl: source.siteUrl,
      ...(source.generator === undefined ? {} : { generator: source.generator }),
      ...(source.urlStyle === undefined ? {} : { urlStyle: source.urlStyle }),
      ...(source.cacheDir === undefined ? {} : { cacheDir: source.cacheDir }),
      offline: options.offline,
      reuse: options.reuse,
      stagedDir: options.stagedDir,
    };
    const pool = new WorkerPool(options.workers, setup);
    const batches: (readonly string[])[] = [];
    for (let start = 0; start < files.length; start += BATCH) batches.push(files.slice(start, start + BATCH));
    // every batch is queued at once (the pool sends a few at a time); results are taken in order
    const results = batches.map((batch) => pool.run(batch));
    for (const result of results) result.catch(() => undefined); // awaited below; never left unhandled
    try {
      for (const result of results) for (const wire of await result) yield accept(wire);
    } finally {
      await pool.close();
    }
  }

  return { readFiles, precomputed: (section) => nodes.get(section), wrote: (id) => written.has(id) };
}
