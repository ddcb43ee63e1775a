import type { Page, Section } from '../types.ts';
import { compareCodeUnits } from '../text/compare.ts';

/** Heading of the pages that have no group, in the overview. */
export const UNGROUPED = 'Ungrouped';

/** What readers see for the pages that have no group (the context text, the demo site's sidebar, llms.txt). */
export const OTHER_PAGES = 'Other pages';

/**
 * The pages by group in the order the overview lists them: groups in name order, the pages
 * without a group (null) last; pages in slug order.
 */
export function pagesByGroup(pages: readonly Page[]): [group: string | null, pages: Page[]][] {
  const groups = new Map<string, Page[]>();
  for (const page of pages) {
    const key = page.group ?? '';
    const list = groups.get(key);
    if (list) list.push(page);
    else groups.set(key, [page]);
  }
  const names = [...groups.keys()].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : compareCodeUnits(a, b)));
  return names.map((name) => [name === '' ? null : name, [...(groups.get(name) ?? [])].sort((a, b) => compareCodeUnits(a.slug, b.slug))]);
}

/**
 * The deterministic grouped table of contents: groups in name order (pages without a group
 * last), pages in slug order, each page's `##` sections nested under it (`###` one level deeper).
 */
export function buildOverview(pages: readonly Page[], sections: readonly Section[]): string {
  const sectionsByPage = new Map<string, Section[]>();
  for (const section of sections) {
    if (section.anchor === null) continue;
    const list = sectionsByPage.get(section.pageSlug) ?? [];
    list.push(section);
    sectionsByPage.set(section.pageSlug, list);
  }
  const lines = ['# Overview', ''];
  for (const [name, groupPages] of pagesByGroup(pages)) {
    lines.push(`## ${name ?? UNGROUPED}`, '');
    for (const page of groupPages) {
      lines.push(`- [${page.title}](${page.url})${page.description ? `: ${page.description}` : ''}`);
      for (const section of sectionsByPage.get(page.slug) ?? []) {
        const indent = section.depth === 3 ? '    ' : '  ';
        lines.push(`${indent}- [${section.heading ?? ''}](${section.url})`);
      }
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
