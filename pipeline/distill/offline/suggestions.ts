/**
 * The suggestions pass: up to 10 questions the docs answer, chosen deterministically, asked the way
 * a reader would ask them.
 *
 * - Only sections a reader asks about: no change log, release notes, licence or 404 page
 *   (scope.ts), no blog or news post, no generic heading ("What's next?", "Overview").
 * - "What is ...?" for glossary terms: terms whose definition opens with the term first, then
 *   terms of labels, then terms the docs only spell out ("SBOM is short for ..."), each by how
 *   many sections mention them (ties by term), one per group before a second from any group;
 *   none defined only in a blog post. The article is the one the docs use: the
 *   one their definition opens with ("A lane is" -> "What is a lane?", "The sidebar is" ->
 *   "What is the sidebar?", "Hono is" -> "What is Hono?"), else "a"/"an" when their prose uses
 *   the term with one (not just with "the"), "the" before a compound used only with it, else
 *   none ("What is navigation?"); "What are ...?" for a term defined or written in the plural
 *   ("What are blogs?", never "What is options?"); "What does X mean?" for hyphenated code-like
 *   terms, "What does f() do?" for a function; an acronym the docs only spell out is asked as
 *   an acronym ("What is FUSE?").
 * - Task questions (tasks.ts) from headings and page titles, taken round-robin over the
 *   groups (in name order; pages without a group last), page titles and `##` headings before
 *   `###`.
 * - Each question carries the section it was asked about: the one that states the definition
 *   (else the term's own heading, else its first mention), the heading's, the page's intro.
 * - Interleaved, one definition question after every two task questions, `TARGET` in all; up
 *   to `MAX_DEFINITIONS` definition questions, more when the task questions run out. When fewer
 *   than `MIN` come out, "What does <page title> cover?" for pages round-robin over the groups.
 */
import type { CorpusInput, GlossaryEntry, Section, SuggestedQuestion } from '../../types.ts';
import { conceptKey } from './definitions.ts';
import { isGenericHeading, scopeOf, type Scope } from './scope.ts';
import { MAX_QUESTION, taskPhrases, taskQuestion, type UsageLookup } from './tasks.ts';
import { mentionIndex } from './mentions.ts';
import { singular, squash, words } from './text.ts';
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
  if (seen.afterA > 0 && 4 * seen.afterA >= seen.afterThe) return indefinite(term);
  // a compound the docs only ever use with "the" names one thing of the site ("the project root")
  return /\s/.test(term) && seen.afterA === 0 && seen.afterThe >= 2 ? 'the' : '';
}

/** Words that end in "s" and are not plurals. */
const NOT_PLURAL = new Set(['news', 'series', 'species', 'lens', 'always', 'towards', 'kubernetes', 'windows', 'pnpm']);

/** True for a common noun phrase written in the plural ("options", "pre-request scripts"): asked with "are". */
function isPluralTerm(term: string): boolean {
  const last = /([A-Za-z]+)$/.exec(term)?.[1] ?? '';
  if (/^[A-Z]/.test(term) || /[A-Z]/.test(last) || NOT_PLURAL.has(last.toLowerCase())) return false;
  return last.length > 3 && singular(last) !== last;
}

/** "What is a workspace agent?", "What is Hono?", "What are blogs?", "What does agent-primary mean?". */
export function definitionQuestion(term: string, definition = '', aliases: readonly string[] = [], usage: UsageLookup = () => NO_USAGE): string {
  const call = [term, ...aliases].find((name) => /^[A-Za-z_$][\w$.]*\(\)$/.test(name));
  if (call !== undefined) return `What does ${call} do?`;
  if (/^[\w]+(?:[-_][\w]+)+$/.test(term) && !/\s/.test(term)) return `What does ${term} mean?`;
  // a function named in code: "toSSG is the main function ..." -> "What does toSSG do?"
  if (/^[a-z][a-z0-9]*[A-Z]\w*$/.test(term) && /\b(?:function|method|helper|hook)\b/i.test(definition)) return `What does ${term} do?`;
  // an acronym the docs only spell out is asked as readers meet it: "What is FUSE?"
  const short = /^(\S+) is short for /.exec(definition)?.[1];
  if (short !== undefined && aliases.includes(short)) {
    const article = articleFor(short, '', usage);
    return article === '' || article === 'the' ? `What is ${short}?` : `What is ${article} ${short}?`;
  }
  const plural = pluralOpening(term, definition);
  if (plural !== null) return `What are ${plural}?`;
  if (isPluralTerm(term)) return `What are ${term}?`;
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

/** True when the definition opens with its own term ("A lane is ...", "Code blocks are ..."): the docs define it there. */
function opensWithTerm(entry: GlossaryEntry): boolean {
  const size = entry.term.split(/\s+/).length;
  const opening = entry.definition.replace(/^(?:a|an|the)\s+/i, '').split(/\s+/).slice(0, size).join(' ');
  return conceptKey(opening) === conceptKey(entry.term);
}

/** The first section that states the definition word for word: where "What is ...?" is answered. */
function definingSection(entry: GlossaryEntry, sections: readonly Section[]): Section | undefined {
  const probe = squash(entry.definition).replace(/[.:…]+$/, '').slice(0, 60);
  return sections.find((section) => squash(section.text).includes(probe));
}

/** True when the docs state the definition only in a blog or news post: its heading or page says nothing readers ask about. */
function definedInNews(entry: GlossaryEntry, sections: readonly Section[], scope: Scope): boolean {
  const home = definingSection(entry, sections);
  return home !== undefined && scope.news(home);
}

/** A glossary term to ask about, and the section that answers the question. */
interface AskedTerm {
  readonly entry: GlossaryEntry;
  readonly section: Section | undefined;
}

/**
 * Glossary entries in the order questions are asked about them: terms the docs define in a
 * sentence of their own ("A lane is ...") before terms of labels, terms the docs only spell out
 * ("HTML is short for ...") last; within each, by how many sections mention them, then by term;
 * one per group before a second from any group, at most `limit`. Terms defined only in blog
 * posts, and terms no section mentions, are not asked about.
 */
function rankedTerms(inScope: readonly Section[], all: readonly Section[], scope: Scope, glossary: readonly GlossaryEntry[], limit: number): AskedTerm[] {
  const mentioning = mentionIndex(inScope, glossary.flatMap((entry) => [entry.term, ...entry.aliases]));
  const homeByKey = new Map<string, Section>();
  for (const section of inScope) {
    const key = conceptKey(section.heading ?? section.title);
    if (!homeByKey.has(key)) homeByKey.set(key, section);
  }
  const ranked = glossary
    .filter((entry) => !definedInNews(entry, all, scope))
    .map((entry) => {
      const names = [entry.term, ...entry.aliases].map((name) => name.toLowerCase());
      const mentions = new Set(names.flatMap(mentioning));
      const first = Math.min(...mentions);
      const home = homeByKey.get(conceptKey(entry.term)) ?? (Number.isFinite(first) ? inScope[first] : undefined);
      const tier = /^\S+ is short for /.test(entry.definition) ? 2 : opensWithTerm(entry) ? 0 : 1;
      return { entry, mentions: mentions.size, home, group: home?.group ?? '', tier };
    });
  ranked.sort((a, b) => a.tier - b.tier || b.mentions - a.mentions || compareCodeUnits(a.entry.term, b.entry.term));
  const picked: (typeof ranked)[number][] = [];
  const usedGroups = new Set<string>();
  for (const pass of [0, 1]) {
    for (const candidate of ranked) {
      if (picked.length >= limit) break;
      if (candidate.mentions === 0 || picked.includes(candidate) || (pass === 0 && usedGroups.has(candidate.group))) continue;
      picked.push(candidate);
      usedGroups.add(candidate.group);
    }
  }
  // the question lands where the docs state the definition (the glossary entry came from there), else on the term's own heading or first mention
  return picked.map(({ entry, home }) => ({ entry, section: definingSection(entry, inScope) ?? home }));
}

/** A heading or page title that may make a task question, with its section. */
interface TaskHeading {
  readonly heading: string;
  readonly section: Section;
}

/** Headings and page titles that may make task questions, `##`-level first, round-robin over groups, at most `limit`. */
function taskHeadings(sections: readonly Section[], limit: number): TaskHeading[] {
  const candidates = sections
    .map((section, order) => ({ section, order, heading: section.heading ?? section.title }))
    .filter((entry) => taskQuestion(entry.heading) !== null)
    .sort((a, b) => (a.section.depth === 3 ? 1 : 0) - (b.section.depth === 3 ? 1 : 0) || a.order - b.order);
  return roundRobin(candidates.map(({ section, heading }) => ({ group: section.group ?? '', item: { heading, section } }))).slice(0, limit);
}

/** Questions that differ only in case, articles or plurals are one question. */
function questionKey(question: string): string {
  return words(question)
    .filter((word) => word !== 'a' && word !== 'an' && word !== 'the')
    .map(singular)
    .join(' ');
}

/** The suggested questions of a corpus, each with the section it was asked about. */
export function suggest(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): SuggestedQuestion[] {
  const scope = scopeOf(corpus.pages);
  const sections = corpus.sections.filter(scope.inScope);
  const headings = taskHeadings(sections, 4 * TARGET);
  const terms = rankedTerms(sections, corpus.sections, scope, glossary, TARGET);
  const usages = usageOf(corpus.sections, [...terms.flatMap(({ entry }) => [entry.term, ...entry.aliases]), ...headings.flatMap(({ heading }) => taskPhrases(heading))]);
  const usage: UsageLookup = (phrase) => usages.get(phrase.toLowerCase()) ?? NO_USAGE;
  const asked = (question: string | null, section: Section | undefined): SuggestedQuestion | null => (question === null ? null : { question, section: section?.id ?? null });
  const tasks = headings.map(({ heading, section }) => asked(taskQuestion(heading, usage), section)).filter((question) => question !== null);
  const definitions = terms
    .slice(0, Math.max(MAX_DEFINITIONS, TARGET - tasks.length))
    .map(({ entry, section }) => asked(definitionQuestion(entry.term, entry.definition, entry.aliases, usage), section))
    .filter((question) => question !== null && question.question.length <= MAX_QUESTION);
  const out: SuggestedQuestion[] = [];
  const seen = new Set<string>();
  const push = (suggested: SuggestedQuestion | null | undefined): void => {
    if (suggested === null || suggested === undefined || out.length >= TARGET) return;
    const key = questionKey(suggested.question);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(suggested);
  };
  for (let i = 0; out.length < TARGET && (i < definitions.length || 2 * i < tasks.length); i += 1) {
    push(definitions[i]);
    push(tasks[2 * i]);
    push(tasks[2 * i + 1]);
  }
  if (out.length < MIN) {
    const pages = corpus.pages.filter((page) => scope.inScope({ ...page, pageSlug: page.slug }) && !isGenericHeading(page.title));
    for (const page of roundRobin(pages.map((page) => ({ group: page.group ?? '', item: page })))) {
      if (out.length >= MIN) break;
      const intro = corpus.sections.find((section) => section.pageSlug === page.slug);
      push({ question: `What does ${page.title} cover?`, section: intro?.id ?? null });
    }
  }
  return out;
}
