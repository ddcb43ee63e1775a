/**
 * What readers ask about, and what they do not: the pages and headings that the glossary and
 * the suggested questions leave out.
 *
 * - Off-topic pages: change logs, release notes, licences, codes of conduct and the 404 page.
 *   They describe the project's history or legal terms, not how to use it; their definitions
 *   and headings ("Note on deprecated plugins", "What's new?") are not the docs' vocabulary.
 * - News pages: blog and news posts. Their words belong to their day and their headings announce
 *   rather than answer, so neither definitions nor questions come from them.
 * - Generic headings: "What's next?", "Next steps", "Overview", "Introduction", "Summary" and
 *   the like name no thing of the docs.
 */
import type { Section } from '../../types.ts';

const OFF_TOPIC_SLUG =
  /(?:^|\/)(?:change-?log|changes|release-?notes|releases|licen[cs]e|licen[cs]e-?info|code-of-conduct|404|not-found)(?:\/|$)/i;
const OFF_TOPIC_TITLE =
  /^(?:change ?log|changes|release notes|releases|what'?s new|licen[cs]e|licen[cs]ing|code of conduct|404|(?:page )?not found|404 page)$/i;
const NEWS_SLUG = /(?:^|\/)(?:blog|news|posts|announcements)(?:\/|$)/i;

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

/** True for a section of a change log, release notes, a licence, a code of conduct or the 404 page. */
export function isOffTopicPage(section: Pick<Section, 'pageSlug' | 'title'>): boolean {
  return OFF_TOPIC_SLUG.test(section.pageSlug) || OFF_TOPIC_TITLE.test(section.title.trim());
}

/** True for a blog or news post. */
export function isNewsPage(section: Pick<Section, 'pageSlug'>): boolean {
  return NEWS_SLUG.test(section.pageSlug);
}

/** True for a heading that names nothing of the docs ("What's next?", "Overview", "Summary"). */
export function isGenericHeading(heading: string): boolean {
  const text = heading
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[?.!:\s]+$/, '')
    .trim();
  return GENERIC.has(text);
}
