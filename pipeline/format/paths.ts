/**
 * Where each part of the digest lives inside the digest folder. One file per section:
 * `sections/<slug>/@intro.json` for a page's intro chunk and `sections/<slug>/<anchor>.json`
 * for a heading section (the anchor made safe as a file name: `safeName`). `@` never starts a
 * slug segment nor a file name made from an anchor, so no two sections share a file.
 */
export const DIGEST_FILES = {
  manifest: 'manifest.json',
  glossary: 'glossary.json',
  suggestions: 'suggestions.json',
  overview: 'overview.md',
  context: 'context.md',
  searchIndex: 'search/index.json',
  searchPostings: 'search/postings.txt',
  searchSections: 'search/sections.txt',
  searchPages: 'search/pages.txt',
  /** The llms.txt index: title, summary, one line per page by group. */
  llms: 'llms.txt',
  /** Every page as clean Markdown, in corpus order. */
  llmsFull: 'llms-full.txt',
} as const;

/**
 * Files the build writes into the digest folder that are not part of the digest itself: the
 * archive of the tree (made once, at build time, so every host serves the same bytes) and the
 * `.gitignore` that commits every other file of the folder whatever the repository's own rules
 * say, and keeps that archive out of the repository (it is derived from the committed files, and
 * a binary in every docs commit would only grow the history: `digest-gitignore.ts`). Neither is
 * in the archive nor read by the staleness check.
 */
export const BUILD_ONLY_FILES = {
  gitignore: '.gitignore',
  /** `archive-<stamp>.tar.gz`, the stamp naming the manifest it was made with (`archiveFileName`). */
  archivePattern: 'archive-*.tar.gz',
} as const;

const ARCHIVE_FILE = /^archive-[0-9a-f]{16}\.tar\.gz$/;

/** The archive's file name for the digest whose manifest has this stamp (16 hex digits). */
export function archiveFileName(stamp: string): string {
  return `archive-${stamp}.tar.gz`;
}

/** Whether a digest-relative path is one of BUILD_ONLY_FILES. */
export function isBuildOnlyFile(relative: string): boolean {
  return relative === BUILD_ONLY_FILES.gitignore || ARCHIVE_FILE.test(relative);
}

/** The folder of the per-page Markdown files (`pageMarkdownPath`). */
const PAGES_FOLDER = 'pages';

/**
 * The digest-relative path of a page's Markdown file: `pages/<slug>.md` (`pages/index.md` for the
 * home page). Slugs are the content's own (they may hold `/`), never a request's text: callers look
 * the slug up among the digest's pages first.
 */
export function pageMarkdownPath(slug: string): string {
  return `${PAGES_FOLDER}/${slug}.md`;
}

const SECTIONS_FOLDER = 'sections';
const INTRO_FILE = '@intro.json';

/** File names longer than this (in UTF-8 bytes) are shortened: file systems stop at 255. */
const MAX_NAME_BYTES = 180;

/** FNV-1a, 32 bits, hex: a short stable tag for a shortened name (no crypto needed here). */
function shortTag(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * Characters an anchor may hold (a generator's slug or an author's custom id can keep `/`, `<`,
 * `&`...) that must not reach a file name: path separators, `%` itself, what Windows refuses,
 * control characters.
 */
const UNSAFE_IN_NAME = /[/\\%:*?"<>|\u0000-\u001f\u007f]/g;

/** An anchor as a file name: unsafe characters and a leading `@` (the intro's mark) or `.` percent-encoded, so `../x` stays inside its folder. */
function safeName(anchor: string): string {
  const escaped = anchor.replace(UNSAFE_IN_NAME, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return /^[@.]/.test(escaped) ? `%${escaped.charCodeAt(0).toString(16).toUpperCase()}${escaped.slice(1)}` : escaped;
}

function fileName(anchor: string): string {
  const safe = safeName(anchor);
  if (new TextEncoder().encode(safe).length <= MAX_NAME_BYTES) return safe;
  return `${Array.from(safe).slice(0, 60).join('')}~${shortTag(anchor)}`;
}

/** The digest-relative path of a section's node file, from its id. */
export function sectionFilePath(id: string): string {
  const hash = id.indexOf('#');
  if (hash === -1) return `${SECTIONS_FOLDER}/${id}/${INTRO_FILE}`;
  return `${SECTIONS_FOLDER}/${id.slice(0, hash)}/${fileName(id.slice(hash + 1))}.json`;
}

/**
 * The files a digest whose manifest lists these section ids holds: the files of every digest
 * (DIGEST_FILES), each section's node file and each page's Markdown (a section id is its page's
 * slug, then `#anchor` for a heading section). The build-only files are not among them.
 */
export function filesOfSections(sectionIds: Iterable<string>): Set<string> {
  const files = new Set<string>(Object.values(DIGEST_FILES));
  for (const id of sectionIds) {
    const hash = id.indexOf('#');
    files.add(pageMarkdownPath(hash === -1 ? id : id.slice(0, hash)));
    files.add(sectionFilePath(id));
  }
  return files;
}
