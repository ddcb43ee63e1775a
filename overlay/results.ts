import type { KeywordResult } from './types.ts';

/** The results of one page, in the order the server ranked them. */
export interface ResultGroup {
  /** The page's address (the results' url without the `#anchor`). */
  readonly page: string;
  /** The page's title, the group's label. */
  readonly title: string;
  readonly results: readonly KeywordResult[];
}

/** The address of a result's page: its url without the fragment. */
export function pageOf(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** Results grouped by page; groups come in the order of their best result, results keep their rank. */
export function groupResults(results: readonly KeywordResult[]): ResultGroup[] {
  const groups = new Map<string, { page: string; title: string; results: KeywordResult[] }>();
  for (const result of results) {
    const page = pageOf(result.url);
    const group = groups.get(page);
    if (group === undefined) groups.set(page, { page, title: result.title, results: [result] });
    else group.results.push(result);
  }
  return [...groups.values()];
}
