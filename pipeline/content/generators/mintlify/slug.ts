import type { HeadingIds } from '../types.ts';

/** Punctuation and emoji Mintlify removes from an id when it renders it (its `cleanHeadingId`). */
const RENDER_STRIPPED = /[?,;:!'"()[\]{}]/g;
const EMOJI = /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu;
/** What a custom `{#id}` loses before use (HTML-unsafe characters and the punctuation above). */
const CUSTOM_ID_STRIPPED = /[<>"&?,;:!'()[\]{}]/g;

/**
 * The slug Mintlify computes for a heading title before rendering: lowercase, blank runs to `-`,
 * percent-encoded; then, as `@sindresorhus/slugify` does on that ASCII text, every run of other
 * characters becomes one `-` (letters, digits, `_` kept, and `%` with its case when anything was
 * encoded), `word-s`/`word-t` contractions joined, and `-` runs folded and trimmed.
 */
export function mintlifyRawSlug(title: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(title.toLowerCase().trim().replace(/\s+/g, '-'));
  } catch {
    return ''; // a lone surrogate: no id
  }
  const percentEncoded = /%[0-9A-F]{2}/.test(encoded);
  return encoded
    .replace(percentEncoded ? /[^a-zA-Z\d%_]+/g : /[^a-z\d_]+/g, '-')
    .replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/** The id as the page's DOM carries it: percent-decoding undone, some punctuation and emoji removed. */
function mintlifyRenderedId(slug: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return slug;
  }
  return decoded.replace(RENDER_STRIPPED, '').replace(EMOJI, '');
}

/** A custom `{#id}` as Mintlify keeps it: unsafe characters and emoji dropped, blanks to `-`. */
function mintlifyCustomId(raw: string): string {
  return raw.trim().replace(CUSTOM_ID_STRIPPED, '').replace(EMOJI, '').replace(/\s+/g, '-');
}

/** Depths Mintlify gives ids to (and counts); `#####` and deeper get none. */
const ID_DEPTHS = new Set([1, 2, 3, 4]);

/**
 * Mintlify's heading ids: the slug of the title (or the cleaned custom id), made unique per page
 * with `-2`, `-3`... (custom and automatic ids share one count), then rendered.
 */
export function mintlifyHeadingIds(): HeadingIds {
  const seen = new Map<string, number>();
  const unique = (slug: string): string => {
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    if (count === 0) return slug;
    let suffix = count + 1;
    while (seen.has(`${slug}-${suffix}`)) suffix += 1;
    seen.set(`${slug}-${suffix}`, 1);
    return `${slug}-${suffix}`;
  };
  return (heading) => {
    const custom = heading.customId === null ? '' : mintlifyRenderedId(mintlifyCustomId(heading.customId));
    const slug = custom !== '' ? custom : mintlifyRawSlug(heading.text);
    if (!ID_DEPTHS.has(heading.depth)) return mintlifyRenderedId(slug);
    return mintlifyRenderedId(unique(slug));
  };
}
