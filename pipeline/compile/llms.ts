/**
 * The digest's files for agents that read docs whole (a corpus output: they depend on every page),
 * made from the pages, the section nodes, the site's identity and navigation in memory:
 *
 * - `llms.txt`, as llmstxt.org writes it: `# <site name>`, `> <site description>` (stated, else
 *   taken from the home page or the context: `resolveIdentity`, one line), then one
 *   `## <group>` per navigation group in sidebar order (pages outside any group under `## Docs`),
 *   one line per page, `- [<title>](<page url>.md): <what it is about>` (`pageMarkdownUrl`,
 *   `pageAbout`; a page with nothing to say is left out); changelogs, blogs and release notes
 *   last, under `## Optional`.
 * - `pages/<slug>.md`: each page as one Markdown block, `# <title>`, `Source: <url>`, then its
 *   sections' clean Markdown (a leading `# <title>` of the intro dropped, being the block's own).
 * - `llms-full.txt`: every page's block in corpus order, a `---` line between two pages. A page
 *   starts at its `# <title>` line followed by a blank line and a `Source: <url>` line; a body
 *   cannot forge that start: in a body, a line that begins `Source:` after an H1 line (blank lines
 *   between) is written `Source\:` (`unforgeableBody`), and every title is one line.
 *
 * Titles, names, group labels and descriptions are made one line (`oneLine`) before they are
 * written, so a frontmatter title with line breaks cannot add headings or list items; the `>`
 * line's text is escaped where its start would open a block in the quote (`quotedText`).
 *
 * Links in the page blocks are the digest's own (`createLinkResolver`). Deterministic, LF, a final newline.
 *
 * Given the previous build's renders (`PageRenders`), a page whose block and link answers are
 * what they were is not rendered again: its text is the previous digest's, and its file is linked.
 */
import type { NavigationGroup } from '../content/site-config/navigation.ts';
import type { ResolvedIdentity } from '../content/site-config/identity.ts';
import type { DigestNode, Page, Section } from '../types.ts';
import { pageMarkdownUrl } from '../format/markdown-url.ts';
import { UNGROUPED } from '../format/group-labels.ts';
import { linkDestination } from '../markdown/rewrite-links.ts';
import { linkUnits } from './link-units.ts';
import { createLinkResolver, type LinkResolver } from './resolve-links.ts';
import { sha256 } from '../content/index.ts';
import { pageRenderKey, type PageRenders } from './page-renders.ts';
import { WatchedUrls } from './watched-urls.ts';

export interface LlmsInput {
  /** In corpus order. */
  readonly pages: readonly Page[];
  /** In corpus order: each page's sections in document order. */
  readonly sections: readonly Section[];
  /** One per section (any order). */
  readonly nodes: readonly DigestNode[];
  /** The site's name and description: the H1 and the `>` line of llms.txt. */
  readonly identity: ResolvedIdentity;
  /** The pages by group in sidebar order. */
  readonly navigation: readonly NavigationGroup[];
}

export interface LlmsFiles {
  /** `llms.txt`. */
  readonly index: string;
  /** `llms-full.txt`. */
  readonly full: string;
  /** Each page's `pages/<slug>.md` text, by slug, in corpus order. */
  readonly pages: readonly (readonly [slug: string, text: string])[];
  /** The pages whose text was taken from the previous digest (`PageRenders`): their files are to be linked, not written. */
  readonly kept: ReadonlySet<string>;
}

/** Text on one line: every run of blanks and control characters (line breaks among them) one space. */
function oneLine(text: string): string {
  return text.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/**
 * Plain text (a title, a summary, a description) as Markdown that reads back as that text: a
 * backslash before punctuation, brackets and `<` escaped, so nothing in it becomes a link, an
 * autolink (`<scope:team>`) or HTML.
 */
function plainText(text: string): string {
  return text.replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\').replace(/[[\]<]/g, '\\$&');
}

/** A title, a name or a label as one line of Markdown that reads back as that text. */
function titleText(text: string): string {
  return plainText(oneLine(text));
}

/** What opens a block at the start of a line: an ATX heading, a bullet, a quote, a fence, a thematic break. */
const BLOCK_OPENER = /^(?:#{1,6}(?=[ \t]|$)|[-+*](?=[ \t]|$)|>|`{3,}|~{3,}|([-*_])(?:[ \t]*\1){2,}[ \t]*$)/;
/** An ordered list item's number (`1. `, `2) `): its delimiter is what is escaped. */
const ORDERED_ITEM = /^\d{1,9}(?=[.)](?:[ \t]|$))/;

/**
 * The `>` line's text (already `titleText`) with a start that would open a block inside the quote
 * backslash-escaped, so the quote is one paragraph that reads back as the text; any other text as it is.
 */
function quotedText(text: string): string {
  if (ORDERED_ITEM.test(text)) return text.replace(ORDERED_ITEM, '$&\\');
  return BLOCK_OPENER.test(text) ? `\\${text}` : text;
}

/**
 * The line of a page block after its title, and what a body line that would pass for one becomes:
 * `Source:` after an H1 line (ATX, up to three spaces before the `#`) and only blank lines.
 */
const SOURCE_LINE = /^( {0,3}#[ \t].*\n(?:[ \t]*\n)*[ \t]*Source):/gm;

/** A page body in which no `# <title>` + `Source:` pair can pass for the start of another page (see the module comment). */
function unforgeableBody(body: string): string {
  return body.replace(SOURCE_LINE, '$1\\:');
}

/** Lowercase words only: for telling whether a summary only repeats a title. */
function words(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

const TITLE_LINE = /^# +(.*?)(?: +#+)? *(?:\n|$)/;

/**
 * A page's Markdown after its block's title: the sections' Markdown, the intro's leading `# ...`
 * line dropped, as the block's title is the page's one H1 (also where the frontmatter title and
 * the body's H1 differ: `title: Hono - Web framework` over `# Hono`).
 */
function pageParts(nodes: readonly DigestNode[]): string[] {
  const parts = nodes.map((node) => node.markdown.trim()).filter((part) => part !== '');
  const first = parts[0];
  const title = first === undefined ? null : TITLE_LINE.exec(first);
  if (first !== undefined && title) parts[0] = first.slice(title[0].length).trim();
  return parts.filter((part) => part !== '');
}

/**
 * A page's line in `llms.txt`: its frontmatter description (the author's own one-line summary),
 * else the first summary of its sections with text (the intro's first) that says more than the title,
 * '' when none of its sections has text.
 */
function pageAbout(page: Page, nodes: readonly DigestNode[]): string {
  if (page.description !== null && page.description.trim() !== '') return oneLine(page.description);
  // a section with no text of its own (a bare title) has a summary that only says so
  const summaries = nodes
    .filter((node) => node.markdown.replace(/^#{1,6}[ \t].*$/gm, '').trim() !== '')
    .map((node) => oneLine(node.summary))
    .filter((summary) => summary !== '');
  return summaries.find((summary) => words(summary) !== words(page.title)) ?? summaries[0] ?? '';
}

/** Every page but the documentation itself (blog posts, changelogs, release notes, news...: `Page.kind`) is listed under `## Optional`, which an agent with little room may skip. */
function isOptionalPage(page: Page): boolean {
  return page.kind !== 'guide';
}

/** A page's block (`# <title>`, `Source: <url>`, its sections' Markdown, links not yet resolved), and its units for the resolver (link-units.ts). */
function pageBlock(page: Page, nodes: readonly DigestNode[]): { readonly block: string; readonly units: readonly string[] | null } {
  const parts = pageParts(nodes);
  const body = unforgeableBody(parts.join('\n\n'));
  const header = `# ${titleText(page.title)}\n\nSource: ${page.url}`;
  const block = body === '' ? header : `${header}\n\n${body}`;
  return { block, units: linkUnits(block, header, parts.map(unforgeableBody)) };
}

/** `llms.txt`: the site's name and description, then the pages by navigation group, the optional ones last. */
function llmsIndex(input: LlmsInput, nodesByPage: ReadonlyMap<string, readonly DigestNode[]>): string {
  const lines = [`# ${titleText(input.identity.name)}`, ''];
  if (input.identity.description !== null) lines.push(`> ${quotedText(titleText(input.identity.description))}`, '');
  const about = new Map(input.navigation.flatMap((group) => group.pages).map((page) => [page, pageAbout(page, nodesByPage.get(page.slug) ?? [])]));
  const entry = (page: Page): string => `- [${titleText(page.title)}](${linkDestination(pageMarkdownUrl(page.url))}): ${plainText(about.get(page) ?? '')}`;
  // a page with nothing to say (a redirect, a bare title) is not listed: its Markdown is still served
  const said = (page: Page): boolean => (about.get(page) ?? '') !== '';
  const optional: Page[] = [];
  for (const group of input.navigation) {
    const listed = group.pages.filter((page) => said(page) && !isOptionalPage(page));
    optional.push(...group.pages.filter((page) => said(page) && isOptionalPage(page)));
    if (listed.length === 0) continue;
    lines.push(`## ${titleText(group.label ?? UNGROUPED)}`, '', ...listed.map(entry), '');
  }
  if (optional.length > 0) lines.push('## Optional', '', ...optional.map(entry), '');
  return `${lines.join('\n').trimEnd()}\n`;
}

/** A page's text (its block, links resolved, no final newline): the previous digest's when `renders` keeps it, else rendered and noted there. */
function pageText(page: Page, { block, units }: ReturnType<typeof pageBlock>, resolve: LinkResolver, urls: WatchedUrls, renders: PageRenders | undefined): { readonly text: string; readonly kept: boolean } {
  const resolved = (): string => (units === null ? resolve(block, page) : units.map((unit) => resolve(unit, page)).join('\n\n')).trimEnd();
  if (renders === undefined) return { text: resolved(), kept: false };
  const key = pageRenderKey(page, block);
  const kept = renders.kept(page.slug, key, urls);
  // the file is the block and a final newline
  if (kept !== null) return { text: kept.slice(0, -1), kept: true };
  const { value: text, asked } = urls.watch(resolved);
  const present: string[] = [];
  const absent: string[] = [];
  for (const [url, answer] of asked) (answer ? present : absent).push(url);
  renders.rendered(page.slug, { key, present, absent, text: sha256(`${text}\n`) });
  return { text, kept: false };
}

/**
 * Renders `llms.txt`, `llms-full.txt` and every `pages/<slug>.md` (see the module comment);
 * with `renders`, only the pages it does not keep.
 */
export function renderLlmsFiles(input: LlmsInput, renders?: PageRenders): LlmsFiles {
  const { pages, sections } = input;
  const urls = new WatchedUrls([...pages.map((page) => page.url), ...sections.map((section) => section.url)]);
  const resolve = createLinkResolver(pages, urls);
  const nodesById = new Map(input.nodes.map((node) => [node.id, node]));
  const nodesByPage = new Map<string, DigestNode[]>();
  for (const section of sections) {
    const node = nodesById.get(section.id);
    if (node === undefined) continue;
    const list = nodesByPage.get(section.pageSlug);
    if (list) list.push(node);
    else nodesByPage.set(section.pageSlug, [node]);
  }
  const kept = new Set<string>();
  const blocks = pages.map((page) => {
    const made = pageText(page, pageBlock(page, nodesByPage.get(page.slug) ?? []), resolve, urls, renders);
    if (made.kept) kept.add(page.slug);
    return [page.slug, made.text] as const;
  });
  return {
    index: llmsIndex(input, nodesByPage),
    full: blocks.length === 0 ? '' : `${blocks.map(([, text]) => text).join('\n\n---\n\n')}\n`,
    pages: blocks.map(([slug, text]) => [slug, `${text}\n`] as const),
    kept,
  };
}
