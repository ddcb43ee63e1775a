import type { NavigationGroup } from '../../content/site-config/index.ts';
import type { Page } from '../../types.ts';

/** One sidebar group: its label (null for the pages outside any group, shown without one) and its pages in reading order. */
export type NavGroup = NavigationGroup;

/** An `index`/`README` file: the page of its folder. */
function isFolderPage(page: Page): boolean {
  return /(?:^|\/)(?:index|readme)\.mdx?$/i.test(page.file);
}

/**
 * The page `/` shows: the content's root page (slug `index`), else the first folder index page
 * of the sidebar, else the sidebar's first page; null for a site without pages.
 */
export function homePage(groups: readonly NavGroup[]): Page | null {
  const inOrder = groups.flatMap((group) => group.pages);
  return inOrder.find((page) => page.slug === 'index') ?? inOrder.find(isFolderPage) ?? inOrder[0] ?? null;
}
