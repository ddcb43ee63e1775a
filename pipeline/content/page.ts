import type { Page, Section } from '../types.ts';
import { chunkPage, firstTitleHeading } from './chunk.ts';
import { ContentError } from './errors.ts';
import { readFrontmatter } from './frontmatter.ts';
import { hashSection } from './hash.ts';
import { keepSectionTree } from './section-trees.ts';
import { parseMarkdown } from './parse.ts';
import { fileTitle, groupFromPath, slugFromPath, validateSlug } from './slug.ts';

export interface ReadPage {
  readonly page: Page;
  readonly sections: readonly Section[];
}

/** Joins the site URL and a slug with exactly one `/` between them. */
export function pageUrl(siteUrl: string, slug: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/${slug}`;
}

/**
 * Reads one content file into its page and hashed sections, following the content model of
 * the contract. Returns null for a draft. Throws a ContentError naming the file for invalid
 * frontmatter, invalid MDX or an unusable slug.
 */
export function readPage(file: string, source: string, siteUrl: string): ReadPage | null {
  const format = file.toLowerCase().endsWith('.mdx') ? 'mdx' : 'md';
  let tree;
  try {
    tree = parseMarkdown(source, format);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ContentError(file, `cannot parse ${format === 'mdx' ? 'MDX' : 'Markdown'} (${reason}); fix the syntax there`);
  }
  const frontmatter = readFrontmatter(tree, file);
  if (frontmatter.draft === true) return null;
  const slug = validateSlug(frontmatter.slug ?? slugFromPath(file), file);
  const page: Page = {
    file,
    format,
    slug,
    url: pageUrl(siteUrl, slug),
    title: frontmatter.title ?? firstTitleHeading(tree) ?? fileTitle(file),
    description: frontmatter.description ?? null,
    group: frontmatter.group ?? groupFromPath(file),
  };
  const sections = chunkPage(tree, source, page).map((chunk) => {
    const section = hashSection(chunk.section);
    keepSectionTree(section, chunk.nodes, chunk.start);
    return section;
  });
  return { page, sections };
}
