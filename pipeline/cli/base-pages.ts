/**
 * The base's own file-to-section mapping for the Search part of `ask digest diff`: the content
 * folder's pages as the base commit has them (read from git into a temporary folder, never the
 * working tree), loaded under the base digest's site options, so that a check names on the base
 * what it named there, whatever the pull request moved, renamed or deleted since.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { namesInsideFolder } from '../content/inside-folder.ts';
import { ContentErrors } from '../content/load.ts';
import type { CheckPage } from '../compile/check-targets.ts';
import type { ContentSite } from '../compile/check.ts';
import { checksNeedPages, pagesForChecks } from '../compile/search-checks.ts';
import type { QueryCheck } from '../search/checks.ts';
import type { SearchIndex } from '../search/open.ts';
import { filesAtCommit } from './git-read.ts';

export interface BaseContent {
  readonly top: string;
  readonly rev: string;
  /** The content folder, repository-relative (`''` for the root). */
  readonly folder: string;
  /** The base digest's site options (the new one's when the base manifest is of another schema). */
  readonly site: ContentSite;
  readonly index: SearchIndex;
}

/** The pages the base's checks resolve against, or why the base's content could not be read (its file entries then name nothing there). */
export async function basePagesForChecks(written: readonly QueryCheck[], base: BaseContent): Promise<{ readonly pages: readonly CheckPage[]; readonly problem: string | null }> {
  if (!checksNeedPages(written, base.index, base.site.siteUrl)) return { pages: [], problem: null };
  const folder = await mkdtemp(path.join(tmpdir(), 'ask-base-content-'));
  try {
    await materialize(base, folder);
    return { pages: await pagesForChecks(written, folder, base.site, base.index), problem: null };
  } catch (error) {
    if (error instanceof ContentErrors) return { pages: [], problem: error.errors[0]?.message ?? error.message };
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Writes the base's Markdown files (its pages and the partials they include) below `folder`. */
async function materialize(base: BaseContent, folder: string): Promise<void> {
  const files = await filesAtCommit(base.top, base.rev, base.folder, (file) => /\.mdx?$/i.test(file) && namesInsideFolder(folder, file));
  for (const [file, bytes] of files) {
    const target = path.join(folder, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
}
