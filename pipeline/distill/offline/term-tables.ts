/**
 * Term tables: a GFM table whose header has a term column (Term, Concept, Word, Phrase,
 * Abbreviation, Acronym; Name only in a glossary-like section) and a definition column
 * (Definition, Meaning, Explanation, Stands for, Expansion; Description with a term column or in
 * a glossary-like section), and optionally alias columns (Aliases, Also known as, Synonyms,
 * Abbreviation, Acronym, Short form). Each row is one definition; an ordinary table (Option /
 * Description, Command / Meaning) gives none.
 */
import type { Table, TableRow } from 'mdast';
import { abbreviationEntry } from './labelled.ts';
import { aliasesFrom, isTermLike, namesIn, splitParenthesis, type FoundDefinition } from './term-shape.ts';
import { plainText, sentences, squash, upperFirst } from './text.ts';

const TERM_HEADER = /^(?:glossary\s+)?(?:terms?|concepts?|words?|phrases?|jargon|expressions?)$/i;
const ABBREVIATION_HEADER = /^(?:abbreviations?|acronyms?)$/i;
const NAME_HEADER = /^names?$/i;
const DEFINITION_HEADER = /^(?:definitions?|meanings?|means|explanations?|what it (?:is|means)|stands for|expansions?|full (?:name|form)|refers to)$/i;
const DESCRIPTION_HEADER = /^descriptions?$/i;
const ALIAS_HEADER = /^(?:aliases|alias|also known as|aka|a\.k\.a\.?|synonyms?|other names?|also called|short (?:names?|forms?)|abbreviations?|acronyms?)$/i;

/** A cheap look at a section's source: false when it cannot hold a term table. */
export function mayHoldTermTable(source: string): boolean {
  return source.includes('|') && /\|\s*\**\s*(?:glossary\s+)?(?:terms?|concepts?|words?|phrases?|jargon|expressions?|abbreviations?|acronyms?)\s*\**\s*\|/i.test(source);
}

function cells(row: TableRow | undefined): string[] {
  return (row?.children ?? []).map((cell) => squash(plainText(cell)));
}

interface Columns {
  readonly term: number;
  readonly definition: number;
  readonly aliases: readonly number[];
  /** The term column holds abbreviations: a meaning that spells one makes the expansion the term. */
  readonly abbreviations: boolean;
}

/** The columns of a term table, or null for any other table. */
function termColumns(header: readonly string[], glossaryLike: boolean): Columns | null {
  const clean = header.map((text) => text.replace(/[*_`:]/g, '').trim());
  let term = clean.findIndex((text) => TERM_HEADER.test(text));
  const strong = term >= 0 || clean.some((text) => ABBREVIATION_HEADER.test(text));
  if (term < 0) term = clean.findIndex((text) => ABBREVIATION_HEADER.test(text));
  if (term < 0 && glossaryLike) term = clean.findIndex((text) => NAME_HEADER.test(text));
  if (term < 0) return null;
  let definition = clean.findIndex((text, i) => i !== term && DEFINITION_HEADER.test(text));
  if (definition < 0 && (strong || glossaryLike)) definition = clean.findIndex((text, i) => i !== term && DESCRIPTION_HEADER.test(text));
  if (definition < 0) return null;
  const aliases = clean.flatMap((text, i) => (i !== term && i !== definition && ALIAS_HEADER.test(text) ? [i] : []));
  return { term, definition, aliases, abbreviations: ABBREVIATION_HEADER.test(clean[term] ?? '') };
}

/** The definitions of a term table, one per row with a term and a definition; none for another table. */
export function fromTermTable(table: Table, heading: string, glossaryLike: boolean): FoundDefinition[] {
  const [headerRow, ...rows] = table.children;
  const columns = termColumns(cells(headerRow), glossaryLike);
  if (!columns) return [];
  const found: FoundDefinition[] = [];
  for (const row of rows) {
    const values = cells(row);
    const { term, parenthetical } = splitParenthesis(values[columns.term] ?? '');
    const text = values[columns.definition] ?? '';
    if (!isTermLike(term) || text === '' || /^[-—–]+$/.test(text)) continue;
    const extra = columns.aliases.flatMap((i) => namesIn(values[i] ?? ''));
    if (columns.abbreviations) {
      const entry = abbreviationEntry(term, text, heading, 'table');
      if (entry) found.push({ ...entry, aliases: [...entry.aliases, ...extra] });
      continue;
    }
    const definition = upperFirst(sentences(text)[0] ?? text);
    found.push({ term, aliases: [...aliasesFrom(term, parenthetical), ...extra], definition, source: 'table', plural: false, heading });
  }
  return found;
}
