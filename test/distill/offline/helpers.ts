/**
 * Hand-built pages and sections for the offline distiller's tests (the
 * chunker is not a dependency): a section is its Markdown source, with the
 * fields the distiller reads filled in the way the content model defines them.
 */
import { pageKind } from '../../../pipeline/content/page-kind.ts';
import type { CorpusInput, DigestNode, Page, Section } from '../../../pipeline/types.ts';

/** A page; `slug` defaults from the file name, `group` from its first folder, `kind` as the content stage reads it. */
export function makePage(file: string, overrides: Partial<Page> = {}): Page {
  const slug = file.replace(/\.(md|mdx)$/, '').replace(/(^|\/)(index|README)$/, '');
  const group = file.includes('/') ? (file.split('/')[0] ?? null) : null;
  const title = overrides.title ?? slug;
  return {
    file,
    format: file.endsWith('.mdx') ? 'mdx' : 'md',
    slug,
    url: `/${slug}`,
    title,
    description: null,
    group,
    kind: pageKind({ file, urlPath: overrides.slug ?? slug, title, frontmatter: {} }),
    ...overrides,
  };
}

/** The plain text of a body, roughly as the chunker gives it (markup stripped). */
function roughText(body: string): string {
  return body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[`*_>#|]/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A section of `page` from its source. The heading, depth and anchor are read
 * from a leading `##`/`###` line; without one it is the intro chunk.
 */
export function makeSection(page: Page, source: string): Section {
  const match = /^(#{2,3})\s+(.+)$/m.exec(source);
  const leading = match !== null && source.trimStart().startsWith(match[0]);
  const heading = leading && match ? match[2]?.replace(/`/g, '').trim() ?? null : null;
  const depth = leading && match ? (match[1]?.length === 3 ? 3 : 2) : 1;
  const anchor = heading === null ? null : heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
  const body = leading && match ? source.slice(source.indexOf(match[0]) + match[0].length) : source;
  return {
    id: anchor === null ? page.slug : `${page.slug}#${anchor}`,
    pageSlug: page.slug,
    anchor,
    title: page.title,
    heading,
    depth,
    group: page.group,
    url: anchor === null ? page.url : `${page.url}#${anchor}`,
    format: page.format,
    markup: null,
    source,
    text: roughText(body),
    hash: `hash-of-${page.slug}-${anchor ?? 'intro'}`,
  };
}

/** A one-section-per-source corpus, with digest nodes filled from `distil`'s terms and modes. */
export function makeCorpus(
  entries: readonly { page: Page; sources: readonly string[] }[],
  node: (section: Section) => Pick<DigestNode, 'terms' | 'mode' | 'summary'> = () => ({
    terms: [],
    mode: 'agent-primary',
    summary: '',
  }),
): CorpusInput {
  const pages = entries.map((entry) => entry.page);
  const sections = entries.flatMap((entry) => entry.sources.map((source) => makeSection(entry.page, source)));
  const nodes = sections.map((section) => sectionNode(section, { facts: [], ...node(section) }));
  return { pages, sections, nodes };
}

/**
 * The digest node of `section` holding `content` exactly as given: the section's id,
 * title, heading, group, url and its one source filled in the way `nodeFromDistillation`
 * fills them, but without its verbatim filter, trimming or deduplication, so a test sees
 * what the distiller itself returned.
 */
export function sectionNode(section: Section, content: Pick<DigestNode, 'summary' | 'facts' | 'mode' | 'terms'>): DigestNode {
  return {
    id: section.id,
    kind: 'section',
    title: section.title,
    heading: section.heading,
    group: section.group,
    url: section.url,
    sources: [{ chunkId: section.id, url: section.url, anchor: section.anchor }],
    markdown: section.source,
    ...content,
  };
}
