import { groupLabel } from '../../distill/offline/context.ts';
import type { Page } from '../../types.ts';
import { compareCodeUnits } from '../../text/compare.ts';

/** One sidebar group: its label and its pages in reading order. */
export interface NavGroup {
  readonly label: string;
  readonly pages: readonly Page[];
}

/** An `index`/`README` file: the page of its folder, listed first in its group. */
function isFolderPage(page: Page): boolean {
  return /(?:^|\/)(?:index|readme)\.mdx?$/i.test(page.file);
}

/**
 * The sidebar: pages grouped by `page.group`, groups by name (`getting-started` shown as
 * "Getting started"), pages without a group last under "Other pages"; in a group, the folder's
 * index page first, then the others in path order.
 */
export function navigationGroups(pages: readonly Page[]): NavGroup[] {
  const groups = new Map<string | null, Page[]>();
  for (const page of pages) {
    const list = groups.get(page.group) ?? [];
    list.push(page);
    groups.set(page.group, list);
  }
  const keys = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : compareCodeUnits(a, b)));
  return keys.map((key) => {
    const members = [...(groups.get(key) ?? [])].sort((a, b) => Number(isFolderPage(b)) - Number(isFolderPage(a)) || compareCodeUnits(a.file, b.file));
    return { label: groupLabel(key), pages: members };
  });
}

/**
 * The page `/` shows: the content's root page (slug `index`), else the first folder index page
 * of the sidebar, else the sidebar's first page; null for a site without pages.
 */
export function homePage(groups: readonly NavGroup[]): Page | null {
  const inOrder = groups.flatMap((group) => group.pages);
  return inOrder.find((page) => page.slug === 'index') ?? inOrder.find(isFolderPage) ?? inOrder[0] ?? null;
}
