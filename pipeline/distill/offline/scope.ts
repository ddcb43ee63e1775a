/**
 * What readers ask about, and what they do not: the pages and headings that the glossary and
 * the suggested questions leave out.
 *
 * - Off-topic pages: change logs, release notes, tag, author and 404 pages (their page kind,
 *   content/page-kind.ts), licences and codes of conduct. They describe the project's history,
 *   list, or state legal terms, not how to use it; their definitions and headings ("Note on
 *   deprecated plugins", "What's new?") are not the docs' vocabulary.
 * - News pages: blog and news posts (their page kind). Their words belong to their day and their headings announce
 *   rather than answer, so neither definitions nor questions come from them.
 * - Generic headings: "What's next?", "Next steps", "Overview", "Introduction", "Summary" and
 *   the like name no thing of the docs.
 */
import type { Page, PageKind, Section } from '../../types.ts';

/** Page kinds (content/page-kind.ts) of the project's history and of pages that only list or fail. */
const OFF_TOPIC_KINDS: ReadonlySet<PageKind> = new Set(['changelog', 'release-notes', 'not-found', 'tag', 'author']);
/** Page kinds of posts. */
const NEWS_KINDS: ReadonlySet<PageKind> = new Set(['blog', 'news']);
/** Legal pages, which no page kind names. */
const LEGAL_SLUG = /(?:^|\/)(?:licen[cs]e|licen[cs]e-?info|code-of-conduct)(?:\/|$)/i;
const LEGAL_TITLE = /^(?:licen[cs]e|licen[cs]ing|code of conduct)$/i;

/** Where a section stands: what readers ask about, or a page they do not. */
export interface Scope {
  /** True for a section of a change log, release notes, a tag, author or 404 page, a licence or a code of conduct. */
  readonly offTopic: (section: Pick<Section, 'pageSlug' | 'title'>) => boolean;
  /** True for a blog or news post. */
  readonly news: (section: Pick<Section, 'pageSlug'>) => boolean;
  /** Neither: a section readers ask about. */
  readonly inScope: (section: Pick<Section, 'pageSlug' | 'title'>) => boolean;
}

/** The scope of a corpus's sections, by the kinds of their pages. */
export function scopeOf(pages: readonly Pick<Page, 'slug' | 'kind'>[]): Scope {
  const kinds = new Map(pages.map((page) => [page.slug, page.kind]));
  const kindOf = (slug: string): PageKind => kinds.get(slug) ?? 'guide';
  const offTopic = (section: Pick<Section, 'pageSlug' | 'title'>): boolean =>
    OFF_TOPIC_KINDS.has(kindOf(section.pageSlug)) || LEGAL_SLUG.test(section.pageSlug) || LEGAL_TITLE.test(section.title.trim());
  const news = (section: Pick<Section, 'pageSlug'>): boolean => NEWS_KINDS.has(kindOf(section.pageSlug));
  return { offTopic, news, inScope: (section) => !offTopic(section) && !news(section) };
}

const GENERIC = new Set(
  (
    "what's next|whats next|what is next|next steps|next step|where to go next|what's new|whats new|what now|" +
    'overview|introduction|intro|summary|conclusion|conclusions|wrapping up|wrap-up|recap|see also|related|' +
    'related pages|related topics|learn more|further reading|more resources|resources|references|feedback|' +
    'getting help|need help|help|support|contributing|acknowledgements|acknowledgments|credits|thanks|' +
    'table of contents|contents|tl;dr|tldr|faq|faqs|prerequisites|requirements|before you begin|example|' +
    'examples|usage|notes|note|index|home|welcome|about|community|license|changelog'
  ).split('|'),
);

/** True for a heading that names nothing of the docs ("What's next?", "Overview", "Summary"). */
export function isGenericHeading(heading: string): boolean {
  const text = heading
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[?.!:\s]+$/, '')
    .trim();
  return GENERIC.has(text);
}
