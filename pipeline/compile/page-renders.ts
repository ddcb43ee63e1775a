/**
 * What the builds rendered of each page (its `pages/<slug>.md`, whose text less the final newline
 * is its block of `llms-full.txt`), kept beside the page store, so that a build renders only the
 * pages whose inputs changed and hard-links the others from the digest it replaces.
 *
 * A page's text is decided by its key (its content file, url and block before its links are
 * resolved: `pageRenderKey`), by the pages of the digest (their files and urls, in order:
 * `pageSetKey`, which the resolver indexes) and by the answers the resolver got asking whether a
 * url is the digest's (`WatchedUrls`): a page one of whose links goes to a section that appeared,
 * vanished or was renamed gets another answer, and is rendered again. A page is taken from the
 * previous digest only when its file there has the very hash recorded with it: the memo only
 * ever saves work, it never decides output.
 */
import { createHash } from 'node:crypto';
import { closeSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sha256 } from '../content/index.ts';
import { writeFileAtomically } from '../disk/atomic-write.ts';
import { openDigestFileSync } from '../disk/no-follow.ts';
import { DIGEST_SCHEMA_VERSION } from '../format/manifest.ts';
import { pageMarkdownPath } from '../format/paths.ts';
import type { Page } from '../types.ts';

/** How one page was rendered. */
export interface PageRender {
  /** `pageRenderKey` of the page. */
  readonly key: string;
  /** The urls the resolver asked about whose answer was yes, then those whose answer was no. */
  readonly present: readonly string[];
  readonly absent: readonly string[];
  /** sha256 of `pages/<slug>.md` (of its bytes: its text in UTF-8). */
  readonly text: string;
}

interface SavedRenders {
  readonly format: string;
  readonly pageSet: string;
  readonly pages: Readonly<Record<string, PageRender>>;
}

const FILE = 'page-renders.json';
/**
 * The memo's format and what it assumes of the link rules: made anew when the digest schema
 * changes; change the first part when what a link becomes changes (resolve-links.ts,
 * markdown/rewrite-links.ts) without a new schema, as the key holds only the links' inputs.
 */
const FORMAT = `page-renders-1/digest-${DIGEST_SCHEMA_VERSION}`;

/** What the resolver indexes of the digest's pages: each one's content file and url, in corpus order. */
function pageSetKey(pages: readonly Page[]): string {
  return sha256(JSON.stringify(pages.map((page) => [page.file, page.url])));
}

/** What a page's text depends on besides the other pages and the urls: its file and url (links are read from them) and its unresolved block. */
export function pageRenderKey(page: Page, block: string): string {
  return sha256(JSON.stringify([page.file, page.url, block]));
}

function isSaved(value: unknown): value is SavedRenders {
  return typeof value === 'object' && value !== null && 'format' in value && value.format === FORMAT && 'pageSet' in value && typeof value.pageSet === 'string' && 'pages' in value && typeof value.pages === 'object' && value.pages !== null;
}

export class PageRenders {
  private readonly made = new Map<string, PageRender>();

  private constructor(
    private readonly dir: string | null,
    private readonly previousDir: string,
    /** `pageSetKey` of this build's pages. */
    private readonly pageSet: string,
    private readonly before: SavedRenders | null,
  ) {}

  /**
   * The renders saved in `dir` (null: none kept, none saved) for the build of `pages`, whose
   * previous digest is in `previousDir`; `reuse` false (a forced build): none taken, this build's saved.
   */
  static async open(dir: string | null, previousDir: string, pages: readonly Page[], reuse: boolean): Promise<PageRenders> {
    const pageSet = pageSetKey(pages);
    if (dir === null || !reuse) return new PageRenders(dir, previousDir, pageSet, null);
    let saved: unknown = null;
    try {
      saved = JSON.parse(await readFile(path.join(dir, FILE), 'utf8'));
    } catch {
      saved = null; // none yet, or damaged: every page is rendered
    }
    return new PageRenders(dir, previousDir, pageSet, isSaved(saved) && saved.pageSet === pageSet ? saved : null);
  }

  /**
   * The text of `pages/<slug>.md` in the previous digest, when it was rendered from this key,
   * among the same pages, and every url its links asked about gives the same answer in `urls`;
   * null: render the page.
   */
  kept(slug: string, key: string, urls: ReadonlySet<string>): string | null {
    const before = this.before?.pages[slug];
    if (before?.key !== key) return null;
    if (!before.present.every((url) => urls.has(url)) || before.absent.some((url) => urls.has(url))) return null;
    let bytes: Buffer;
    try {
      // synchronous, as the digest's files are read and written (see digest/write.ts)
      const descriptor = openDigestFileSync(this.previousDir, pageMarkdownPath(slug));
      try {
        bytes = readFileSync(descriptor);
      } finally {
        closeSync(descriptor);
      }
    } catch {
      return null;
    }
    if (createHash('sha256').update(bytes).digest('hex') !== before.text) return null;
    this.made.set(slug, before);
    return bytes.toString('utf8');
  }

  /** Notes how a page was rendered by this build. */
  rendered(slug: string, render: PageRender): void {
    this.made.set(slug, render);
  }

  /** Saves how this build's pages (only those) were rendered, once its digest is written. */
  async save(): Promise<void> {
    if (this.dir === null) return;
    const saved: SavedRenders = { format: FORMAT, pageSet: this.pageSet, pages: Object.fromEntries(this.made) };
    await writeFileAtomically(path.join(this.dir, FILE), JSON.stringify(saved));
  }
}
