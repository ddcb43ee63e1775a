/**
 * The work a worker thread does for one content file: read, parse and chunk it, then the work on
 * each of its sections while their trees are at hand (`workOnSection`), with the distiller the
 * worker made for itself from the build's `threadModule`. All of it is a function of the file
 * and the setup, so doing it in a worker or in the build's own thread gives the same result.
 */
import { loadFile, type FileSource, type LoadedFile } from '../../content/index.ts';
import type { Distiller } from '../../types.ts';
import { workOnSection, type SectionWork, type WorkTimes } from '../section-work.ts';

export interface WorkSetup extends FileSource {
  /** The distiller's `threadModule`: the worker makes its own and runs the section pass; null: parse only. */
  readonly threadModule: string | null;
  /** Hashes of the sections whose node the build already has (not distilled again). */
  readonly known: readonly string[];
}

export interface FileWork {
  /** The file as read, its page without trees (they stay in the worker). */
  readonly loaded: LoadedFile;
  /** One entry per section of `loaded.read`, in order; empty when the worker only parses. */
  readonly sections: readonly SectionWork[];
}

/**
 * Loads one file and, with a distiller, does its sections' work (`known(hash)`: that section's
 * node is already at hand). The same in a worker thread and in the build's own thread.
 */
export async function workOnFile(source: FileSource, distiller: Distiller | null, known: (hash: string) => boolean, file: string, times: WorkTimes): Promise<FileWork> {
  const t0 = performance.now();
  const loaded = await loadFile(source, file);
  times.parse += performance.now() - t0;
  const read = loaded.read;
  if (read === null) return { loaded, sections: [] };
  const plain: LoadedFile = { ...loaded, read: { page: read.page, sections: read.sections } };
  if (distiller === null) return { loaded: plain, sections: [] };
  const trees = 'trees' in read ? read.trees : [];
  const sections: SectionWork[] = [];
  for (const [at, section] of read.sections.entries()) {
    sections.push(await workOnSection(distiller, section, read.page, trees[at] ?? null, known(section.hash), times));
  }
  return { loaded: plain, sections };
}
