/**
 * Just enough English grammar to tell a glossary entry from a labelled remark, without a
 * tagger: small closed word classes (articles, prepositions, auxiliaries, adverbs) and two
 * tests built on them.
 *
 * - `isClause`: "The output is always appended to the end." is a statement about something
 *   else; "The user with full control of the installation." is a noun phrase, the shape of a
 *   definition. A definition that is a clause does not define the label it follows.
 * - `isLabelPhrase`: "No conflicts", "For packages with postinstall scripts", "How it works",
 *   "Content is included only once" label a remark; "Shared trust domain" may name a thing.
 * Both err on the side of "not a term" only where the words leave no doubt.
 */
import { AUXILIARIES, COORDINATORS, DETERMINERS, PREPOSITIONS, VERB_ADVERBS, verbShaped } from '../../text/word-classes.ts';

export { DETERMINERS };
/** Prepositions and coordinators: a determiner after one of them is inside the noun phrase ("of each section"). */
const PHRASE_JOINERS: ReadonlySet<string> = new Set([...PREPOSITIONS, ...COORDINATORS]);
/** Words that open a relative or subordinate clause: the noun phrase ends there. */
const CLAUSE_OPENERS = new Set('that which who whom whose where when whereby while if because so although though since unless'.split(' '));
/** Joiners that make a label a remark ("Linking sections with pages"); "of", "to" and "as" make names too ("time to live"). */
const LABEL_JOINERS = new Set('in on at by for from with without into about between across through via and or but'.split(' '));
/** Openers of an explanation rather than a definition ("Where ..." and "When ..." may define). */
const SUBORDINATORS = new Set('since because if although though unless while whereas as so'.split(' '));
/** Openers of a label that is a remark rather than a name. */
const LABEL_OPENERS = new Set(
  (
    'for with without in on at by from to into about how why when what where which who whether if no not ' +
    'near-zero never always only more less fewer faster slower better easier'
  ).split(' '),
);

function tokens(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:['’-][a-z0-9]+)*/g) ?? [];
}

/**
 * True when `definition` (which opens with an article or determiner) is a clause with a verb of
 * its own rather than a noun phrase: an auxiliary before the noun phrase ends ("The output is
 * appended"), or a verb-shaped word after an adverb ("only allows"), before "only"/"not" or an
 * -ing word ("contains only symlinks", "executes using"), or a past form before a determiner
 * ("posed an unnecessary barrier"). The noun phrase ends at a relative word ("that", "whose"),
 * a comma, or a determiner straight after a noun ("the channel a notification is delivered
 * through", a relative clause without "that").
 */
export function isClause(definition: string): boolean {
  const head = definition.split(/[,;:(—–]/)[0] ?? '';
  const list = tokens(head);
  for (let i = 1; i < list.length; i += 1) {
    const word = list[i] ?? '';
    const previous = list[i - 1] ?? '';
    const next = list[i + 1] ?? '';
    if (CLAUSE_OPENERS.has(word)) return false;
    if (AUXILIARIES.has(word)) return true;
    if (DETERMINERS.has(word) && i >= 2 && !PHRASE_JOINERS.has(previous) && !DETERMINERS.has(previous)) {
      return verbShaped(previous) && previous.endsWith('ed');
    }
    if (i >= 2 && verbShaped(word)) {
      if (VERB_ADVERBS.has(previous) && !DETERMINERS.has(list[i - 2] ?? '')) return true;
      if (next === 'only' || next === 'not' || (next.length > 5 && next.endsWith('ing'))) return true;
    }
  }
  return false;
}

/**
 * True for a list label that is a remark, not a name: it opens with a preposition, a question
 * word, a negation or a comparative ("For packages with ...", "How it works", "No conflicts",
 * "Faster installs"), or it has a verb ("Content is included only once"), a coordinator ("Integration
 * and linking") or a preposition other than "of", "to" or "as" ("Linking sections with pages",
 * "Note on ...").
 */
export function isLabelPhrase(label: string): boolean {
  const list = tokens(label);
  const [first = ''] = list;
  if (LABEL_OPENERS.has(first) || DETERMINERS.has(first)) return true;
  return list.some((word, i) => i > 0 && (AUXILIARIES.has(word) || LABEL_JOINERS.has(word)));
}

/** True when `text` opens with a subordinating word ("since the posts ...", "if you ..."): an explanation, not a definition. */
export function opensSubordinate(text: string): boolean {
  return SUBORDINATORS.has(tokens(text)[0] ?? '');
}

/** Words that end a noun phrase when they follow it ("a lane is", "the sidebar of"). */
const PHRASE_ENDERS = new Set([
  ...DETERMINERS, ...PHRASE_JOINERS, ...AUXILIARIES, ...CLAUSE_OPENERS, ...VERB_ADVERBS,
  'not', 'you', 'we', 'they', 'it', 'i', 'he', 'she', 'there', 'here', 'too', 'instead', 'first', 'again', 'yet',
]);

/** True for a grammatical word that cannot continue a noun phrase before it. */
export function endsNounPhrase(word: string): boolean {
  return PHRASE_ENDERS.has(word.toLowerCase());
}
