import type { NavigationGroup } from '../../content/site-config/index.ts';
import type { Page } from '../../types.ts';

/** One sidebar group: its label (null for the pages outside any group, shown without one) and its pages in reading order. */
export type NavGroup = NavigationGroup;

/** The page `/` shows: the content's root page (slug `index`), else null (the site's overview). */
export function homePage(groups: readonly NavGroup[]): Page | null {
  return groups.flatMap((group) => group.pages).find((page) => page.slug === 'index') ?? null;
}

/** The pages in sidebar order, each once. */
export function readingOrder(groups: readonly NavGroup[]): Page[] {
  return [...new Set(groups.flatMap((group) => group.pages))];
}
