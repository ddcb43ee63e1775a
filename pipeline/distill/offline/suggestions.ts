/**
 * The suggestions pass: 6-12 questions the docs answer, chosen deterministically.
 *
 * - "What is a <term>?" for up to `MAX_DEFINITIONS` glossary terms, the terms
 *   mentioned by the most sections first (ties by term), one per group before
 *   a second from any group;
 * - "How do I <heading>?" for task-like headings and page titles (two or more
 *   words, starting with an imperative verb: "Generate a token" -> "How do I
 *   generate a token?"; a verb that is often a noun, like "Use" or "Search",
 *   only when an object word follows: "Use the CLI", "Set up"), and headings
 *   that already are questions, taken round-robin
 *   over the groups (in name order; pages without a group last), page titles
 *   and `##` headings before `###`;
 * - interleaved (one definition question after every two task questions),
 *   `TARGET` in all; when fewer than `MIN` come out, "What does <page title>
 *   cover?" for pages round-robin over the groups.
 */
import type { CorpusInput, GlossaryEntry, Section } from '../../types.ts';
import { conceptKey } from './definitions.ts';
import { compareStrings, lowerFirst, occursAsWords, singular, words } from './text.ts';

export const TARGET = 10;
export const MIN = 6;
const MAX_DEFINITIONS = 4;
const MAX_QUESTION = 90;

/** Imperative verbs that are rarely nouns: "Install ask" is a task. */
const TASK_VERBS = new Set(
  (
    'add allow apply approve authenticate authorize cancel choose clone configure connect create customize debug ' +
    'define delete deploy disable download edit embed enable expose find fix generate get give grant handle install ' +
    'invite manage migrate mount open pin protect publish register remove rename render reset restore restrict retry ' +
    'revoke rotate schedule secure serve sign start stop subscribe troubleshoot uninstall unsubscribe upload validate verify'
  ).split(' '),
);
/** Verbs that are often nouns ("Search ranking", "Use cases"): a task only when an object word follows. */
const NOUNISH_VERBS = new Set(
  (
    'back build call change check copy export filter forward import limit list log move pass point query read receive ' +
    'run search send set share stream switch test track trigger turn update upgrade use view watch write'
  ).split(' '),
);
/** Words that, second in a heading, show the first is a verb ("Set up", "Use the CLI", "Log in"). */
const OBJECT_STARTERS = new Set(
  'a an the your our this these that it its up in out on off with to for from into down over back all more new one multiple'.split(' '),
);
const QUESTION_START = /^(?:how|what|why|when|where|which|who|can|do|does|is|are|should|will)\b/i;

/** "How do I generate a token?" for a task heading, the heading itself when it is a question, else null. */
export function taskQuestion(heading: string): string | null {
  const text = heading.trim().replace(/[.:!]+$/, '');
  if (text.endsWith('?')) return QUESTION_START.test(text) && text.length <= MAX_QUESTION ? text : null;
  const [first = '', second = ''] = text.toLowerCase().split(/\s+/);
  const task = TASK_VERBS.has(first) || (NOUNISH_VERBS.has(first) && OBJECT_STARTERS.has(second));
  if (!task || second === '') return null;
  const question = `How do I ${lowerFirst(text)}?`;
  return question.length <= MAX_QUESTION ? question : null;
}

/** "What is a workspace agent?" / "What is an API key?" / "What is MCP?" / "What does agent-primary mean?". */
export function definitionQuestion(term: string): string {
  if (/^[\w]+(?:[-_][\w]+)+$/.test(term) && !/\s/.test(term)) return `What does ${term} mean?`;
  if (/^[A-Z]/.test(term)) return `What is ${term}?`;
  const article = /^(?:one|uni|use|eu)/i.test(term) || !/^[aeiou]/i.test(term) ? 'a' : 'an';
  return `What is ${article} ${term}?`;
}

/** Group names in a stable order: by name, the ungrouped (`''`) last. */
function groupOrder(groups: Iterable<string>): string[] {
  return [...new Set(groups)].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : compareStrings(a, b)));
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

/** Glossary terms ranked by how many sections mention them, each with the group it belongs to. */
function rankedTerms(sections: readonly Section[], glossary: readonly GlossaryEntry[]): { group: string; item: string }[] {
  const lowered = sections.map((section) => `${section.heading ?? section.title}\n${section.text}`.toLowerCase());
  // which sections hold each word: a name is only looked for where all its words are
  const holders = new Map<string, number[]>();
  lowered.forEach((text, at) => {
    for (const word of new Set(text.split(/[^a-z0-9]+/))) {
      if (word === '') continue;
      const list = holders.get(word) ?? [];
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
    return { term: entry.term, mentions: mentions.size, group: home?.group ?? '' };
  });
  ranked.sort((a, b) => b.mentions - a.mentions || compareStrings(a.term, b.term));
  const picked: { group: string; item: string }[] = [];
  const usedGroups = new Set<string>();
  for (const pass of [0, 1]) {
    for (const entry of ranked) {
      if (picked.length >= MAX_DEFINITIONS) break;
      if (picked.some((p) => p.item === entry.term) || (pass === 0 && usedGroups.has(entry.group))) continue;
      picked.push({ group: entry.group, item: entry.term });
      usedGroups.add(entry.group);
    }
  }
  return picked;
}

/** Task questions from headings and page titles, `##`-level first, round-robin over groups. */
function taskQuestions(sections: readonly Section[]): string[] {
  const candidates = sections
    .map((section, order) => ({ section, order, question: taskQuestion(section.heading ?? section.title) }))
    .filter((entry): entry is { section: Section; order: number; question: string } => entry.question !== null)
    .sort((a, b) => (a.section.depth === 3 ? 1 : 0) - (b.section.depth === 3 ? 1 : 0) || a.order - b.order);
  return roundRobin(candidates.map((entry) => ({ group: entry.section.group ?? '', item: entry.question })));
}

/** Questions that differ only in case, articles or plurals are one question. */
function questionKey(question: string): string {
  return words(question)
    .filter((word) => word !== 'a' && word !== 'an' && word !== 'the')
    .map(singular)
    .join(' ');
}

/** The suggested questions of a corpus. */
export function suggest(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): string[] {
  const definitions = rankedTerms(corpus.sections, glossary).map((entry) => definitionQuestion(entry.item));
  const tasks = taskQuestions(corpus.sections);
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
    const pages = roundRobin(corpus.pages.map((page) => ({ group: page.group ?? '', item: page.title })));
    for (const title of pages) if (out.length < MIN) push(`What does ${title} cover?`);
  }
  return out;
}
