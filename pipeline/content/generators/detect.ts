import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { detectableGenerators } from './registry.ts';
import type { GeneratorName } from './types.ts';

export interface Detected {
  readonly generator: GeneratorName;
  /** The marker that decided it (a path), or null when none was found and the model is `plain`. */
  readonly marker: string | null;
}

/** True when a directory entry's name is the marker (`mkdocs.yml`) or fits a `name.*` marker (`docusaurus.config.*`). */
function fits(entry: string, marker: string): boolean {
  if (marker.endsWith('.*')) return entry.startsWith(marker.slice(0, -1)) && entry.length > marker.length - 1;
  return entry === marker;
}

async function entriesOf(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

/** A file's text, or null when it is absent, a folder or unreadable. */
async function textOf(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The folders a site's config files are looked for in, nearest first, each with its entries
 * (sorted): the content folder, then its parents up to the repository root (the first folder
 * holding `.git`; the file system's root when there is none).
 */
export async function* foldersUp(contentDir: string): AsyncGenerator<readonly [dir: string, entries: readonly string[]]> {
  let dir = path.resolve(contentDir);
  for (;;) {
    const entries = await entriesOf(dir);
    yield [dir, entries];
    const parent = path.dirname(dir);
    if (entries.includes('.git') || parent === dir) return;
    dir = parent;
  }
}

/** True when `entry` (a file or folder name) fits one of a generator's markers. */
export function fitsMarker(entry: string, markers: readonly string[]): boolean {
  return markers.some((marker) => fits(entry, marker));
}

/**
 * The generator of a content folder: its own config file found in the folder or a parent
 * (`foldersUp`). The nearest folder with a marker wins; within one folder, the order of
 * `GENERATOR_NAMES`. No marker anywhere: `plain`.
 */
export async function detectGenerator(contentDir: string): Promise<Detected> {
  for await (const [dir, entries] of foldersUp(contentDir)) {
    for (const generator of detectableGenerators()) {
      for (const marker of generator.markers) {
        for (const entry of entries.filter((name) => fits(name, marker))) {
          const found = path.join(dir, entry);
          if (!generator.confirms || generator.confirms(found, await textOf(found))) return { generator: generator.name, marker: found };
        }
      }
    }
  }
  return { generator: 'plain', marker: null };
}
