/**
 * The summary of a section: 1-3 whole sentences, at most `MAX_SUMMARY` characters, each of
 * which passes the sentence check (`pipeline/text/sentence-check.ts`).
 *
 * 1. Prose first: the first sentence of each paragraph (top level, or inside a blockquote, a
 *    container or an MDX component; never lists, tables or code), then the second sentences,
 *    and so on, each taken when it fits, printed in document order.
 *    - A lead-in (the sentence that closes a paragraph and introduces the list, table or code
 *      block after it) is completed from that block or left out (`lead-ins.ts`).
 *    - A sentence that is not a clause ("Input.", "Added in: v2.") or ends cut ("... with.") is
 *      left out.
 *    - A sentence that points back ("It ...", "This is ...", "Then, ...") is taken only right
 *      after the sentence before it in its paragraph; else a connective that can go ("Then,",
 *      "Also,", "However,") is removed, and a pronoun leaves the sentence out.
 *    - A sentence longer than the limit is taken only when nothing else fits: cut at a word
 *      boundary, before any function word, and marked with `…`.
 * 2. No paragraphs but a prose list: the sentences of its items, by the same rules.
 * 3. Prose shorter than `SHORT_PROSE`, or none: followed by (or replaced with) the structural
 *    description (`structure-summary.ts`).
 * 4. A summary that still fails the sentence check is replaced by the structural description,
 *    and a section with no body gets the page description, its sub-headings, or a line that
 *    says it has no text.
 */
import type { Nodes, RootContent } from 'mdast';
import type { Page, Section } from '../../types.ts';
import { clauseProblem, endingProblem, hasFiniteVerb, openerProblem, opensImperative, sentenceProblems } from '../../text/sentence-check.ts';
import { BASE_VERBS, DETERMINERS, PREPOSITIONS, SUBJECT_PRONOUNS } from '../../text/word-classes.ts';
import { blockAfter, isLeadIn, resolveLeadIn, type LedBlock } from './lead-ins.ts';
import { walkAll } from './parse.ts';
import { describeBare, describeStructure } from './structure-summary.ts';
import { clipSentences, clipWords, endSentence, plainText, proseOf, sentences, squash, upperFirst } from './text.ts';

export const MAX_SUMMARY = 320;
const MAX_SENTENCES = 3;
/** Prose shorter than this ("Set these variables.") is followed by the structural description. */
const SHORT_PROSE = 100;

/** A paragraph's text and the list, table or code block right after it. */
interface Paragraph {
  readonly text: string;
  readonly block: LedBlock | null;
}

/** Prose paragraphs of the body, outside lists, tables and code. */
function paragraphs(body: readonly RootContent[]): Paragraph[] {
  const found: Paragraph[] = [];
  walkAll(body, (node, parent, index) => {
    if (node.type === 'list' || node.type === 'table' || node.type === 'code' || node.type === 'heading') return false;
    if (node.type === 'paragraph') {
      const text = proseOf(node);
      const siblings: readonly Nodes[] = parent ? parent.children : body;
      if (/[A-Za-z]{2}/.test(text)) found.push({ text, block: blockAfter(siblings, index) });
      return false;
    }
    return true;
  });
  return found;
}

/**
 * A sentence that may go into a summary; `completes`: the block a completed lead-in names;
 * `weak`: a lead-in that names a block it does not show, taken only when nothing else is.
 */
interface Usable {
  readonly text: string;
  readonly completes: LedBlock | null;
  readonly weak: boolean;
}

/** A paragraph's sentences by position, with its lead-in completed or dropped; a sentence that cannot stand is `undefined`. */
function usableSentences({ text, block }: Paragraph): (Usable | undefined)[] {
  const list = sentences(text);
  const last = list[list.length - 1];
  const resolved = last !== undefined && isLeadIn(last, block) ? resolveLeadIn(last, block) : undefined;
  if (resolved !== undefined) list[list.length - 1] = resolved?.text ?? '';
  return list.map((sentence, index) => {
    const whole = endSentence(sentence);
    if (whole.length === 0 || endingProblem(whole) !== null || clauseProblem(whole) !== null) return undefined;
    const leadIn = resolved && index === list.length - 1 ? resolved : null;
    return { text: whole, completes: leadIn && !leadIn.weak ? block : null, weak: leadIn?.weak ?? false };
  });
}

/** Connectives a sentence reads the same without ("Then, run ...", "Also, you can ..."). */
const DROPPABLE_CONNECTIVE =
  /^(?:(?:also|then|however|additionally|furthermore|moreover|finally|lastly|similarly|likewise|alternatively|therefore|thus|hence|consequently|and|but)\b,?|(?:next|now|so|besides|plus|of course|in addition),)\s+/i;
/** Words that may open a sentence once capitalised: a verb, an article, a pronoun or a preposition. */
const OPENING_WORDS: ReadonlySet<string> = new Set([...BASE_VERBS, ...DETERMINERS, ...SUBJECT_PRONOUNS, ...PREPOSITIONS, 'there', 'if', 'when', 'once']);

/** The sentence without its opening connective, or null when it has none or what is left cannot open a sentence. */
function withoutConnective(sentence: string): string | null {
  const match = DROPPABLE_CONNECTIVE.exec(sentence);
  if (!match) return null;
  const rest = sentence.slice(match[0].length);
  if (/^[A-Z]/.test(rest)) return rest;
  const [first = '', second = ''] = rest.toLowerCase().split(/[\s,]+/);
  return OPENING_WORDS.has(first) || opensImperative(first, second) ? upperFirst(rest) : null;
}

/** The sentence as it may open a summary (or follow a sentence it does not continue), or null. */
function standingAlone(sentence: string): string | null {
  if (openerProblem(sentence) === null) return sentence;
  const stripped = withoutConnective(sentence);
  return stripped !== null && openerProblem(stripped) === null ? stripped : null;
}

/** A sentence cut at a word boundary before the limit, with no function word before the `…`; empty when nothing is left. */
function clipLong(sentence: string): string {
  let clipped = clipWords(sentence, MAX_SUMMARY);
  while (endingProblem(clipped) !== null) {
    const words = clipped.slice(0, -1).split(' ');
    words.pop();
    if (words.length === 0) return '';
    clipped = `${words.join(' ').replace(/[\s,;:(\-–—]+$/, '')}…`;
  }
  return clipped;
}

/** Prose picked for a summary, and the blocks its completed lead-ins already name. */
interface Prose {
  readonly text: string;
  readonly named: ReadonlySet<Nodes>;
}

/** Picks first sentences of paragraphs, then second sentences, ..., while they fit; document order. Weak lead-ins only when nothing else is. */
function summarizeParagraphs(paras: readonly Paragraph[]): Prose {
  const usable = paras.map(usableSentences);
  const strong = pickSentences(usable.map((list) => list.map((one) => (one?.weak ? undefined : one))));
  return strong.text === '' ? pickSentences(usable) : strong;
}

/** Picks first sentences of the lists, then second sentences, ..., while they fit; document order. */
function pickSentences(split: readonly (readonly (Usable | undefined)[])[]): Prose {
  const picked: { para: number; index: number; text: string }[] = [];
  const named = new Set<Nodes>();
  const taken = new Set<string>();
  let length = 0;
  let tooLong: string | undefined;
  const deepest = Math.max(0, ...split.map((list) => list.length));
  outer: for (let index = 0; index < deepest; index += 1) {
    for (let para = 0; para < split.length; para += 1) {
      const usable = split[para]?.[index];
      if (usable === undefined) continue;
      const text = index > 0 && taken.has(`${para}:${index - 1}`) ? usable.text : standingAlone(usable.text);
      if (text === null) continue;
      if (text.length > MAX_SUMMARY) {
        tooLong ??= text;
        continue;
      }
      if (picked.length >= MAX_SENTENCES) break outer;
      const added = length === 0 ? text.length : length + 1 + text.length;
      // a sentence that does not fit leaves room for a shorter one after it
      if (added > MAX_SUMMARY) continue;
      picked.push({ para, index, text });
      taken.add(`${para}:${index}`);
      if (usable.completes) named.add(usable.completes);
      length = added;
    }
  }
  if (picked.length === 0) return { text: tooLong === undefined ? '' : clipLong(tooLong), named };
  picked.sort((a, b) => a.para - b.para || a.index - b.index);
  return { text: picked.map((p) => p.text).join(' '), named };
}

/** The sentences of a prose list's items, by the same rules as paragraphs. */
function summarizeItems(items: readonly Nodes[]): string {
  const paras = items.map((item) => ({ text: proseOf(item), block: null })).filter((item) => /[A-Za-z]{2}/.test(item.text));
  return summarizeParagraphs(paras).text;
}

/** A label, not a phrase: "Added in: v2", "Type: string". */
const LABEL = /^[^:]{1,30}:\s/;
/** A phrase longer than this is not quoted. */
const PHRASE_CHARS = 150;

/**
 * The first phrase of the body's paragraphs worth quoting, without its full stop: two words or
 * more with no verb ("SBOM supplier name") or too short to stand as a summary ("Manage
 * runtimes"), not a label ("Type: string") and not cut.
 */
function firstPhrase(paras: readonly Paragraph[]): string | null {
  for (const { text } of paras) {
    const phrase = (sentences(text)[0] ?? '').replace(/[.:;,]+$/, '');
    if (phrase.split(' ').length < 2 || phrase.length > PHRASE_CHARS || LABEL.test(phrase) || phrase.includes('"')) continue;
    const problems = sentenceProblems(`${phrase}.`);
    const quotable = !hasFiniteVerb(phrase) || (problems.length > 0 && problems.every((problem) => problem.startsWith('too-short')));
    if (quotable && endingProblem(`${phrase}.`) === null) return phrase;
  }
  return null;
}

/** The structural description of a section: what its body holds, else what stands for a body with no summary in it. */
export function describeSection(body: readonly RootContent[], section: Section, page: Page): string {
  const structure = clipSentences(describeStructure(body, section, () => '', new Set()), MAX_SUMMARY);
  if (structure) return structure;
  const subheadings = body.filter((node) => node.type === 'heading').map((node) => squash(plainText(node)));
  const paras = paragraphs(body);
  return describeBare(section, page, subheadings, firstPhrase(paras), paras.length > 0, MAX_SUMMARY);
}

/** The summary of a section from its body nodes. */
export function summarize(body: readonly RootContent[], section: Section, page: Page): string {
  const { text: prose, named } = summarizeParagraphs(paragraphs(body));
  const structure = prose.length >= SHORT_PROSE ? '' : describeStructure(body, section, summarizeItems, named);
  const summary = clipSentences(prose && structure ? `${prose} ${structure}` : prose || structure, MAX_SUMMARY);
  if (summary && sentenceProblems(summary).length === 0) return summary;
  return describeSection(body, section, page);
}
