import type { NavigationGroup } from '../content/site-config/navigation.ts';
import { UNGROUPED } from '../format/group-labels.ts';
import type { Section } from '../types.ts';

/**
 * The deterministic grouped table of contents, in the site's navigation order (`siteNavigation`:
 * the sidebar's groups and pages), each page's `##` sections nested under it (`###` one level deeper).
 */
export function buildOverview(navigation: readonly NavigationGroup[], sections: readonly Section[]): string {
  const sectionsByPage = new Map<string, Section[]>();
  for (const section of sections) {
    if (section.anchor === null) continue;
    const list = sectionsByPage.get(section.pageSlug) ?? [];
    list.push(section);
    sectionsByPage.set(section.pageSlug, list);
  }
  const lines = ['# Overview', ''];
  for (const group of navigation) {
    lines.push(`## ${group.label ?? UNGROUPED}`, '');
    for (const page of group.pages) {
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
