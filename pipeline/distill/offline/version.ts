/**
 * The algorithm version of each offline pass. A pass's template hash is the
 * sha256 of its version string; bump the string when the pass's output for
 * the same input changes, so cached results of that pass are recomputed.
 */
import { createHash } from 'node:crypto';
import type { DistillPass } from '../../types.ts';

export const OFFLINE_PROVIDER = 'offline';
export const OFFLINE_MODEL = 'offline-v1';

/** One version string per pass. */
const OFFLINE_ALGORITHMS: Readonly<Record<DistillPass, string>> = {
  section:
    'ask offline distiller: section pass v7 (facts checked against the source for at most 500 distinct literals; summary, facts, terms, mode; summaries of whole sentences held to the sentence ' +
    'check: lead-ins completed from their list, table or code or left out, no pointing openers, structural descriptions ' +
    'as sentences, a bare ## heading named as made of the subsections after it; terms without the heading\'s words or identifier parts, synonyms of heading words only)',
  glossary:
    'ask offline distiller: glossary pass v4 (pages in scope by their kind; stated definitions, acronym aliases; glossary pages, term tables, ' +
    'definition lists, abbreviations, "also known as" aliases; no option values or labelled remarks; names keep their case; ' +
    'no column names, evaluations, field or task labels, blog posts, well-known or once-used acronyms; stated aliases only)',
  suggestions:
    'ask offline distiller: suggestions pass v5 (each question with the section it asks about; pages in scope by their kind; definition and task questions; the docs\' articles and case, -ing ' +
    'headings, no change log, 404, licence, blog or generic headings, no markup; "are" for plurals, acronyms asked as ' +
    'acronyms, functions with "do", self-defined terms first, no "the <word>" tasks)',
  context: 'ask offline distiller: context pass v2 (groups, topics, key terms; section text without code annotations or alert markers)',
};

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The `templateHashes` of the offline distiller. */
export const OFFLINE_TEMPLATE_HASHES: Readonly<Record<DistillPass, string>> = {
  section: sha256(OFFLINE_ALGORITHMS.section),
  glossary: sha256(OFFLINE_ALGORITHMS.glossary),
  suggestions: sha256(OFFLINE_ALGORITHMS.suggestions),
  context: sha256(OFFLINE_ALGORITHMS.context),
};
