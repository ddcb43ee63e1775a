import type { DigestNode, GlossaryEntry, Page, PageKind, Section } from '../types.ts';
import { PAGE_KIND_PRIORS } from './page-priors.ts';
import type { PageLine, SearchTables } from '../format/search-tables.ts';
import { FLAG_BITS, IN_BODY, IN_HEADING, IN_SIGNAL, SEARCH_SCHEMA_VERSION } from '../format/search-tables.ts';
import { utf8LineLength } from '../format/line-table.ts';
import { encodeSectionLine } from '../format/section-rows.ts';
import { TOKENIZER_VERSION, tokenize, uniqueTokens } from './tokenize.ts';
import { compareCodeUnits } from '../text/compare.ts';

export interface IndexInput {
  readonly sections: readonly Pick<Section, 'id' | 'title' | 'heading' | 'url' | 'group' | 'text' | 'source'>[];
  /** The digest's nodes by section id; omitted or null: no digest tree, fallback scoring. */
  readonly nodes?: ReadonlyMap<string, DigestNode> | null;
  readonly glossary?: readonly GlossaryEntry[];
  /** Stem plain words (default true). */
  readonly stem?: boolean;
  /** The pages, for their kinds (`Page.kind`); a page not listed is a guide. */
  readonly pages?: readonly PageOfKind[];
}

/** What the tables need of a page beyond its sections. */
export type PageOfKind = Pick<Page, 'slug' | 'kind'>;

/** The page of a section id: the part before `#`. */
function pageOf(id: string): string {
  const hash = id.indexOf('#');
  return hash === -1 ? id : id.slice(0, hash);
}

/** The anchor of a section id: the part after `#`, null for a page's intro. */
function anchorOf(id: string): string | null {
  const hash = id.indexOf('#');
  return hash === -1 ? null : id.slice(hash + 1);
}

/** The tokens of a section's distilled signal: its terms, summary and fact literals. */
function signalTokens(node: DigestNode, stem: boolean): string[] {
  const texts = [...node.terms, node.summary, ...node.facts.map((fact) => fact.literal)];
  return texts.flatMap((text) => tokenize(text, { stem }));
}

function encodePostings(entries: readonly number[]): string {
  // entries: sectionIndex << FLAG_BITS | flags, ascending by section index
  let previous = 0;
  const parts: string[] = [];
  for (const entry of entries) {
    const index = entry >>> FLAG_BITS;
    parts.push((((index - previous) << FLAG_BITS) | (entry & ((1 << FLAG_BITS) - 1))).toString(36));
    previous = index;
  }
  return parts.join(',');
}

/**
 * What the search tables keep of one section, worked out from it alone (and its node): each
 * distinct token with its field bits, and the words as written that the stemmer changed. Plain
 * JSON, so a build keeps it in its cache by section hash and assembles the tables from it
 * without tokenising an unchanged section again.
 */
export interface IndexedSection {
  /** Distinct tokens, in first-seen order. */
  readonly tokens: readonly string[];
  /** `IN_BODY | IN_SIGNAL | IN_HEADING` bits of each token. */
  readonly bits: readonly number[];
  /** [word as written, its stem] for the words whose stem differs. */
  readonly surfaces: readonly (readonly [string, string])[];
}

/**
 * The tokens of one section with their field bits. With a digest (`hasDigest`): body text, the
 * node's signal, heading and page title apart; without (spec rule 7): the title and the raw
 * source as body.
 */
export function indexSection(section: IndexInput['sections'][number], node: DigestNode | undefined, hasDigest: boolean, stem: boolean): IndexedSection {
  const surfaces = new Map<string, string>();
  const tokenizing = { stem, surfaces };
  const flags = new Map<string, number>();
  const mark = (tokens: readonly string[], bit: number): void => {
    for (const token of tokens) flags.set(token, (flags.get(token) ?? 0) | bit);
  };
  if (hasDigest) {
    mark(tokenize(section.text, tokenizing), IN_BODY);
    if (node) mark(signalTokens(node, stem), IN_SIGNAL);
    mark(tokenize(`${section.title}\n${section.heading ?? ''}`, tokenizing), IN_HEADING);
  } else {
    mark(tokenize(`${section.title}\n${section.source}`, tokenizing), IN_BODY);
  }
  return { tokens: [...flags.keys()], bits: [...flags.values()], surfaces: [...surfaces] };
}

/**
 * Builds the search tables from sections (and, when present, their digest nodes and the
 * glossary). No model, no I/O. Per section and term it records whether the term is in the
 * body, in the distilled signal, or in the heading or page title; per section the body length.
 * Without nodes the whole raw source and title count as body (spec rule 7).
 */
export function buildSearchIndex(input: IndexInput): SearchTables {
  const stem = input.stem ?? true;
  const hasDigest = input.nodes !== undefined && input.nodes !== null;
  const indexed = input.sections.map((section) => indexSection(section, input.nodes?.get(section.id), hasDigest, stem));
  return assembleSearchTables({ sections: input.sections, indexed, hasDigest, stem, glossary: input.glossary ?? [], ...(input.pages === undefined ? {} : { pages: input.pages }) });
}

export interface AssembleInput {
  readonly sections: IndexInput['sections'];
  /** `indexSection` of each section, in the same order. */
  readonly indexed: readonly IndexedSection[];
  readonly hasDigest: boolean;
  readonly stem: boolean;
  readonly glossary: readonly GlossaryEntry[];
  readonly pages?: readonly PageOfKind[];
}

/** The header's pages of each kind other than guides, and the priors of those kinds. */
function kindTables(pageLines: readonly PageLine[], pages: readonly PageOfKind[]): Pick<SearchTables['header'], 'pageKinds' | 'kindPriors'> {
  const kinds = new Map<string, PageKind>(pages.map((page) => [page.slug, page.kind]));
  const pageKinds: Record<string, number[]> = {};
  const kindPriors: Record<string, number> = {};
  pageLines.forEach((line, number) => {
    const kind = kinds.get(line.slug) ?? 'guide';
    if (kind === 'guide') return;
    (pageKinds[kind] ??= []).push(number);
    kindPriors[kind] = PAGE_KIND_PRIORS[kind];
  });
  return { pageKinds, kindPriors };
}

/** The search tables from each section's `IndexedSection`: postings, lengths, pages, the section table. */
export function assembleSearchTables(input: AssembleInput): SearchTables {
  const { stem, hasDigest } = input;
  const postings = new Map<string, number[]>();
  // words as written that the stemmer changed
  const surfaces = new Map<string, string>();
  const sectionLines: string[] = [];
  const pageLines: PageLine[] = [];
  const pageNumbers = new Map<string, number>();
  const pages: number[] = [];
  const lengths: number[] = [];
  let totalLength = 0;
  /** The page's number, its line added when first seen; every section of a page must agree on it. */
  const pageNumber = (section: IndexInput['sections'][number]): number => {
    const slug = pageOf(section.id);
    const fragment = section.id.slice(slug.length);
    const url = section.url.endsWith(fragment) ? section.url.slice(0, section.url.length - fragment.length) : section.url;
    const known = pageNumbers.get(slug);
    if (known !== undefined) {
      const page = pageLines[known];
      if (page && (page.title !== section.title || page.url !== url || page.group !== section.group)) {
        throw new Error(`search tables: section ${section.id} disagrees with its page on title, url or group`);
      }
      return known;
    }
    pageNumbers.set(slug, pageLines.length);
    pageLines.push({ slug, title: section.title, url, group: section.group });
    return pageLines.length - 1;
  };

  input.sections.forEach((section, index) => {
    const record = input.indexed[index];
    if (record === undefined) throw new Error(`search tables: no tokens for section ${section.id}`);
    for (const [word, stemmed] of record.surfaces) if (!surfaces.has(word)) surfaces.set(word, stemmed);
    // length in distinct tokens: scoring counts a term once per section, so the chance of a match
    // grows with a section's vocabulary, not its word count (pivoted unique normalisation)
    let length = 0;
    record.tokens.forEach((token, at) => {
      const bits = record.bits[at] ?? 0;
      if (bits & IN_BODY) length += 1;
      let list = postings.get(token);
      if (list === undefined) {
        list = [];
        postings.set(token, list);
      }
      list.push((index << FLAG_BITS) | bits);
    });
    pages.push(pageNumber(section));
    lengths.push(length);
    sectionLines.push(encodeSectionLine({ anchor: anchorOf(section.id), heading: section.heading, text: section.text.normalize('NFKC') }));
    totalLength += length;
  });

  const vocab = [...postings.keys()].sort(compareCodeUnits);
  const position = new Map(vocab.map((term, at) => [term, at]));
  const surface = [...surfaces.keys()].filter((word) => position.has(surfaces.get(word) ?? '')).sort(compareCodeUnits);
  const glossary = input.glossary.map((entry) => ({
    phrases: [entry.term, ...entry.aliases].map((phrase) => uniqueTokens(phrase, { stem })).filter((tokens) => tokens.length > 0),
    add: uniqueTokens([entry.term, ...entry.aliases].join(' '), { stem }),
  }));
  return {
    header: {
      schema: SEARCH_SCHEMA_VERSION,
      tokenizer: TOKENIZER_VERSION,
      stemmed: stem,
      hasDigest,
      avgLength: sectionLines.length === 0 ? 0 : totalLength / sectionLines.length,
      pages,
      lengths,
      sectionBytes: sectionLines.map(utf8LineLength),
      df: vocab.map((term) => postings.get(term)?.length ?? 0),
      surface,
      surfaceStem: surface.map((word) => position.get(surfaces.get(word) ?? '') ?? -1),
      glossary,
      ...kindTables(pageLines, input.pages ?? []),
    },
    vocab,
    postings: vocab.map((term) => encodePostings(postings.get(term) ?? [])),
    sections: sectionLines,
    pages: pageLines,
  };
}
