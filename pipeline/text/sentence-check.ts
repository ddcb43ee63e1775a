/**
 * The sentence check: whether a summary is made of whole sentences a docs team would ship.
 * `sentenceProblems` names every rule a summary breaks (empty when it is fine):
 *
 * - `empty`: no text.
 * - `unterminated`: the summary does not end with `.`, `!`, `?` or `…`.
 * - `too-short`: fewer than 3 words in all ("Rebuild a package." is a clause; "Input. Output." is not).
 * - `cut-lead-in`: a sentence ends on a function word ("support for.", "The signature is.",
 *   "formats it as.") or on a pointer to what followed it in the source ("the following.",
 *   "as follows.", "like below.", "as shown below.", "like this.").
 * - `dangling-opener`: the first sentence opens with a connective or a pronoun that points at a
 *   previous sentence the summary does not have ("Then, ...", "Also ...", "However, ...", "In
 *   this case, ...", "It ...", "They ...", "This is ...", "These are ..."). "This page ...",
 *   "This option ..." (a determiner before a noun) and "It is possible to ..." do not point back.
 * - `not-a-clause`: a sentence has no finite verb and is a label ("Added in: v1.2.") or shorter
 *   than 6 words ("Example in TSX."; a longer one describes: "The IP address of the local
 *   interface to use."), or it
 *   opens in lower case with a word that cannot start one ("will be.", "and more."), or it is a
 *   subordinate clause alone ("If you want to change the style.").
 *
 * A verb is recognised without a tagger, from small word classes: an auxiliary or modal, a
 * contraction ("it's", "don't"), a word shaped like a finite verb ("contains", "added") after a
 * word that is not a determiner, preposition or number, a common base verb opening an
 * imperative or after a pronoun or plural subject.
 */
import { sentences } from './sentences.ts';
import {
  AUXILIARIES, BASE_VERBS, COORDINATORS, DETERMINERS, IRREGULAR_PAST, PREPOSITIONS, SUBJECT_PRONOUNS, VERB_ADVERBS, verbShaped,
} from './word-classes.ts';

/** Fewer words than this in a whole summary is not a clause. */
const MIN_WORDS = 3;
/** A sentence with no verb is a fragment below this many words ("Example in TSX."); longer, it is a description ("The IP address of the interface to use."). */
const DESCRIPTION_WORDS = 6;
/** A label and its value ("Type: string", "Added in: v2"): a head of at most three words before a colon. */
const LABEL = /^[^\s:]+(?: [^\s:]+){0,2}:\s/;
/** Auxiliaries that make a clause finite ("be", "been" and "being" do not). */
const FINITE_AUXILIARIES: ReadonlySet<string> = new Set([...AUXILIARIES].filter((word) => !['be', 'been', 'being'].includes(word)));

/** Words a sentence cannot end on: its complement was cut (particles such as "in", "on", "up" can end one). */
const CUT_ENDINGS: ReadonlySet<string> = new Set([
  ...'a an the my your our their its his her every'.split(' '),
  ...[...PREPOSITIONS].filter((word) => !'in on over about before after through under within'.split(' ').includes(word)),
  ...COORDINATORS,
  ...'because if while whereas although though unless whether whose upon toward towards including using'.split(' '),
]);
/** The final copulas that leave a complement out ("The options are."); "will be." and "has been." can end a sentence. */
const FINAL_COPULAS: ReadonlySet<string> = new Set('is are was were am'.split(' '));
/** Words that open a clause in which a final "is"/"are" is whole ("as it is.", "where the files are.", "but the folder is."). */
const ELLIPSIS_OPENERS = new Set(
  'as what where how who which that but than it they there here this whether if because while although though whereas'.split(' '),
);
/** Prepositions that may end a sentence stranded from a relative clause or an infinitive ("the registry to publish to"). */
const STRANDABLE: ReadonlySet<string> = new Set('to for with from at of against into by'.split(' '));
/** Relative words: a preposition they left behind may end the sentence ("where it was built from"). */
const RELATIVES: ReadonlySet<string> = new Set('where which who whom what whose that'.split(' '));
/** How many words before a final preposition an infinitive "to" strands it ("you want to add users to"). */
const STRANDING_REACH = 3;
/** Object pronouns: after one, the word before is a verb ("Contact us", "Try it"). */
const OBJECT_PRONOUNS: ReadonlySet<string> = new Set('us them me it him'.split(' '));
/** Auxiliaries a lead-in may end on ("this plugin will:"); elsewhere a sentence may ("as soon as you can."). */
const LEAD_IN_AUXILIARIES: ReadonlySet<string> = new Set('will would can could should may might must shall do does did has have had'.split(' '));
/** Subject pronouns after which a final "like" is a verb ("as you like."). */
const LIKERS = new Set('i you we they'.split(' '));
/** Endings that point at what followed in the source: a list, a table or a code block. */
const POINTER_ENDING =
  /\b(?:(?:the|as|like the) following|as follows|(?:like|as|the|shown|described|listed|given|seen|outlined|explained|provided|detailed|displayed|illustrated|presented) below|(?:like|as) (?:this|these|so)|(?:as|like) shown|here(?:'s|’s| is) how)$/;

/** Connectives that point back wherever they open a sentence. */
const CONNECTIVES: ReadonlySet<string> = new Set(
  (
    'also then however additionally furthermore moreover alternatively similarly likewise therefore thus hence ' +
    'consequently nevertheless nonetheless meanwhile afterwards afterward lastly and but'
  ).split(' '),
);
/** Words that point back when a comma follows them ("Finally, ...", "Instead, ..."; "Instead of X" does not). */
const COMMA_CONNECTIVES: ReadonlySet<string> = new Set(
  'otherwise instead next now again still so yet further finally accordingly regardless here there plus conversely secondly second third besides'.split(' '),
);
/** Phrases that point back from the start of a sentence. */
const BACK_PHRASES =
  /^(?:in addition(?! to)|as a result|on the other hand|in (?:this|that|such|either|both|which) cases?|for (?:this|that|these|those) reasons?|that said|having said that|as (?:mentioned|noted|explained|described|shown|seen|such)\b|in contrast|by contrast|to do (?:this|that|so)|(?:by )?doing (?:this|that|so)|after (?:that|this)|before (?:that|this)|with (?:this|that)\b|apart from (?:this|that)|other than that|because of (?:this|that)|of course|even so|in other words|the (?:latter|former|above)|above,|once (?:this|that|done)\b)/i;
/** Pronouns that always point back when they open a summary. */
const BACK_PRONOUNS: ReadonlySet<string> = new Set('its they them their theirs he she his such'.split(' '));
/** Demonstratives: they point back unless a noun follows ("This page ..."). */
const DEMONSTRATIVES: ReadonlySet<string> = new Set('this that these those'.split(' '));
/** Words after a demonstrative that make it a pronoun ("This way, ...", "This means ..."). */
const AFTER_DEMONSTRATIVE_PRONOUN: ReadonlySet<string> = new Set('way also only just then all too'.split(' '));
/**
 * "It is possible to ...", "It is a good practice to ...", "It goes without saying that ...": an
 * "it" that stands for the clause that follows, not for a previous sentence ("It is used to ..."
 * does point back).
 */
const EXPLETIVE_IT =
  /^it(?:['’]s| is| was| could| would| may| might| can| will| should)(?! (?:be |been )?(?:used|designed|built|meant|based|called|made|written|done|set|run)\b)(?: [\w-]+){0,5}? (?:to|that)\b|^it goes without saying\b/i;

/** Words of a sentence, lower case, contractions kept whole ("it's", "don't"). */
function wordsOf(sentence: string): string[] {
  return sentence
    .toLowerCase()
    .split(/\s+/)
    .map((token) => token.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, ''))
    .filter((token) => token.length > 0);
}

function isContraction(word: string): boolean {
  if (/(?:n['’]t|['’](?:re|ll|ve|d|m))$/.test(word)) return true;
  return /^(?:it|that|there|here|what|let|he|she|who|where)['’]s$/.test(word);
}

function isNumber(word: string): boolean {
  return /^\d/.test(word);
}

/** Words after which a finite verb cannot follow as the next word (a phrase goes on). */
function opensPhrase(word: string): boolean {
  return DETERMINERS.has(word) || PREPOSITIONS.has(word) || isNumber(word) || word === 'to';
}

/** Grammatical words that open a clause or phrase themselves, so they are not an imperative verb. */
const NOT_IMPERATIVE: ReadonlySet<string> = new Set([
  ...DETERMINERS, ...PREPOSITIONS, ...COORDINATORS, ...SUBJECT_PRONOUNS,
  ...'once since unlike until while when where if unless because although though whether what which who how why so to'.split(' '),
]);

/** True when the first word of a clause (`word`, lower case, then `next`) is a verb: "Install the ...", "Returns a ...", "Initialize your ...". */
export function opensImperative(word: string, next: string): boolean {
  if (!/^[a-z]+$/.test(word) || next === '' || NOT_IMPERATIVE.has(word)) return false;
  if (BASE_VERBS.has(word)) return next !== 'of';
  if (!/^[a-z]+(?:['’][a-z]+)?$/.test(next)) return false;
  if (verbShaped(word)) {
    // "Works on ...", "Defaults to ..." are verbs; "Examples in ...", "Added in: v2" are not
    if (PREPOSITIONS.has(next) || COORDINATORS.has(next)) return next === 'to' || (word.endsWith('s') && BASE_VERBS.has(word.replace(/e?s$/, '')));
    return true;
  }
  // a noun is rarely followed straight by an article or a possessive; a verb is
  return (DETERMINERS.has(next) && next !== 'one') || OBJECT_PRONOUNS.has(next);
}

/** True when `word` (not the first of its clause) is a finite verb, judged by the word before it. */
function isVerbAfter(word: string, previous: string): boolean {
  if (FINITE_AUXILIARIES.has(word) || isContraction(word)) return true;
  // "Hono supports", "we added"; not "of 6 fields", "using examples"
  if (verbShaped(word) || IRREGULAR_PAST.has(word)) return !opensPhrase(previous) && !previous.endsWith('ing');
  if (SUBJECT_PRONOUNS.has(previous) && previous !== 'it') return /^[a-z]+$/.test(word) && !NOT_IMPERATIVE.has(word);
  if (!BASE_VERBS.has(word)) return false;
  return VERB_ADVERBS.has(previous) || previous === 'please' || COORDINATORS.has(previous) || !opensPhrase(previous);
}

/** True when a sentence has a finite verb, by the rules in the header; each comma-separated part may open with one. */
export function hasFiniteVerb(sentence: string): boolean {
  return sentence.split(/[,;:(—–]/).some((part) => {
    const list = wordsOf(part);
    if (list.some((word) => FINITE_AUXILIARIES.has(word) || isContraction(word))) return true;
    if (opensImperative(list[0] ?? '', list[1] ?? '')) return true;
    return list.some((word, i) => i > 0 && isVerbAfter(word, list[i - 1] ?? ''));
  });
}

/** True when a preposition ending `list` is stranded from a relative clause or an infinitive before it. */
function isStranded(list: readonly string[]): boolean {
  const last = list.length - 1;
  if (!STRANDABLE.has(list[last] ?? '')) return false;
  if (list.slice(0, last).some((word) => RELATIVES.has(word))) return true;
  return list.slice(Math.max(0, last - STRANDING_REACH), last).includes('to');
}

/**
 * The problem with a sentence's last word (`cut-lead-in`), or null. With `strict`, a preposition
 * that may be stranded ("the workspace you want to switch to.") counts as cut too: what a
 * sentence just before a list or code block ends on is read strictly.
 */
export function endingProblem(sentence: string, strict = false): string | null {
  const body = sentence.replace(/["'’)\]]*[.!?…]+["'’)\]]*$/, '').trimEnd();
  const list = wordsOf(body);
  const last = list[list.length - 1];
  if (last === undefined) return null;
  if (POINTER_ENDING.test(body.toLowerCase())) return `cut-lead-in: "${sentence}" points at text it does not have`;
  // a name in capitals ("disk A", "OR to AND") is not a function word
  if (!/[a-z]$/.test(body)) return null;
  const problem = `cut-lead-in: "${sentence}" ends on "${last}"`;
  if (last === 'like') return LIKERS.has(list[list.length - 2] ?? '') ? null : problem;
  if (CUT_ENDINGS.has(last)) return !strict && isStranded(list) ? null : problem;
  if (strict && (last === 'be' || LEAD_IN_AUXILIARIES.has(last))) return problem;
  if (FINAL_COPULAS.has(last) && !list.slice(0, -1).some((word) => ELLIPSIS_OPENERS.has(word))) return problem;
  return null;
}

/** The problem with how a summary's first sentence opens (`dangling-opener`), or null. */
export function openerProblem(sentence: string): string | null {
  const list = wordsOf(sentence);
  const [first = '', second = ''] = list;
  const afterFirst = sentence.slice(sentence.toLowerCase().indexOf(first) + first.length);
  const problem = `dangling-opener: "${sentence}" opens by pointing at a sentence before it`;
  if (CONNECTIVES.has(first)) return problem;
  if (COMMA_CONNECTIVES.has(first) && afterFirst.startsWith(',')) return problem;
  if (BACK_PHRASES.test(sentence)) return problem;
  if (BACK_PRONOUNS.has(first)) return problem;
  if (/^it(?:['’]s)?$/.test(first) && !EXPLETIVE_IT.test(sentence)) return problem;
  if (DEMONSTRATIVES.has(first)) {
    if (second === '' || afterFirst.startsWith(',') || AFTER_DEMONSTRATIVE_PRONOUN.has(second)) return problem;
    if (AUXILIARIES.has(second) || DETERMINERS.has(second) || PREPOSITIONS.has(second)) return problem;
    const singular = first === 'this' || first === 'that';
    if (singular ? verbShaped(second) : BASE_VERBS.has(second)) return problem;
  }
  if (/^(?:this|that)['’]s$/.test(first)) return problem;
  return null;
}

/** Words that open a subordinate clause: a sentence that opens with one needs a main clause after a comma. */
const SUBORDINATORS: ReadonlySet<string> = new Set('if when because although though while since unless whereas until'.split(' '));

/** Grammatical words that cannot open a sentence in lower case: it starts in the middle of a clause ("will be.", "and more."). */
const MID_CLAUSE: ReadonlySet<string> = new Set([...AUXILIARIES, ...PREPOSITIONS, ...COORDINATORS, ...DETERMINERS, ...SUBJECT_PRONOUNS]);

/** The problem of a sentence that is not a clause (`not-a-clause`): no verb, or it starts in the middle of one; or null. */
export function clauseProblem(sentence: string): string | null {
  const first = /^[a-z]+(?:['’][a-z]+)?\b/.exec(sentence)?.[0];
  if ((first !== undefined && MID_CLAUSE.has(first)) || /^[:;,.!?)\]}]/.test(sentence)) {
    return `not-a-clause: "${sentence}" starts in the middle of a clause`;
  }
  if (SUBORDINATORS.has(wordsOf(sentence)[0] ?? '') && !/[,;:—–]/.test(sentence)) {
    return `not-a-clause: "${sentence}" is a subordinate clause with no main clause`;
  }
  if (hasFiniteVerb(sentence)) return null;
  if (LABEL.test(sentence)) return `not-a-clause: "${sentence}" is a label, not a sentence`;
  return wordsOf(sentence).length < DESCRIPTION_WORDS ? `not-a-clause: "${sentence}" has no verb and is too short to describe` : null;
}

/** Every rule `summary` breaks, each named with its reason; empty when it is whole sentences. */
export function sentenceProblems(summary: string): string[] {
  const text = summary.trim();
  if (text === '') return ['empty: no text'];
  const problems: string[] = [];
  if (!/[.!?…]["'’)\]]*$/.test(text)) problems.push('unterminated: does not end with a full stop');
  if (wordsOf(text).length < MIN_WORDS) problems.push(`too-short: "${text}" has fewer than ${MIN_WORDS} words`);
  const list = sentences(text);
  const opener = list[0] === undefined ? null : openerProblem(list[0]);
  if (opener) problems.push(opener);
  for (const sentence of list) {
    const ending = endingProblem(sentence);
    if (ending) problems.push(ending);
    const clause = clauseProblem(sentence);
    if (clause) problems.push(clause);
  }
  return problems;
}
