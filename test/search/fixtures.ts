import { buildSearchIndex } from '../../pipeline/search/index-build.ts';
import type { SearchTables } from '../../pipeline/format/search-tables.ts';
import type { SearchIndex } from '../../pipeline/search/open.ts';
import { openSearchIndex } from '../../pipeline/search/open.ts';
import type { DigestNode, GlossaryEntry, PageKind, Section } from '../../pipeline/types.ts';

/** What a test says about one section; the rest is filled in. */
export interface SectionSpec {
  readonly id: string;
  readonly title?: string;
  readonly heading?: string | null;
  readonly text?: string;
  readonly terms?: readonly string[];
  readonly summary?: string;
  readonly facts?: readonly string[];
  readonly group?: string | null;
}

export function section(spec: SectionSpec): Section {
  const hash = spec.id.indexOf('#');
  const slug = hash === -1 ? spec.id : spec.id.slice(0, hash);
  const anchor = hash === -1 ? null : spec.id.slice(hash + 1);
  const heading = spec.heading === undefined ? anchor : spec.heading;
  const text = spec.text ?? '';
  return {
    id: spec.id,
    pageSlug: slug,
    anchor,
    title: spec.title ?? slug,
    heading,
    depth: anchor === null ? 1 : 2,
    group: spec.group ?? null,
    url: `/${spec.id}`,
    format: 'md',
    markup: null,
    source: `${heading ? `## ${heading}\n\n` : ''}${text}\n`,
    text,
    hash: spec.id,
  };
}

export function node(spec: SectionSpec, built: Section): DigestNode {
  return {
    id: built.id,
    kind: 'section',
    title: built.title,
    heading: built.heading,
    group: built.group,
    url: built.url,
    summary: spec.summary ?? '',
    facts: (spec.facts ?? []).map((literal) => ({ kind: 'code', literal, chunkId: built.id })),
    sources: [{ chunkId: built.id, url: built.url, anchor: built.anchor }],
    mode: 'agent-primary',
    terms: [...(spec.terms ?? [])],
    markdown: built.source,
  };
}

export interface IndexSpecOptions {
  readonly glossary?: GlossaryEntry[];
  readonly withDigest?: boolean;
  readonly stem?: boolean;
  /** Kinds of pages other than guides, by page slug. */
  readonly kinds?: Readonly<Record<string, PageKind>>;
}

/** The built (unwritten) search tables over the given sections (with a digest unless `withDigest` is false). */
export function tablesOf(specs: readonly SectionSpec[], options: IndexSpecOptions = {}): SearchTables {
  const sections = specs.map(section);
  const nodes = options.withDigest === false ? null : new Map(specs.map((spec, at) => [spec.id, node(spec, sections[at] as Section)]));
  const pages = Object.entries(options.kinds ?? {}).map(([slug, kind]) => ({ slug, kind }));
  return buildSearchIndex({ sections, nodes, glossary: options.glossary ?? [], pages, ...(options.stem === undefined ? {} : { stem: options.stem }) });
}

/** Search tables over the given sections, opened for queries. */
export function indexOf(specs: readonly SectionSpec[], options: IndexSpecOptions = {}): SearchIndex {
  return openSearchIndex(tablesOf(specs, options));
}
