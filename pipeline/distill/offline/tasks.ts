/**
 * Task questions: a heading that names a task becomes "How do I ...?", a heading that already
 * is a question is asked as it is, written the way a reader would type it.
 *
 * - A task heading starts with an imperative verb ("Generate a token") or its -ing form
 *   ("Setting up navigation" -> "set up navigation"). Verbs that are often nouns ("Use cases",
 *   "Search ranking", "Secure headers") count only when an object word follows ("Use the
 *   CLI", "Set up"); an -ing form always counts.
 * - Its object must be one a reader can say without an article: a determiner, a plural, a name,
 *   code, a mass noun ("Serve binary data"). A bare singular that the docs use with "a"
 *   elsewhere is a feature's label, not a task ("Edit Link", "Generate File").
 * - "your" becomes "my"; headings about "our"/"us" (the project's own chores) are left out.
 * - Markup that leaked into a heading (`|`, `<key>`, `{#id}`, backticks) leaves it out, after
 *   trailing attribute lists are dropped; so do generic headings ("What's next?").
 * - Title Case is undone for the words the docs write in lower case in mid-sentence
 *   ("Deploy Your VitePress Site" -> "deploy my VitePress site").
 */
import { DETERMINERS, endsNounPhrase } from './grammar.ts';
import { isGenericHeading } from './scope.ts';
import { NO_USAGE, type Usage } from './usage.ts';

export const MAX_QUESTION = 90;

/** How the docs use a phrase (usage.ts); without one, every phrase is unknown. */
export type UsageLookup = (phrase: string) => Usage;

/** Imperative verbs that are rarely nouns: "Install ask" is a task. */
const TASK_VERBS = new Set(
  (
    'add allow apply approve authenticate authorize cancel choose clone configure connect create customize debug ' +
    'define delete deploy disable download edit embed enable expose find fix generate get give grant handle install ' +
    'invite manage migrate mount open pin protect publish register remove rename render reset restore restrict retry ' +
    'revoke rotate schedule serve sign start stop subscribe troubleshoot uninstall unsubscribe upload validate verify'
  ).split(' '),
);
/** Verbs that are often nouns ("Search ranking", "Use cases", "Secure headers"): a task only when an object word follows. */
const NOUNISH_VERBS = new Set(
  (
    'back build call change check copy export filter forward import limit list log move pass point query read receive ' +
    'run search secure send set share stream switch test track trigger turn update upgrade use view watch write'
  ).split(' '),
);
/** Words that, second in a heading, show the first is a verb ("Set up", "Use the CLI", "Log in"). */
const OBJECT_STARTERS = new Set(
  'a an the your our this these that it its up in out on off with to for from into down over back all more new one multiple'.split(' '),
);
/** Particles and prepositions after which no article is missing ("Set up navigation", "Upgrade to ..."). */
const PARTICLES = new Set('up in out on off down over back with to for from into via through by about across without'.split(' '));
/** Words that end the object's noun phrase ("verifyWithJwks outside of middleware", "a binary globally"). */
const OBJECT_ENDS = new Set([...PARTICLES, 'of', 'outside', 'inside', 'at', 'as', 'like', 'per', 'between', 'within', 'using', 'when', 'if', 'globally', 'locally']);
/** Verbs that need an object right after them: "Import in Markdown" names none. */
const NEEDS_OBJECT = new Set('use import add create define generate register edit configure customize install remove delete enable disable'.split(' '));
/** Particles of phrasal verbs ("set up", "log out"): not a missing object. */
const PHRASAL = new Set('up out down off on back over'.split(' '));
/** Objects that name nothing by themselves. */
const PRONOUNS = new Set('it them this that these those one something everything anything'.split(' '));
/** Verbs whose -ing form doubles the last letter ("setting", "running", "debugging"). */
const DOUBLING = new Set('set run stop pin log get put cut ship plan map drop tag debug embed submit commit'.split(' '));
const QUESTION_START = /^(?:how|what|why|when|where|which|who|can|could|do|does|is|are|should|will|would|may|must)\b/i;
/** Markup or syntax that has no place in a question. */
const MARKUP = /[|<>{}[\]=`*_#\\$;&]|\(\s*\)/;

function ingForm(verb: string): string {
  if (DOUBLING.has(verb)) return `${verb}${verb.slice(-1)}ing`;
  if (/[^e]e$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  return `${verb}ing`;
}

/** "-ing" forms of every verb above, back to the verb ("setting" -> "set"). */
const FROM_ING = new Map([...TASK_VERBS, ...NOUNISH_VERBS].map((verb) => [ingForm(verb), verb]));

/** The heading without trailing attribute lists (`{#custom-id}`), badges' leftovers and end punctuation. */
function cleanHeading(heading: string): string {
  return heading
    .replace(/[’‘]/g, "'")
    .replace(/\s*\{[#.][^}]*\}\s*$/, '')
    .trim()
    .replace(/[.:!]+$/, '')
    .trim();
}

/** True for a word written in Title Case only ("Site", not "VitePress", "KV" or "vite.config.ts"). */
function isTitleCaseWord(word: string): boolean {
  return /^[A-Z][a-z]+$/.test(word);
}

/** Lower-cases the Title Case words (after the first) that the docs write in lower case in mid-sentence. */
function sentenceCase(text: string, usage: UsageLookup): string {
  return text
    .split(' ')
    .map((word, i) => {
      const bare = word.replace(/^[("']+|[)"',?]+$/g, '');
      // "Connect to A Workspace": the article is a grammatical word too
      if (i > 0 && (bare === 'A' || bare === 'An')) return word.replace(bare, bare.toLowerCase());
      if (i === 0 || !isTitleCaseWord(bare)) return word;
      // grammatical words are never names ("Set Up The Cache")
      if (endsNounPhrase(bare) || PHRASAL.has(bare.toLowerCase())) return word.replace(bare, bare.toLowerCase());
      const seen = usage(bare);
      return seen.lower > 0 && seen.lower >= seen.capitalised ? word.replace(bare, bare.toLowerCase()) : word;
    })
    .join(' ');
}

/** True when `word` is a plural, a name, code or a gerund: it needs no article. */
function standsAlone(word: string, usage: UsageLookup): boolean {
  if (/[^A-Za-z-]/.test(word) || /[a-z][A-Z]/.test(word)) return true;
  if (/^[A-Z]{2,}s?$/.test(word)) return usage(word).afterA === 0;
  const lower = word.toLowerCase();
  if (/[a-z]s$/.test(lower) && !/(?:ss|us|is)$/.test(lower)) return true;
  if (lower.endsWith('ing')) return true;
  const seen = usage(word);
  if (/^[A-Z]/.test(word) && seen.capitalised > seen.lower) return true;
  return seen.afterA === 0;
}

/**
 * True when one word after an -ing form can be its whole object: a plural, code, an acronym or
 * a name the docs hardly ever use with an article ("Using npm", "Using Homebrew"), not a label's
 * noun ("Streaming Helper", "Reading time", "Listing configuration").
 */
function namesAlone(word: string, usage: UsageLookup): boolean {
  if (/[^A-Za-z-]/.test(word) || /[a-z][A-Z]|^[A-Z]{2,}s?$/.test(word)) return true;
  // "Getting started": a participle completes the verb
  if (/[a-z]ed$/i.test(word)) return true;
  if (/[a-z]s$/.test(word.toLowerCase()) && !/(?:ss|us|is)$/.test(word.toLowerCase())) return true;
  const seen = usage(word);
  const articles = seen.afterA + seen.afterThe;
  // a capitalised word: a name when the prose capitalises it too, or never writes it ("Choco")
  if (isTitleCaseWord(word)) return (seen.capitalised > seen.lower || seen.capitalised + seen.lower === 0) && 10 * articles <= seen.capitalised;
  return 10 * articles <= seen.lower;
}

/** The verb and the words after it of a task heading, or null when it is not a task. */
function taskParts(text: string): { verb: string; rest: string[]; ing: boolean } | null {
  const [first = '', ...rest] = text.split(/\s+/);
  const verbWord = first.toLowerCase();
  const fromIng = FROM_ING.get(verbWord);
  const second = (rest[0] ?? '').toLowerCase();
  const verb = fromIng ?? verbWord;
  const task = fromIng !== undefined || TASK_VERBS.has(verb) || (NOUNISH_VERBS.has(verb) && OBJECT_STARTERS.has(second));
  return task && rest.length > 0 ? { verb, rest, ing: fromIng !== undefined } : null;
}

/** True when `text` names a task (an imperative verb or its -ing form and what it acts on): "Using the AIO container". */
export function isTaskPhrase(text: string): boolean {
  return taskParts(cleanHeading(text)) !== null;
}

/** The head word of a task's object when it could need an article ("link" in "Edit Link"), else null. */
function bareHead(rest: readonly string[]): string | null {
  let words = [...rest];
  if (PARTICLES.has((words[0] ?? '').toLowerCase())) return null;
  const cut = words.findIndex((word, i) => i > 0 && OBJECT_ENDS.has(word.toLowerCase()));
  if (cut > 0) words = words.slice(0, cut);
  const first = (words[0] ?? '').toLowerCase();
  if (DETERMINERS.has(first) || /^\d/.test(first) || first === 'my') return null;
  // code or a name in the object names it ("verifyWithJwks", "vite.config.ts")
  if (words.some((word) => /[^A-Za-z-]|[a-z][A-Z]/.test(word))) return null;
  return words[words.length - 1] ?? null;
}

/** The phrases whose use in the docs `taskQuestion` looks at for `heading`. */
export function taskPhrases(heading: string): string[] {
  const text = cleanHeading(heading);
  const phrases = text
    .split(/\s+/)
    .map((word) => word.replace(/^[("']+|[)"',?]+$/g, ''))
    .filter((word) => isTitleCaseWord(word) && !endsNounPhrase(word) && !PHRASAL.has(word.toLowerCase()));
  const parts = text.endsWith('?') ? null : taskParts(text);
  const head = parts ? bareHead(parts.rest) : null;
  return head === null ? phrases : [...phrases, head];
}

/** A heading that is a question, as a reader would ask it (the first question when there are two), or null. */
function headingQuestion(text: string, usage: UsageLookup): string | null {
  const question = `${text.slice(0, text.indexOf('?')).trim()}?`;
  if (!QUESTION_START.test(question) || question.split(' ').length < 2 || isGenericHeading(question)) return null;
  return sentenceCase(question, usage);
}

/** "How do I generate a token?" for a task heading, the heading itself when it is a question, else null. */
export function taskQuestion(heading: string, usage: UsageLookup = () => NO_USAGE): string | null {
  const text = cleanHeading(heading);
  if (MARKUP.test(text) || isGenericHeading(text)) return null;
  const question = text.includes('?') ? headingQuestion(text, usage) : taskSentence(text, usage);
  return question !== null && question.length <= MAX_QUESTION ? question : null;
}

function taskSentence(text: string, usage: UsageLookup): string | null {
  const parts = taskParts(text);
  if (!parts) return null;
  const lowered = parts.rest.map((word) => word.toLowerCase());
  if (lowered.some((word) => word === 'our' || word === 'us' || word === 'we' || word === 'ours')) return null;
  const first = lowered[0] ?? '';
  // "Turn it on": no thing named; "Using with Vite", "Importing in Markdown": no object; "Editing and collaboration"
  if (PRONOUNS.has(first) || first === 'with' || first === 'and' || first === 'or') return null;
  if (NEEDS_OBJECT.has(parts.verb) && PARTICLES.has(first) && !PHRASAL.has(first)) return null;
  const head = bareHead(parts.rest);
  if (head !== null && !standsAlone(head, usage)) return null;
  if (parts.ing && parts.rest.length === 1 && !namesAlone(parts.rest[0] ?? '', usage)) return null;
  const rest = parts.rest.map((word) => (/^your$/i.test(word) ? 'my' : /^yours$/i.test(word) ? 'mine' : word));
  return `How do I ${sentenceCase(`${parts.verb} ${rest.join(' ')}`, usage)}?`;
}
