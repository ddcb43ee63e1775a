/**
 * The page-kind prior (CONTRACT: keyword ranking may multiply rule 5's score by it): a section of
 * a blog post, changelog, release notes, news, tag, author or 404 page scores this fraction of
 * what the same text would score in a guide. Such pages repeat what the guides and reference say,
 * dated, so they match the same words and should come after the page that answers. The value is
 * the one bench:search chooses by its rule for tuned parameters (leave one set out, kept only when
 * it raises or holds the sets it touches); the README's search section gives its effect per set.
 */
import type { PageKind } from '../types.ts';

/** One prior for every kind that is not the documentation itself. */
export const SECONDARY_PAGE_PRIOR = 0.5;

export const PAGE_KIND_PRIORS: Readonly<Record<PageKind, number>> = {
  guide: 1,
  blog: SECONDARY_PAGE_PRIOR,
  changelog: SECONDARY_PAGE_PRIOR,
  'release-notes': SECONDARY_PAGE_PRIOR,
  news: SECONDARY_PAGE_PRIOR,
  tag: SECONDARY_PAGE_PRIOR,
  author: SECONDARY_PAGE_PRIOR,
  'not-found': SECONDARY_PAGE_PRIOR,
};

/** Every kind at the same prior `value`, guides at 1 (what the bench sweeps). */
export function uniformPriors(value: number): Readonly<Record<PageKind, number>> {
  return Object.fromEntries(Object.keys(PAGE_KIND_PRIORS).map((kind) => [kind, kind === 'guide' ? 1 : value])) as Record<PageKind, number>;
}
