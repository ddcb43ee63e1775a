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
export const OFFLINE_ALGORITHMS: Readonly<Record<DistillPass, string>> = {
  section:
    'ask offline distiller: section pass v4 (summary, facts, terms, mode; every summary clipped; terms without the heading\'s ' +
    'words or identifier parts, synonyms of heading words only)',
  glossary:
    'ask offline distiller: glossary pass v2 (stated definitions, acronym aliases; glossary pages, term tables, ' +
    'definition lists, abbreviations, "also known as" aliases; no option values or labelled remarks; names keep their case)',
  suggestions:
    'ask offline distiller: suggestions pass v2 (definition and task questions; the docs\' articles and case, -ing ' +
    'headings, no change log, 404, licence, blog or generic headings, no markup)',
  context: 'ask offline distiller: context pass v1 (groups, topics, key terms)',
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
