import type { Heading, Nodes, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Page } from '../types.ts';
import { FRONTMATTER_TYPES } from './frontmatter.ts';
import type { Generator } from './generators/types.ts';
import { plainText } from './plain-text.ts';

/** A section before hashing: everything but the hash. */
export type UnhashedSection = Omit<import('../types.ts').Section, 'hash'>;

/** A chunk with the block nodes it is made of and where its source starts in the page. */
export interface Chunk {
  readonly section: UnhashedSection;
  /** Its block nodes as parsed with the page; null when the section is to be parsed from its own source (a merged one). */
  readonly nodes: RootContent[] | null;
  readonly start: number;
}

/** One heading of a page, of any depth, with the id its generator gives it and the section that holds it. */
export interface PageHeading {
  /** Its id as the generator makes it (custom ids and duplicate suffixes counted over every level). */
  readonly anchor: string;
  /** Its text as readers see it (`headingText`). */
  readonly text: string;
  /** The id of the section it lies in: its own for a heading that opens one. */
  readonly section: string;
}

/** A page's chunks, and every heading of it in document order. */
export interface ChunkedPage {
  readonly chunks: Chunk[];
  readonly headings: PageHeading[];
}

/** Depths that open a new section; deeper headings stay inside theirs. */
const SECTION_DEPTHS = new Set([2, 3]);

/** The page as the chunker reads it. */
export interface ChunkInput {
  /** The page's text, byte for byte (includes expanded): what each section's `source` is cut from. */
  readonly source: string;
  /** `generator.prepare(source)`: what was parsed into `tree` (same length, same lines). */
  readonly prepared: string;
  readonly tree: Root;
  readonly page: Page;
  readonly generator: Generator;
}

/**
 * The text of a heading as readers see it: its text and inline code, MDX elements' text, no raw
 * HTML (`<Badge>`), blank space folded.
 */
export function headingText(heading: Heading): string {
  return toString(heading, { includeHtml: false }).replace(/\s+/g, ' ').trim();
}

function startOffset(node: RootContent): number {
  const offset = node.position?.start.offset;
  if (offset === undefined) throw new Error(`mdast node '${node.type}' has no position`);
  return offset;
}

function holdsSectionHeading(node: Nodes): boolean {
  if (node.type === 'heading') return SECTION_DEPTHS.has(node.depth);
  return 'children' in node && (node.children as Nodes[]).some(holdsSectionHeading);
}

/**
 * The page's blocks in document order, with MDX elements that hold a `##`/`###` heading
 * (`<Steps>`, `<Tabs>`, `<TabItem>`) opened up into their children, so their headings start
 * sections like any other.
 */
function blocksOf(nodes: readonly RootContent[]): RootContent[] {
  const blocks: RootContent[] = [];
  for (const node of nodes) {
    if (node.type === 'mdxJsxFlowElement' && holdsSectionHeading(node)) blocks.push(...blocksOf(node.children));
    else blocks.push(node);
  }
  return blocks;
}

/**
 * Ids for every heading of the page, in document order, as the generator makes them: every
 * heading counted (any depth, nested ones too) so duplicates get the generator's suffixes; a
 * custom id written in the heading's original source wins.
 */
function anchorsInOrder(input: ChunkInput): Map<Heading, string> {
  const headings: { readonly node: Heading; readonly source: string; readonly customId: string | null }[] = [];
  const walk = (node: Nodes): void => {
    if (node.type === 'heading') {
      const start = node.position?.start.offset ?? 0;
      const end = node.position?.end.offset ?? start;
      const source = input.source.slice(start, end);
      headings.push({ node, source, customId: input.generator.customId(source) });
    }
    if ('children' in node) for (const child of node.children as Nodes[]) walk(child);
  };
  walk(input.tree);
  const customIds = new Set(headings.flatMap((heading) => (heading.customId === null ? [] : [heading.customId])));
  const assign = input.generator.headingIds({ customIds, source: input.source });
  return new Map(headings.map(({ node, source, customId }) => [node, assign({ text: headingText(node), customId, depth: node.depth, source })]));
}

interface OpenSection {
  readonly heading: Heading | null;
  readonly start: number;
  readonly nodes: RootContent[];
}

/**
 * Splits a parsed page into its intro chunk (everything before the first `##`, id `<slug>`)
 * and one section per `##`/`###` heading (id `<slug>#<anchor>`).
 * `source` of consecutive sections are adjacent slices of the page, so together they cover
 * everything after the frontmatter, byte for byte. `markup` is the same slice of the prepared
 * text when the generator changed something in it.
 */
export function chunkPage(input: ChunkInput): Chunk[] {
  return chunkPageWithHeadings(input).chunks;
}

/**
 * The section of each heading of the page: the last chunk that starts at or before it (the chunks'
 * sources are adjacent slices of the page, so that is the one whose source holds it).
 */
function headingsOf(anchors: ReadonlyMap<Heading, string>, chunks: readonly Chunk[]): PageHeading[] {
  const headings: PageHeading[] = [];
  for (const [node, anchor] of anchors) {
    const offset = node.position?.start.offset ?? 0;
    const holder = chunks.findLast((chunk) => chunk.start <= offset) ?? chunks[0];
    if (anchor !== '' && holder !== undefined) headings.push({ anchor, text: headingText(node), section: holder.section.id });
  }
  return headings;
}

/** `chunkPage`, with every heading of the page (any depth) and the section that holds it. */
export function chunkPageWithHeadings(input: ChunkInput): ChunkedPage {
  const { tree, source, prepared, page } = input;
  const anchors = anchorsInOrder(input);
  const frontmatter = tree.children.find((node) => FRONTMATTER_TYPES.has(node.type));
  const body = tree.children.filter((node) => node !== frontmatter);
  const bodyStart = frontmatter?.position?.end.offset ?? 0;

  const open: OpenSection[] = [{ heading: null, start: bodyStart, nodes: [] }];
  for (const node of blocksOf(body)) {
    if (node.type === 'heading' && SECTION_DEPTHS.has(node.depth) && anchors.get(node)) {
      open.push({ heading: node, start: startOffset(node), nodes: [node] });
    } else {
      open[open.length - 1]?.nodes.push(node);
    }
  }

  const chunks = open.map((section, index): Chunk => {
    const next = open[index + 1];
    const end = next ? next.start : source.length;
    const heading = section.heading;
    const anchor = heading ? (anchors.get(heading) ?? '') : null;
    const bodyNodes = heading ? section.nodes.slice(1) : section.nodes.filter((node) => !(node.type === 'heading' && node.depth === 1));
    const sliced = source.slice(section.start, end);
    const markup = prepared.slice(section.start, end);
    const unhashed: UnhashedSection = {
      id: anchor === null ? page.slug : `${page.slug}#${anchor}`,
      pageSlug: page.slug,
      anchor,
      title: page.title,
      heading: heading ? headingText(heading) : null,
      depth: heading ? (heading.depth as 2 | 3) : 1,
      group: page.group,
      url: anchor === null ? page.url : `${page.url}#${anchor}`,
      format: page.format,
      source: sliced,
      markup: markup === sliced ? null : markup,
      text: plainText(bodyNodes),
    };
    return { section: unhashed, nodes: section.nodes, start: section.start };
  });
  return { chunks: mergeSameIds(chunks), headings: headingsOf(anchors, chunks) };
}

/**
 * Sections whose headings got one id (a generator may give two headings the same id: Docusaurus
 * with an explicit id equal to a later slug, or a partial's heading equal to its host's) are one
 * section: the live site's link goes to the first, so the later ones' text joins it there and
 * nothing is lost.
 */
function mergeSameIds(chunks: readonly Chunk[]): Chunk[] {
  const merged = new Map<string, Chunk>();
  for (const chunk of chunks) {
    const first = merged.get(chunk.section.id);
    if (first === undefined) {
      merged.set(chunk.section.id, chunk);
      continue;
    }
    const a = first.section;
    const b = chunk.section;
    const markup = a.markup === null && b.markup === null ? null : (a.markup ?? a.source) + (b.markup ?? b.source);
    const text = [a.text, b.text].filter((part) => part !== '').join('\n');
    merged.set(a.id, { section: { ...a, source: a.source + b.source, markup, text }, nodes: null, start: first.start });
  }
  return [...merged.values()];
}

/** The text of the first `#` heading at the top level, if any. */
export function firstTitleHeading(tree: Root): string | null {
  for (const node of tree.children) {
    if (node.type === 'heading' && node.depth === 1) return headingText(node);
  }
  return null;
}
