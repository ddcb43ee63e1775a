/**
 * Lead-ins: the sentence that closes a paragraph and introduces the list, table or code block
 * after it ("Prettier supports:", "The signature is:", "You can write it like below."). Out of
 * its place it is cut ("... with support for."), so a summary never takes it as it is:
 *
 * - it is completed from what follows when that is short: a list's item labels or a table's
 *   first cells ("... with support for TypeScript, JSX, Vue and 2 more."), or a one-line command
 *   (a shell code block: "You can check the bin folder with pnpm bin -g."), with its pointer words ("as
 *   follows", "like below", "the following") left out;
 * - else, when it ends with a colon and is a whole sentence without it ("There are two ways to
 *   import a collection:"), it is that sentence;
 * - else it is left out.
 *
 * A sentence is a lead-in when it ends with a colon, or when a block follows it and it ends on
 * a pointer ("below", "this", "the following") or on a function word ("with", "such as"), or
 * names the block ("The object has the following methods.", "Follow these steps.").
 */
import type { Code, List, Nodes, Table } from 'mdast';
import { clauseProblem, endingProblem } from '../../text/sentence-check.ts';
import { BASE_VERBS, IRREGULAR_PAST } from '../../text/word-classes.ts';
import { isInert } from './parse.ts';
import { enumerate, shortNames } from './structure-names.ts';
import { lowerFirst } from './text.ts';

/** A block a lead-in introduces. */
export type LedBlock = List | Table | Code;

/** How many names a completed lead-in shows before "and N more". */
const SHOWN = 4;
/** A code line longer than this does not complete a sentence. */
const CODE_LINE = 80;

/** Words at the end of a sentence that point at what follows it. */
const POINTS_AHEAD = /\b(?:below|here|this|these|following|follows|so)[.:]?$/i;
/** Words anywhere in a sentence just before a block that name the block ("has the following methods", "follow these steps"). */
const NAMES_AHEAD = /\b(?:the following|these (?:steps|commands|options|settings|methods|fields|values|files|lines)|below)\b/i;
/** The pointer at the end of a lead-in, left out when it is completed. */
const POINTER_TAIL = new RegExp(
  String.raw`\s*,?\s*(?:(?:as |like )?(?:shown|described|listed|given|seen|outlined|explained|provided|detailed|displayed|illustrated|presented) below|` +
    String.raw`(?:like|as) (?:the )?(?:following|below|this|these|so)|as follows|the following|below|here)$`,
  'i',
);

/** Words after which a final base verb is a verb that lost its object ("to get:", "you can use:"), not a noun ("that group:"). */
const VERB_LEADS: ReadonlySet<string> = new Set('to can will would should must may might you we they i and or simply just then also'.split(' '));

/** Verbs that introduce a list wherever they end a lead-in ("Examples include:"). */
const LIST_VERBS: ReadonlySet<string> = new Set('include includes contain contains'.split(' '));

/** Containers whose first block may be the block a lead-in introduces (`<Tabs>`, `::: code-group`, a blockquote). */
const CONTAINERS = new Set(['mdxJsxFlowElement', 'containerDirective', 'blockquote']);

/** The list, table or code block right after `siblings[index]` (looking into a container's first block), or null. */
export function blockAfter(siblings: readonly Nodes[], index: number): LedBlock | null {
  let next = siblings.slice(index + 1).find((node) => !isInert(node));
  while (next) {
    if (next.type === 'list' || next.type === 'table' || next.type === 'code') return next;
    if (!CONTAINERS.has(next.type) || !('children' in next)) return null;
    const children: readonly Nodes[] = next.children;
    next = children.find((node) => !isInert(node));
  }
  return null;
}

/** True when `sentence` (as written, before its end is normalised) leads into the block after it. */
export function isLeadIn(sentence: string, block: LedBlock | null): boolean {
  if (sentence.endsWith(':')) return true;
  if (block === null) return false;
  return POINTS_AHEAD.test(sentence) || NAMES_AHEAD.test(sentence) || endingProblem(sentence.replace(/[.:]?$/, '.'), true) !== null;
}

/**
 * A lead-in that is a whole sentence without its colon ("There are two ways to import a
 * collection:", "The object has the following methods.") read as that sentence, or null (it
 * ends on a pointer, a function word or a verb that lost its object).
 */
function asSentence(sentence: string): string | null {
  if (POINTS_AHEAD.test(sentence) || (!sentence.endsWith(':') && !NAMES_AHEAD.test(sentence))) return null;
  const whole = `${sentence.replace(/[:.]+$/, '').trimEnd()}.`;
  const [, before = '', last = ''] = /(?:^|\s)([a-z]+) ([a-z]+)\.$/.exec(whole) ?? [];
  // "... simply run mkdocs serve to get:" has lost its object
  if (((BASE_VERBS.has(last) || IRREGULAR_PAST.has(last)) && VERB_LEADS.has(before)) || LIST_VERBS.has(last)) return null;
  return endingProblem(whole, true) === null && clauseProblem(whole) === null ? whole : null;
}

/** A name in the middle of a sentence: "Live feeds" -> "live feeds" after "such as"; one-word names and proper names keep their case. */
function inSentence(name: string): string {
  return /^[A-Z][a-z]+ [a-z]/.test(name) ? lowerFirst(name) : name;
}

/** Languages of a command line; a block of another language (Markdown, HTML, a config) shows syntax, which reads as markup in plain text. */
const COMMAND_LANGUAGES = new Set(['', 'sh', 'bash', 'shell', 'zsh', 'console', 'shellsession', 'powershell', 'ps1', 'cmd', 'bat', 'fish']);

/** The one line of a one-line code block of a command (shell prompt removed), or null. */
function codeLine(code: Code): string | null {
  if (!COMMAND_LANGUAGES.has((code.lang ?? '').toLowerCase())) return null;
  const lines = code.value.split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
  const [line] = lines;
  if (lines.length !== 1 || line === undefined) return null;
  const command = line.replace(/^\$\s+/, '').replace(/[;,.]+$/, '');
  // a command starts with a program or a path; `#` starts a comment, `<`, `{` or `[` syntax
  return /^[\w./~]/.test(command) && command.length <= CODE_LINE ? command : null;
}

/** What completes a lead-in from its block, or null; names run on after a function word ("such as live feeds"). */
function completionOf(block: LedBlock, runsOn: boolean): string | null {
  if (block.type === 'code') return codeLine(block);
  const names = shortNames(block, SHOWN);
  return names === null ? null : enumerate(runsOn ? names.map(inSentence) : names, SHOWN);
}

/** A lead-in as a summary may take it; `weak` when it still names a block it does not show ("the following methods"). */
export interface ResolvedLeadIn {
  readonly text: string;
  readonly weak: boolean;
}

/**
 * The lead-in completed from its block; else, when it is a whole sentence without its colon,
 * that sentence (weak when it names the block); else null: it is left out.
 */
export function resolveLeadIn(sentence: string, block: LedBlock | null): ResolvedLeadIn | null {
  const completed = completedFrom(sentence, block);
  if (completed !== null) return { text: completed, weak: false };
  const whole = asSentence(sentence);
  return whole === null ? null : { text: whole, weak: NAMES_AHEAD.test(whole) };
}

/** The lead-in completed from its block, or null: no block, a block too long to read out, or still not a whole sentence. */
function completedFrom(sentence: string, block: LedBlock | null): string | null {
  if (block === null) return null;
  const stem = sentence.replace(/[.:]+$/, '').replace(POINTER_TAIL, '').trim();
  if (stem.split(' ').length < 2) return null;
  const runsOn = endingProblem(`${stem}.`, true) !== null;
  const completion = completionOf(block, runsOn);
  if (completion === null) return null;
  const whole = `${stem}${runsOn ? ' ' : ': '}${completion}.`;
  return endingProblem(whole) === null && clauseProblem(whole) === null ? whole : null;
}
