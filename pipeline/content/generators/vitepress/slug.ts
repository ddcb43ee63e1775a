import type { HeadingIds } from '../types.ts';

/**
 * VitePress's heading anchors, as its default slugify (`@mdit-vue/shared`) and its anchor plugin
 * (markdown-it-anchor in 1.x, @mdit/plugin-anchor in 2.x, same rules) make them.
 */

/** Combining marks left over once accents are split off their letters (`é` -> `e` + U+0301). */
const COMBINING_MARKS = /[\u0300-\u036f]/g;
/** Control characters, tab included: dropped, not turned into a separator (`a\tb` -> `ab`). */
const CONTROL_CHARACTERS = /[\u0000-\u001f]/g;
/** Blank space and ASCII punctuation (and curly quotes): each run becomes one `-`. */
const SEPARATORS = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g;

/**
 * VitePress's slug of a heading's text: accents stripped (NFKD), punctuation and blank runs to
 * `-`, no `-` at either end, lower case. Other letters, digits, CJK and emoji stay. A slug that
 * starts with a digit gets a `_` in front (`1. Setup` -> `_1-setup`), since an HTML id selector
 * cannot start with one.
 */
function vitepressSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(CONTROL_CHARACTERS, '')
    .replace(SEPARATORS, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/**
 * One page's ids, in document order, every heading level counted (the anchor plugin's `level` is
 * 1). An id already taken on the page gets `-1`, `-2`... : the first free one, trying from `-1`
 * each time, so `Dup`, `Dup`, `Dup-1`, `Dup` give `dup`, `dup-1`, `dup-1-1`, `dup-2`. A custom id
 * is taken as written; VitePress stops the build when one repeats, we suffix it instead so the
 * build still has distinct ids.
 */
export function vitepressHeadingIds(): HeadingIds {
  const taken = new Set<string>();
  return (heading) => {
    const base = heading.customId ?? vitepressSlug(heading.text);
    let id = base;
    for (let suffix = 1; taken.has(id); suffix += 1) id = `${base}-${suffix}`;
    taken.add(id);
    return id;
  };
}
