/** The words the digest's own text uses for pages outside any sidebar group. */

/** What readers see for the pages that have no group (the context text). */
export const OTHER_PAGES = 'Other pages';

/**
 * The heading of the pages outside any group in the overview and llms.txt: they lead the
 * sidebar (the home page and the pages beside it), so they are the site's docs, not "other" ones.
 */
export const UNGROUPED = 'Docs';
