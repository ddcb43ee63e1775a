/** What a build is asked to do (`buildDigest`'s options), and what it reports. */
import type { GeneratorName, UrlStyle } from '../content/generators/index.ts';
import type { Distiller, DistillUsage } from '../types.ts';
import type { PhaseTimes } from './phases.ts';

export interface BuildOptions {
  readonly contentDir: string;
  readonly outDir: string;
  readonly siteUrl: string;
  /** Whose conventions place the pages and name the anchors; default `plain`. */
  readonly generator?: GeneratorName;
  /** Default: the generator's own. */
  readonly urlStyle?: UrlStyle;
  /** Globs of content files to leave out. */
  readonly exclude?: readonly string[];
  /**
   * The generator's config file the site's name, description and sidebar are read from (read,
   * never run): a path; omitted: the generator's config found in the content folder or a parent;
   * null: none.
   */
  readonly config?: string | null;
  /** The site's name and description, over the config's (`--site-name`, `--site-description`); else the config's, else the home page's. */
  readonly siteName?: string;
  readonly siteDescription?: string;
  readonly distiller: Distiller;
  /**
   * The commit the manifest records as the content's source: a string as given (`--source-commit`,
   * `ASK_SOURCE_COMMIT`), null for none; omitted: the one that last changed the content folder, as
   * git says (null when git cannot say). Never decides whether the digest is up to date.
   */
  readonly sourceCommit?: string | null;
  readonly concurrency: number;
  readonly force: boolean;
  /** Folder of the page store and the answer cache; null: no cache. */
  readonly cacheDir: string | null;
  readonly onProgress?: (stage: string, done: number, total: number) => void;
  /** Milliseconds since some origin; the build's only clock. */
  readonly now: () => number;
  /**
   * Worker threads that parse the changed pages and (a distiller with a `threadModule`) distil
   * them. 0: all in this thread. Omitted: one per available core, for `WORKERS_MIN_FILES` files
   * to parse or more.
   */
  readonly workers?: number;
}

/** Below this many files to parse a build stays in one thread: starting workers costs more than it saves. */
export const WORKERS_MIN_FILES = 200;

export interface BuildReport {
  readonly upToDate: boolean;
  readonly pages: number;
  readonly sections: number;
  /** Sections whose node was distilled anew (or taken from the answer cache). */
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly usage: DistillUsage;
  readonly contentHash: string;
  readonly elapsedMs: number;
  /** Milliseconds per phase; they add up to `elapsedMs` (up to rounding). */
  readonly phases: PhaseTimes;
  /** Content files parsed by this build (the others came from the page store). */
  readonly parsedFiles: number;
  /** Files of a digest with nothing to distil that were not the build's (edited by hand), rewritten, removed or made again (`repairTree`). */
  readonly repaired: readonly string[];
}
