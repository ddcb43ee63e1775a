/**
 * The digest's files for agents that read docs whole (a corpus output: they depend on every page),
 * made from the pages, the section nodes and the context text in memory:
 *
 * - `llms.txt` (the llms.txt convention): `# <site title>` (the home page's title, else the title of
 *   the page listed first), `> <summary>` (the context text's first
 *   paragraph), then per group, in the overview's order, `## <group>` and one line per page,
 *   `- [<title>](<url>): <what it is about>` (`pageAbout`); pages without a group under `## Other pages`.
 * - `pages/<slug>.md`: each page as one Markdown block, `# <title>`, `Source: <url>`, then its
 *   sections' clean Markdown (a leading `# <title>` of the intro dropped, being the block's own).
 * - `llms-full.txt`: every page's block in corpus order, a `---` line between two pages.
 *
 * Links in all three are the digest's own (`createLinkResolver`). Deterministic, LF, a final newline.
 */
import type { DigestNode, Page, Section } from '../types.ts';
import { OTHER_PAGES, pagesByGroup } from './overview.ts';
import { createLinkResolver, linkDestination, type LinkResolver } from './resolve-links.ts';

export interface LlmsInput {
  /** In corpus order. */
  readonly pages: readonly Page[];
  /** In corpus order: each page's sections in document order. */
  readonly sections: readonly Section[];
  /** One per section (any order). */
  readonly nodes: readonly DigestNode[];
  /** The context text (`context.md`). */
  readonly context: string;
}

export interface LlmsFiles {
  /** `llms.txt`. */
  readonly index: string;
  /** `llms-full.txt`. */
  readonly full: string;
  /** Each page's `pages/<slug>.md` text, by slug, in corpus order. */
  readonly pages: readonly (readonly [slug: string, text: string])[];
}

/** Text on one line: every run of blanks one space. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Plain text (a title, a summary, a description) as Markdown that reads back as that text: a
 * backslash before punctuation, brackets and `<` escaped, so nothing in it becomes a link, an
 * autolink (`<scope:team>`) or HTML.
 */
function plainText(text: string): string {
  return text.replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\').replace(/[[\]<]/g, '\\$&');
}

/** The first paragraph of a Markdown text that is not a heading, on one line. */
function firstParagraph(text: string): string {
  const paragraphs = text.split(/\n[ \t]*\n/).map((paragraph) => paragraph.trim());
  return oneLine(paragraphs.find((paragraph) => paragraph !== '' && !paragraph.startsWith('#')) ?? '');
}

/** Lowercase words only: for telling whether a summary only repeats a title. */
function words(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

const TITLE_LINE = /^# +(.*?)(?: +#+)? *(?:\n|$)/;

/** A page's Markdown after its block's title: the sections' Markdown, an intro's `# <title>` line dropped. */
function pageBody(page: Page, nodes: readonly DigestNode[]): string {
  const parts = nodes.map((node) => node.markdown.trim()).filter((part) => part !== '');
  const first = parts[0];
  const title = first === undefined ? null : TITLE_LINE.exec(first);
  if (first !== undefined && title && words(title[1] ?? '') === words(page.title)) parts[0] = first.slice(title[0].length).trim();
  return parts.filter((part) => part !== '').join('\n\n');
}

/**
 * A page's line in `llms.txt`: its frontmatter description (the author's own one-line summary,
 * as the overview shows it), else its intro's summary unless that only repeats the title.
 */
function pageAbout(page: Page, intro: DigestNode | undefined): string {
  if (page.description !== null && page.description.trim() !== '') return oneLine(page.description);
  const summary = oneLine(intro?.summary ?? '');
  return words(summary) === words(page.title) ? '' : summary;
}

/** A page's block: `# <title>`, `Source: <url>`, its sections' Markdown, links not yet resolved. */
function pageBlock(page: Page, nodes: readonly DigestNode[]): string {
  const body = pageBody(page, nodes);
  return [`# ${plainText(page.title)}`, `Source: ${page.url}`, ...(body === '' ? [] : [body])].join('\n\n');
}

/** `llms.txt`: the title, the summary, then the pages by group as the overview lists them. */
function llmsIndex(pages: readonly Page[], intros: ReadonlyMap<string, DigestNode>, context: string, resolve: LinkResolver): string {
  const groups = pagesByGroup(pages);
  // the home page, else the page listed first
  const home = pages.find((page) => page.slug === 'index') ?? groups[0]?.[1][0];
  const lines = [`# ${plainText(home?.title ?? 'Documentation')}`, ''];
  const summary = home === undefined ? firstParagraph(context) : oneLine(resolve(firstParagraph(context), home));
  if (summary !== '') lines.push(`> ${summary}`, '');
  for (const [name, groupPages] of groups) {
    lines.push(`## ${plainText(name ?? OTHER_PAGES)}`, '');
    for (const page of groupPages) {
      const about = plainText(pageAbout(page, intros.get(page.slug)));
      lines.push(`- [${plainText(page.title)}](${linkDestination(page.url)})${about === '' ? '' : `: ${about}`}`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Renders `llms.txt`, `llms-full.txt` and every `pages/<slug>.md` (see the module comment). */
export function renderLlmsFiles(input: LlmsInput): LlmsFiles {
  const { pages, sections } = input;
  const resolve = createLinkResolver(pages, new Set([...pages.map((page) => page.url), ...sections.map((section) => section.url)]));
  const nodesById = new Map(input.nodes.map((node) => [node.id, node]));
  const nodesByPage = new Map<string, DigestNode[]>();
  for (const section of sections) {
    const node = nodesById.get(section.id);
    if (node === undefined) continue;
    const list = nodesByPage.get(section.pageSlug);
    if (list) list.push(node);
    else nodesByPage.set(section.pageSlug, [node]);
  }
  const blocks = pages.map((page) => [page.slug, resolve(pageBlock(page, nodesByPage.get(page.slug) ?? []), page).trimEnd()] as const);
  return {
    index: llmsIndex(pages, nodesById, input.context, resolve),
    full: blocks.length === 0 ? '' : `${blocks.map(([, text]) => text).join('\n\n---\n\n')}\n`,
    pages: blocks.map(([slug, text]) => [slug, `${text}\n`] as const),
  };
}
