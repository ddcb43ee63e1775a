import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../disk/atomic-write.ts';

/**
 * A folder of JSON answers keyed by input hash: what makes a rerun after a failed or killed
 * build resume without paying again for the model calls that had finished.
 * Each entry is written to a temporary name and renamed, so a kill never leaves half an entry.
 */
export class AnswerCache {
  constructor(private readonly dir: string | null) {}

  /** False when there is no cache folder (every get misses, every put is dropped). */
  get enabled(): boolean {
    return this.dir !== null;
  }

  async get<T>(key: string): Promise<T | undefined> {
    if (this.dir === null) return undefined;
    try {
      return JSON.parse(await readFile(path.join(this.dir, `${key}.json`), 'utf8')) as T;
    } catch {
      return undefined;
    }
  }

  async put(key: string, value: unknown): Promise<void> {
    if (this.dir === null) return;
    await mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, `${key}.json`);
    await writeFileAtomically(target, JSON.stringify(value));
  }
}
