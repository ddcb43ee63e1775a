import type { Nodes, Root, RootContent } from 'mdast';
import type { Page, Section } from '../types.ts';
import { chunkPageWithHeadings, firstTitleHeading, type PageHeading } from './chunk.ts';
import { ContentError } from './errors.ts';
import { checkFrontmatterClosed, FRONTMATTER_TYPES, readFrontmatter } from './frontmatter.ts';
import type { Generator } from './generators/types.ts';
import { slugOfPath } from './generators/url-style.ts';
import { hashSection } from './hash.ts';
import { pageKind } from './page-kind.ts';
import { parseMarkdown } from '../markdown/parse.ts';
import { ParseLimitError } from '../markdown/parse-limits.ts';
import { pageUrl, resolveSite, type PageSite } from './site.ts';
import { fileTitle, groupFromPath, validateSlug } from './slug.ts';

export interface ReadPage {
  readonly page: Page;
  readonly sections: readonly Section[];
}

/**
 * A page just parsed: its sections with the syntax tree of each, as parsed with the whole page
 * (offsets relative to the section's `source`; null where the chunker kept no nodes), for the
 * stages that read a section next, so that a section is parsed once per build.
 */
export interface ParsedPage extends ReadPage {
  readonly trees: readonly (Root | null)[];
  /** Every heading of the page (any depth), in document order, with its id and the section that holds it. */
  readonly headings: readonly PageHeading[];
}

function shift(node: Nodes, by: number): void {
  const position = node.position;
  if (position) {
    if (position.start.offset !== undefined) position.start.offset -= by;
    if (position.end.offset !== undefined) position.end.offset -= by;
  }
  if ('children' in node) for (const child of node.children as Nodes[]) shift(child, by);
}

/** A section's own tree: its nodes, with offsets made relative to `section.source`. */
function sectionRoot(nodes: RootContent[], startOffset: number): Root {
  for (const node of nodes) shift(node, startOffset);
  return { type: 'root', children: nodes };
}

function parsePage(file: string, prepared: string, format: 'md' | 'mdx'): Root {
  try {
    return parseMarkdown(prepared, format);
  } catch (error) {
    if (error instanceof ParseLimitError) throw new ContentError(file, `refused before parsing: ${error.message} (a parse limit; simplify or split the page)`);
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ContentError(file, `cannot parse ${format === 'mdx' ? 'MDX' : 'Markdown'} (${reason}); fix the syntax there`);
  }
}

function prepareAs(file: string, source: string, generator: Generator, format: 'md' | 'mdx'): string {
  const prepared = generator.prepare(source, format);
  if (prepared.length !== source.length) throw new Error(`${generator.name}: prepare changed the length of ${file}`);
  return prepared;
}

/**
 * The page prepared and parsed in the dialect its generator reads it in (`Generator.format`, else
 * by the extension). A page that dialect is a site-wide default for (Docusaurus `.md` as MDX) but
 * that is no MDX is read by its extension, as a site whose config says `markdown.format: 'detect'`
 * reads it (configs are not read).
 */
function prepareAndParse(file: string, source: string, generator: Generator): { format: 'md' | 'mdx'; prepared: string; tree: Root } {
  const byExtension = file.toLowerCase().endsWith('.mdx') ? 'mdx' : 'md';
  const format = generator.format?.(file, source) ?? byExtension;
  const prepared = prepareAs(file, source, generator, format);
  try {
    return { format, prepared, tree: parsePage(file, prepared, format) };
  } catch (error) {
    if (format === byExtension) throw error;
    const fallback = prepareAs(file, source, generator, byExtension);
    return { format: byExtension, prepared: fallback, tree: parsePage(file, fallback, byExtension) };
  }
}

/**
 * Reads one content file into its page and hashed sections, following the content model of
 * the contract and the site's generator (`site`, or a bare site URL for `plain`). `source` is
 * the page's text with its includes expanded. Returns null for a hidden page (draft...).
 * Throws a ContentError naming the file for unclosed or invalid frontmatter, invalid MDX or an unusable url.
 */
export function readPage(file: string, source: string, site: PageSite | string): ParsedPage | null {
  const { generator, siteUrl, urlStyle } = resolveSite(site);
  checkFrontmatterClosed(source, file);
  const { format, prepared, tree } = prepareAndParse(file, source, generator);
  const { fields, data } = readFrontmatter(tree, file);
  if (generator.hidden(data)) return null;
  const bodyStart = tree.children[0] && FRONTMATTER_TYPES.has(tree.children[0].type) ? (tree.children[0].position?.end.offset ?? 0) : 0;
  const urlPath = generator.route({ file, frontmatter: data, body: source.slice(bodyStart) }, urlStyle);
  const slug = validateSlug(slugOfPath(urlPath), file);
  const title = fields.title ?? firstTitleHeading(tree) ?? generator.untitledName?.(data) ?? fileTitle(file);
  const page: Page = {
    file,
    format,
    slug,
    url: pageUrl(siteUrl, urlPath),
    title,
    description: fields.description ?? null,
    group: fields.group ?? groupFromPath(file),
    kind: pageKind({ file, urlPath, title, frontmatter: data }),
  };
  const { chunks, headings } = chunkPageWithHeadings({ source, prepared, tree, page, generator });
  return {
    page,
    sections: chunks.map((chunk) => hashSection(chunk.section)),
    trees: chunks.map((chunk) => (chunk.nodes === null ? null : sectionRoot(chunk.nodes, chunk.start))),
    headings,
  };
}
