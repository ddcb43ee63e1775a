/**
 * The suggestions pass: up to 10 questions the docs answer, chosen deterministically, asked the way
 * a reader would ask them.
 *
 * - Only sections a reader asks about: no change log, release notes, licence or 404 page
 *   (scope.ts), no blog or news post, no generic heading ("What's next?", "Overview").
 * - "What is ...?" for glossary terms, the terms mentioned by the most sections first (ties by
 *   term; terms the docs only spell out, "HTML is short for ...", after the ones they define),
 *   one per group before a second from any group. The article is the one the docs use: the
 *   one their definition opens with ("A lane is" -> "What is a lane?", "The sidebar is" ->
 *   "What is the sidebar?", "Hono is" -> "What is Hono?"), else "a"/"an" when their prose uses
 *   the term with one (not just with "the"), else none ("What is continuous integration?");
 *   "What are ...?" for a term defined in the plural ("What are blogs?"); "What does X mean?"
 *   for hyphenated code-like terms, "What does f() do?" for a function.
 * - Task questions (tasks.ts) from headings and page titles, taken round-robin over the
 *   groups (in name order; pages without a group last), page titles and `##` headings before
 *   `###`.
 * - Interleaved, one definition question after every two task questions, `TARGET` in all; up
 *   to `MAX_DEFINITIONS` definition questions, more when the task questions run out. When fewer
 *   than `MIN` come out, "What does <page title> cover?" for pages round-robin over the groups.
 */
import type { CorpusInput, GlossaryEntry, Section } from '../../types.ts';
import { conceptKey } from './definitions.ts';
import { isGenericHeading, isNewsPage, isOffTopicPage } from './scope.ts';
import { MAX_QUESTION, taskPhrases, taskQuestion, type UsageLookup } from './tasks.ts';
import { occursAsWords, singular, words } from './text.ts';
import { compareCodeUnits } from '../../text/compare.ts';
import { NO_USAGE, usageOf } from './usage.ts';

export { taskQuestion } from './tasks.ts';

export const TARGET = 10;
export const MIN = 6;
const MAX_DEFINITIONS = 4;

/** "a" or "an" before a word, by its sound as well as the rules allow ("an API", "a one-time", "a user"). */
function indefinite(term: string): 'a' | 'an' {
  if (/^[A-Z]{2}/.test(term)) return /^[AEFHILMNORSX]/.test(term) ? 'an' : 'a';
  return /^(?:one|uni|use|eu)/i.test(term) || !/^[aeiou]/i.test(term) ? 'a' : 'an';
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The plural the definition opens with when it defines the term in the plural ("Blogs are ..."), else null. */
function pluralOpening(term: string, definition: string): string | null {
  const subject = /^(?:The\s+)?(.{2,60}?)\s+are\s/i.exec(definition)?.[1];
  if (subject === undefined || subject.toLowerCase() === term.toLowerCase() || conceptKey(subject) !== conceptKey(term)) return null;
  return term === term.toLowerCase() ? subject.toLowerCase() : subject;
}

/** The article the docs put before a term: from how its definition opens, else from their prose. */
function articleFor(term: string, definition: string, usage: UsageLookup): 'a' | 'an' | 'the' | '' {
  const name = escape(term);
  if (new RegExp(`^an?\\s+${name}\\b`, 'i').test(definition)) return indefinite(term);
  if (new RegExp(`^${name}\\b`, 'i').test(definition)) return '';
  if (new RegExp(`^the\\s+${name}\\b`, 'i').test(definition)) return 'the';
  // a count noun is used with "a" too; "the navigation" alone says nothing ("What is navigation?")
  const seen = usage(term);
  return seen.afterA > 0 && 4 * seen.afterA >= seen.afterThe ? indefinite(term) : '';
}

/** "What is a workspace agent?", "What is Hono?", "What are blogs?", "What does agent-primary mean?". */
export function definitionQuestion(term: string, definition = '', aliases: readonly string[] = [], usage: UsageLookup = () => NO_USAGE): string {
  const call = [term, ...aliases].find((name) => /^[A-Za-z_$][\w$.]*\(\)$/.test(name));
  if (call !== undefined) return `What does ${call} do?`;
  if (/^[\w]+(?:[-_][\w]+)+$/.test(term) && !/\s/.test(term)) return `What does ${term} mean?`;
  const plural = pluralOpening(term, definition);
  if (plural !== null) return `What are ${plural}?`;
  if (definition === '') {
    if (/^[A-Z]/.test(term)) return `What is ${term}?`;
    return `What is ${indefinite(term)} ${term}?`;
  }
  const article = articleFor(term, definition, usage);
  return article === '' ? `What is ${term}?` : `What is ${article} ${term}?`;
}

/** Group names in a stable order: by name, the ungrouped (`''`) last. */
function groupOrder(groups: Iterable<string>): string[] {
  return [...new Set(groups)].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : compareCodeUnits(a, b)));
}

/** Takes items round-robin over their groups. */
function roundRobin<T>(items: readonly { group: string; item: T }[]): T[] {
  const queues = new Map<string, T[]>();
  for (const group of groupOrder(items.map((entry) => entry.group))) queues.set(group, []);
  for (const entry of items) queues.get(entry.group)?.push(entry.item);
  const out: T[] = [];
  for (let round = 0; out.length < items.length; round += 1) {
    for (const queue of queues.values()) {
      const item = queue[round];
      if (item !== undefined) out.push(item);
    }
  }
  return out;
}

/** Glossary entries ranked by how many sections mention them, one per group before a second from any group, at most `limit`. */
function rankedTerms(sections: readonly Section[], glossary: readonly GlossaryEntry[], limit: number): GlossaryEntry[] {
  const lowered = sections.map((section) => `${section.heading ?? section.title}\n${section.text}`.toLowerCase());
  // which sections hold each word of a name: a name is only looked for where all its words are
  const nameWords = new Set(glossary.flatMap((entry) => [entry.term, ...entry.aliases]).flatMap((name) => name.toLowerCase().split(/[^a-z0-9]+/)));
  const holders = new Map<string, number[]>();
  lowered.forEach((text, at) => {
    for (const word of text.split(/[^a-z0-9]+/)) {
      if (word === '' || !nameWords.has(word)) continue;
      const list = holders.get(word) ?? [];
      if (list[list.length - 1] === at) continue;
      list.push(at);
      holders.set(word, list);
    }
  });
  const mentioning = (name: string): number[] => {
    const nameWords = name.split(/[^a-z0-9]+/).filter((word) => word.length > 0);
    const lists = nameWords.map((word) => holders.get(word) ?? []).sort((a, b) => a.length - b.length);
    const [shortest, ...others] = lists;
    if (!shortest) return [];
    const sets = others.map((list) => new Set(list));
    return shortest.filter((at) => sets.every((set) => set.has(at)) && occursAsWords(lowered[at] ?? '', name));
  };
  const homeByKey = new Map<string, Section>();
  for (const section of sections) {
    const key = conceptKey(section.heading ?? section.title);
    if (!homeByKey.has(key)) homeByKey.set(key, section);
  }
  const ranked = glossary.map((entry) => {
    const names = [entry.term, ...entry.aliases].map((name) => name.toLowerCase());
    const mentions = new Set(names.flatMap(mentioning));
    const first = Math.min(...mentions);
    const home = homeByKey.get(conceptKey(entry.term)) ?? (Number.isFinite(first) ? sections[first] : undefined);
    return { entry, mentions: mentions.size, group: home?.group ?? '' };
  });
  // a term the docs only spell out ("HTML is short for ...") after the ones they define
  const spelled = (entry: GlossaryEntry): number => (/^\S+ is short for /.test(entry.definition) ? 1 : 0);
  ranked.sort((a, b) => spelled(a.entry) - spelled(b.entry) || b.mentions - a.mentions || compareCodeUnits(a.entry.term, b.entry.term));
  const picked: GlossaryEntry[] = [];
  const usedGroups = new Set<string>();
  for (const pass of [0, 1]) {
    for (const { entry, mentions, group } of ranked) {
      if (picked.length >= limit) break;
      if (mentions === 0 || picked.includes(entry) || (pass === 0 && usedGroups.has(group))) continue;
      picked.push(entry);
      usedGroups.add(group);
    }
  }
  return picked;
}

/** Headings and page titles that may make task questions, `##`-level first, round-robin over groups, at most `limit`. */
function taskHeadings(sections: readonly Section[], limit: number): string[] {
  const candidates = sections
    .map((section, order) => ({ section, order, heading: section.heading ?? section.title }))
    .filter((entry) => taskQuestion(entry.heading) !== null)
    .sort((a, b) => (a.section.depth === 3 ? 1 : 0) - (b.section.depth === 3 ? 1 : 0) || a.order - b.order);
  return roundRobin(candidates.map((entry) => ({ group: entry.section.group ?? '', item: entry.heading }))).slice(0, limit);
}

/** Questions that differ only in case, articles or plurals are one question. */
function questionKey(question: string): string {
  return words(question)
    .filter((word) => word !== 'a' && word !== 'an' && word !== 'the')
    .map(singular)
    .join(' ');
}

/** True for a section whose page and heading readers ask about. */
function inScope(section: Pick<Section, 'pageSlug' | 'title'>): boolean {
  return !isOffTopicPage(section) && !isNewsPage(section);
}

/** The suggested questions of a corpus. */
export function suggest(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): string[] {
  const sections = corpus.sections.filter(inScope);
  const headings = taskHeadings(sections, 4 * TARGET);
  const terms = rankedTerms(sections, glossary, TARGET);
  const usages = usageOf(corpus.sections, [...terms.map((entry) => entry.term), ...headings.flatMap(taskPhrases)]);
  const usage: UsageLookup = (phrase) => usages.get(phrase.toLowerCase()) ?? NO_USAGE;
  const tasks = headings.map((heading) => taskQuestion(heading, usage)).filter((question): question is string => question !== null);
  const definitions = terms
    .slice(0, Math.max(MAX_DEFINITIONS, TARGET - tasks.length))
    .map((entry) => definitionQuestion(entry.term, entry.definition, entry.aliases, usage))
    .filter((question) => question.length <= MAX_QUESTION);
  const out: string[] = [];
  const seen = new Set<string>();
  const push = (question: string | undefined): void => {
    const key = question === undefined ? '' : questionKey(question);
    if (question === undefined || out.length >= TARGET || seen.has(key)) return;
    seen.add(key);
    out.push(question);
  };
  for (let i = 0; out.length < TARGET && (i < definitions.length || 2 * i < tasks.length); i += 1) {
    push(definitions[i]);
    push(tasks[2 * i]);
    push(tasks[2 * i + 1]);
  }
  if (out.length < MIN) {
    const pages = corpus.pages.filter((page) => inScope({ ...page, pageSlug: page.slug }) && !isGenericHeading(page.title));
    for (const title of roundRobin(pages.map((page) => ({ group: page.group ?? '', item: page.title })))) {
      if (out.length < MIN) push(`What does ${title} cover?`);
    }
  }
  return out;
}
