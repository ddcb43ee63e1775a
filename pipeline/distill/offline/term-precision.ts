/**
 * The glossary's precision rules: definitions whose shape matched (definitions.ts) but that a
 * docs team would not ship, and the one repair a definition gets.
 *
 * - Column names: a term that heads a column of a table in its own section ("Use Case",
 *   "Type"), or that is a column or section word anywhere (`COLUMN_NAMES`, via `isTermLike`).
 * - Evaluations: a definition that praises instead of saying what the thing is ("Blogs are a
 *   great way to engage with your audience.", "The routers are the most important features",
 *   "Plugins are an essential part of X.").
 * - Statements about a label: a "**Label**: text" item whose text names the label again after
 *   other words ("**Environment**: The active environment at runtime.", "**Tests**: The platform
 *   supports tests."); opening with it ("The current value of ...") is a definition still.
 * - Labels that are not terms, for "**Label**: text" items outside a glossary-like section
 *   (without an "also known as"): a task ("Using the AIO container", "Stop run if error
 *   occurs"); one common word (a field or a feature of a list: "Title", "Timestamp",
 *   "Collections"; a name such as "Deno" or code such as `nodeLinker` stays); a label the docs name on fewer than
 *   `LABEL_PAGES` other pages (a field of one screen: "Average Response Time").
 * - A definition that leads into a list or code block ("... with a modular design:") ends with
 *   a full stop; one that breaks off on a function word ("... with support for:") is dropped.
 */
import type { Section } from '../../types.ts';
import { isTaskPhrase } from './tasks.ts';
import { conceptKey, isTermLike, type FoundDefinition } from './term-shape.ts';
import { singular, words } from './text.ts';
import { isAcronym } from './acronyms.ts';

/** A label outside a glossary must be named on at least this many other pages to be a term. */
const LABEL_PAGES = 2;

/** One found definition and where it was found. */
export interface Candidate {
  readonly found: FoundDefinition;
  readonly section: Section;
  /** The section's heading or page says glossary (definitions.ts): labels are read loosely there. */
  readonly glossaryLike: boolean;
}

/** What the corpus says about a name beyond one definition. */
export interface TermEvidence {
  /** How many pages other than `pageSlug` mention `name`. */
  readonly otherPages: (name: string, pageSlug: string) => number;
  /** True when the docs' prose writes `term` as a name (capitalised mid-sentence more than not). */
  readonly isName: (term: string) => boolean;
}

const EVALUATION = new RegExp(
  String.raw`\b(?:is|are)\s+(?:a|an|the|one of the)\s+(?:(?:very|really|most|more|truly)\s+)?` +
    String.raw`(?:great|good|nice|perfect|excellent|easy|easiest|simple|simplest|best|fantastic|awesome|convenient|handy|quick|quickest|ideal|recommended)\s+` +
    String.raw`(?:\S+\s+)?(?:ways?|places?|starting point|choice)\b` +
    String.raw`|\b(?:is|are)\s+(?:one of\s+)?the\s+most\s+(?:important|popular|useful|exciting|interesting|powerful)\s+(?:\S+\s+)?(?:features?|parts?|things?|pieces?)\b` +
    String.raw`|\b(?:is|are)\s+(?:a|an)\s+(?:essential|important|integral|key|crucial|core|vital)\s+(?:part|piece|component)\s+of\b`,
  'i',
);
/** Words a lead-in breaks off on before its list ("support for:", "the following:"). */
const LEAD_IN_ENDS = new Set(
  'a an the of for to with as like including include includes such following follows below these those this is are and or by from in on via e.g'.split(' '),
);
const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

/** The header cells of the tables in a Markdown source: pipe tables and HTML `<th>` cells. */
function headerCells(source: string): string[] {
  const cells: string[] = [];
  const lines = source.split('\n');
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    if (!line.includes('|') || next === undefined || !TABLE_DELIMITER.test(next) || !next.includes('-')) return;
    for (const cell of line.replace(/^\s*\||\|\s*$/g, '').split('|')) cells.push(cell.replace(/[*_`]/g, '').trim());
  });
  for (const match of source.matchAll(/<th\b[^>]*>([^<]{1,80})<\/th>/gi)) cells.push((match[1] ?? '').trim());
  return cells.filter((cell) => cell !== '');
}

/** True when `term` heads a column of a table in `source`. */
function headsColumn(term: string, source: string): boolean {
  if (!source.includes('|') && !/<th\b/i.test(source)) return false;
  const key = conceptKey(term);
  return headerCells(source).some((cell) => conceptKey(cell) === key);
}

/** True for a definition that praises instead of defining. */
function isEvaluation(definition: string): boolean {
  return EVALUATION.test(definition);
}

/**
 * True when a label's text names the label again after other words: a statement about it
 * ("The platform supports tests."), not a definition. Opening with the label ("The current value
 * of the variable") is a definition still.
 */
function restatesLabel(term: string, definition: string): boolean {
  const label = conceptKey(term).split(' ').filter((word) => word.length > 0);
  const text = words(definition).map(singular);
  if (label.length === 0) return false;
  const at = (start: number): boolean => label.every((word, k) => text[start + k] === word);
  const opening = /^(?:a|an|the)$/.test(text[0] ?? '') ? 1 : 0;
  for (let start = 0; start + label.length <= text.length; start += 1) {
    if (start !== opening && at(start)) return true;
  }
  return false;
}

/** True for one word written as a common noun: no capitals of its own, no code, not a name the docs capitalise. */
function isCommonWord(term: string, evidence: TermEvidence): boolean {
  if (/\s/.test(term.trim()) || /[^A-Za-z-]|[a-z][A-Z]/.test(term) || isAcronym(term)) return false;
  return !evidence.isName(term);
}

/** Why a "**Label**: text" item outside a glossary is not a term, or null when it is one. */
function labelProblem(candidate: Candidate, term: string, evidence: TermEvidence): string | null {
  const { section } = candidate;
  if (isTaskPhrase(term)) return 'a task, not a term';
  if (isCommonWord(term, evidence)) return 'one common word labelling a field or feature';
  if (evidence.otherPages(term, section.pageSlug) < LABEL_PAGES) return 'a label the docs use nowhere else';
  return null;
}

/**
 * The definition as the glossary writes it: a lead-in's colon becomes a full stop, or null when
 * the lead-in breaks off on a function word and says nothing without its list.
 */
export function definitionText(definition: string): string | null {
  const text = definition.trim();
  if (!text.endsWith(':')) return text;
  const last = /([A-Za-z.]+)\s*:$/.exec(text)?.[1]?.toLowerCase().replace(/\.$/, '') ?? '';
  if (LEAD_IN_ENDS.has(last) || text.split(/\s+/).length < 4) return null;
  return `${text.slice(0, -1).trimEnd()}.`;
}

/** Why a found definition stays out of the glossary, or null when it goes in. */
export function rejection(candidate: Candidate, evidence: TermEvidence): string | null {
  const { found, section, glossaryLike } = candidate;
  const term = found.term.replace(/`/g, '');
  if (!isTermLike(term)) return 'not term-like';
  if (headsColumn(term, section.markup ?? section.source)) return 'a column name';
  if (isEvaluation(found.definition)) return 'an evaluation, not a definition';
  if (definitionText(found.definition) === null) return 'a lead-in without its list';
  if (found.source !== 'colon') return null;
  if (restatesLabel(term, found.definition)) return 'a statement about the label, not a definition';
  const named = found.aliases.some((alias) => !isAcronym(alias));
  return glossaryLike || named ? null : labelProblem(candidate, term, evidence);
}
