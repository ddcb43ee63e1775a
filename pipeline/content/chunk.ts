import GithubSlugger from 'github-slugger';
import type { Heading, Nodes, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Page } from '../types.ts';
import { plainText } from './plain-text.ts';

/** A section before hashing: everything but the hash. */
export type UnhashedSection = Omit<import('../types.ts').Section, 'hash'>;

/** A chunk with the top-level nodes it is made of and where its source starts in the page. */
export interface Chunk {
  readonly section: UnhashedSection;
  readonly nodes: RootContent[];
  readonly start: number;
}

/** Depths that open a new section; deeper headings stay inside theirs. */
const SECTION_DEPTHS = new Set([2, 3]);

function headingText(heading: Heading): string {
  return toString(heading).replace(/\s+/g, ' ').trim();
}

/**
 * Anchors for every heading of the page, in document order, made as GitHub makes them:
 * one slugger per page, every heading counted (any depth, nested ones too), so a repeated
 * heading gets `-1`, `-2`.
 */
function anchorsInOrder(tree: Root): Map<Heading, string> {
  const slugger = new GithubSlugger();
  const anchors = new Map<Heading, string>();
  const walk = (node: Nodes): void => {
    if (node.type === 'heading') anchors.set(node, slugger.slug(toString(node)));
    if ('children' in node) for (const child of node.children as Nodes[]) walk(child);
  };
  walk(tree);
  return anchors;
}

function startOffset(node: RootContent): number {
  const offset = node.position?.start.offset;
  if (offset === undefined) throw new Error(`mdast node '${node.type}' has no position`);
  return offset;
}

interface OpenSection {
  readonly heading: Heading | null;
  readonly start: number;
  readonly nodes: RootContent[];
}

/**
 * Splits a parsed page into its intro chunk (everything before the first `##`, id `<slug>`)
 * and one section per top-level `##`/`###` heading (id `<slug>#<anchor>`).
 * `source` of consecutive sections are adjacent slices of the page, so together they cover
 * everything after the frontmatter, byte for byte.
 */
export function chunkPage(tree: Root, source: string, page: Page): Chunk[] {
  const anchors = anchorsInOrder(tree);
  const body = tree.children.filter((node) => node.type !== 'yaml');
  const frontmatter = tree.children.find((node) => node.type === 'yaml');
  const bodyStart = frontmatter?.position?.end.offset ?? 0;

  const open: OpenSection[] = [{ heading: null, start: bodyStart, nodes: [] }];
  for (const node of body) {
    if (node.type === 'heading' && SECTION_DEPTHS.has(node.depth) && anchors.get(node)) {
      open.push({ heading: node, start: startOffset(node), nodes: [node] });
    } else {
      open[open.length - 1]?.nodes.push(node);
    }
  }

  return open.map((section, index) => {
    const next = open[index + 1];
    const end = next ? next.start : source.length;
    const heading = section.heading;
    const anchor = heading ? (anchors.get(heading) ?? '') : null;
    const bodyNodes = heading ? section.nodes.slice(1) : section.nodes.filter((node) => !(node.type === 'heading' && node.depth === 1));
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
      source: source.slice(section.start, end),
      text: plainText(bodyNodes),
    };
    return { section: unhashed, nodes: section.nodes, start: section.start };
  });
}

/** The text of the first `#` heading at the top level, if any. */
export function firstTitleHeading(tree: Root): string | null {
  for (const node of tree.children) {
    if (node.type === 'heading' && node.depth === 1) return headingText(node);
  }
  return null;
}
