/**
 * The context pass: a short prose orientation of the corpus, in Markdown,
 * built only from page titles, descriptions and groups, the section nodes'
 * terms and modes, and the glossary:
 * 1. the size of the docs and their groups with page counts;
 * 2. one paragraph per group (in order of first appearance): its pages'
 *    titles, the first page description, and its main topics (the terms
 *    shared by the most section nodes of the group, where their text uses them);
 * 3. the key terms of the glossary (the first `MAX_KEY_TERMS`, with aliases);
 * 4. how much of the docs is reference material (`source-primary`).
 */
import type { CorpusInput, GlossaryEntry, Page } from '../../types.ts';
import { STOPWORDS } from './lexicon.ts';
import { clipWords, endSentence, occursAsWords, squash, upperFirst } from './text.ts';
import { OTHER_PAGES } from '../../format/group-labels.ts';
import { compareCodeUnits } from '../../text/compare.ts';
import { counted as count } from '../../text/counted.ts';

const MAX_TITLES = 6;
const MAX_TOPICS = 6;
const MAX_KEY_TERMS = 20;

/** "getting-started" -> "Getting started". */
export function groupLabel(group: string | null): string {
  if (group === null || group === '') return OTHER_PAGES;
  return upperFirst(group.replace(/[-_]+/g, ' ').trim());
}

/** "a, b and c", or "a, b, c and 4 more" past `max`. */
function listOf(items: readonly string[], max: number): string {
  const shown = items.slice(0, max);
  const rest = items.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1] ?? ''}`;
}

/** Pages by group, groups in order of first appearance. */
function pagesByGroup(pages: readonly Page[]): Map<string | null, Page[]> {
  const groups = new Map<string | null, Page[]>();
  for (const page of pages) {
    const list = groups.get(page.group) ?? [];
    list.push(page);
    groups.set(page.group, list);
  }
  return groups;
}

/**
 * Terms shared by the most nodes of a group (at least two, when the group has
 * two or more nodes), counting a term only where the section's own text uses
 * it (thesaurus synonyms are search aids, not topics).
 */
function mainTopics(corpus: CorpusInput, group: string | null, titles: ReadonlySet<string>): string[] {
  const texts = new Map(corpus.sections.filter((section) => section.group === group).map((section) => [section.id, section]));
  const nodes = corpus.nodes.filter((node) => node.group === group);
  const counts = new Map<string, number>();
  for (const node of nodes) {
    const section = texts.get(node.id);
    const text = section === undefined ? '' : `${section.heading ?? ''}\n${section.text}`.toLowerCase();
    for (const term of new Set(node.terms)) {
      if (term.length < 3 || STOPWORDS.has(term) || titles.has(term) || !occursAsWords(text, term)) continue;
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
  }
  const floor = nodes.length >= 2 ? 2 : 1;
  return [...counts.entries()]
    .filter(([, n]) => n >= floor)
    .sort((a, b) => b[1] - a[1] || compareCodeUnits(a[0], b[0]))
    .slice(0, MAX_TOPICS)
    .map(([term]) => term);
}

function groupParagraph(corpus: CorpusInput, group: string | null, pages: readonly Page[]): string {
  const titles = pages.map((page) => page.title);
  const titleWords = new Set(titles.map((title) => title.toLowerCase()));
  const parts = [`**${groupLabel(group)}** (${count(pages.length, 'page')}): ${listOf(titles, MAX_TITLES)}.`];
  const described = pages.find((page) => page.description !== null && page.description.trim() !== '');
  if (described?.description) parts.push(`${described.title}: ${endSentence(clipWords(squash(described.description), 200))}`);
  const topics = mainTopics(corpus, group, titleWords);
  if (topics.length > 0) parts.push(`Main topics: ${listOf(topics, MAX_TOPICS)}.`);
  return parts.join(' ');
}

function keyTerms(glossary: readonly GlossaryEntry[]): string {
  const names = glossary.map((entry) => (entry.aliases.length > 0 ? `${entry.term} (${entry.aliases.join(', ')})` : entry.term));
  return `Key terms defined in the glossary: ${listOf(names, MAX_KEY_TERMS)}.`;
}

/** The context text of a corpus. */
export function writeContextText(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): string {
  const groups = pagesByGroup(corpus.pages);
  const named = [...groups.entries()].map(([group, pages]) => `${groupLabel(group)} (${pages.length})`);
  const paragraphs: string[] = [];
  paragraphs.push(
    `These docs have ${count(corpus.pages.length, 'page')} and ${count(corpus.sections.length, 'section')}` +
      (groups.size > 0 ? `, in ${count(groups.size, 'group')}: ${listOf(named, named.length)}.` : '.'),
  );
  for (const [group, pages] of groups) paragraphs.push(groupParagraph(corpus, group, pages));
  if (glossary.length > 0) paragraphs.push(keyTerms(glossary));
  const reference = corpus.nodes.filter((node) => node.mode === 'source-primary').length;
  if (reference > 0) {
    paragraphs.push(
      `${count(reference, 'section')} of ${corpus.nodes.length} ${reference === 1 ? 'is' : 'are'} reference material ` +
        '(tables, option lists or code), marked `source-primary`: quote their facts or read their source for exact values.',
    );
  }
  return `${paragraphs.join('\n\n')}\n`;
}
