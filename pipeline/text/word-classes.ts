/**
 * Closed English word classes, lower case: the small sets of grammatical words that tell a
 * clause from a phrase without a tagger. Shared by the sentence check and the offline
 * distiller's grammar, so both read a sentence with the same words.
 */

/** Words that open a noun phrase. */
export const DETERMINERS: ReadonlySet<string> = new Set(
  'a an the this that these those its their your our my his her each every any some no all both one another'.split(' '),
);

/** Prepositions: a noun phrase goes on after one of them ("of each section"). */
export const PREPOSITIONS: ReadonlySet<string> = new Set(
  (
    'of in on at by for from to with without into onto over under about between across through per via ' +
    'within among against during before after than like as'
  ).split(' '),
);

/** Coordinating conjunctions. */
export const COORDINATORS: ReadonlySet<string> = new Set('and or nor but'.split(' '));

/** Forms of "be": a sentence that ends on one ("The options are.") has lost its complement. */
const COPULAS: ReadonlySet<string> = new Set('is are was were be been being am'.split(' '));

/** Finite auxiliaries, copulas and modals (and their negations): their presence makes a clause. */
export const AUXILIARIES: ReadonlySet<string> = new Set([
  ...COPULAS,
  ...(
    'has have had does do did can could will would shall should may might must ' +
    "isn't aren't wasn't weren't hasn't haven't doesn't don't didn't can't cannot couldn't won't wouldn't shouldn't"
  ).split(' '),
]);

/** Personal pronouns that are the subject of a clause: the next word is its verb ("you need", "we recommend"). */
export const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set('i you we they he she it'.split(' '));

/**
 * Common base forms of the verbs documentation is written with: an imperative opens with one
 * ("Install the package."), and a plural subject or a pronoun comes before one ("Hard links
 * point to ...", "you need ..."). Open-ended by nature; these are the frequent ones.
 */
export const BASE_VERBS: ReadonlySet<string> = new Set(
  (
    'accept access add allow append apply ask assign attach avoid build call change check choose click close ' +
    'compile configure connect consider contain continue convert copy create declare define delete depend deploy ' +
    'describe determine disable display do download edit enable ensure enter exclude execute expect explain expose extend ' +
    'fetch find fix follow generate get give go handle help hide import include inject insert install integrate invoke ' +
    'keep know learn let like link load look make mark match merge migrate modify mount move navigate need note open ' +
    'override parse pass perform pick place point prefer prevent print provide publish pull push put read receive ' +
    'recommend redirect refer register reload remove rename render replace require reset resolve respond restart ' +
    'return reuse run save see select send serve set share show sign skip specify start stay stop submit support ' +
    'switch take tell test throw toggle trigger try turn uninstall update upgrade upload use validate verify view ' +
    'visit wait want watch work wrap write thank welcome contact output log pack resume track report manage rebuild ' +
    'clean prune clone commit fork invite approve reject review rotate revoke sync customize authenticate authorize ' +
    'initialize export organize schedule monitor paste drag drop hover press limit restrict filter group sort boost ' +
    'translate extract bundle lint debug inspect analyze compare detect ignore unlink patch bump release tag stage ' +
    'encrypt decrypt trust deny block grant'
  ).split(' '),
);

/** Irregular past forms common in documentation ("Material for MkDocs grew ...", "we built ..."). */
export const IRREGULAR_PAST: ReadonlySet<string> = new Set(
  (
    'became began brought built came chose did drew fell felt found gave got grew held kept knew led left lost made ' +
    'meant met paid ran said sent shown showed spent stood took taught thought told understood went won wrote'
  ).split(' '),
);

/** Adverbs that sit before a verb ("only allows", "also need", "simply set", "then run"). */
export const VERB_ADVERBS: ReadonlySet<string> = new Set(
  'only never always also often usually automatically still then just simply typically generally now already sometimes rarely'.split(' '),
);

/** A word shaped like a finite verb from its ending: "contains", "allows", "posed" (not "process", "status", "alias"). */
export function verbShaped(word: string): boolean {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return false;
  if (word.endsWith('ed')) return !word.endsWith('eed');
  return word.endsWith('s') && !/(?:ss|us|is|ous|ics|as)$/.test(word);
}
