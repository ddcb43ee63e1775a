import { DIGEST_FILES, pageMarkdownPath } from '../format/paths.ts';
import { withoutUnsafeLinks } from '../markdown/rewrite-links.ts';
import type { DigestNode } from '../types.ts';
import type { AskData } from './digest-data.ts';
import { ERRORS, RequestError, textResponse } from './errors.ts';

const PLAIN_TEXT = 'text/plain; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';
const MARKDOWN_SUFFIX = '.md';

/** The two llms.txt files the build writes at the digest root. */
export type LlmsFile = 'llms' | 'llmsFull';

/** `GET /llms.txt`, `/llms-full.txt` and the same under `{ask_base}`: the build's file as plain text, 404 when the digest has none. */
export async function llmsResponse(data: AskData, file: LlmsFile): Promise<Response> {
  const text = data.hasDigest ? await data.optionalText(DIGEST_FILES[file]) : undefined;
  if (text === undefined) throw new RequestError(404, ERRORS.notFound);
  return textResponse(text, PLAIN_TEXT);
}

/**
 * `GET {ask_base}/pages/{slug}.md` (`remainder` is the decoded path after `pages/`): the page's
 * Markdown file. The slug must be a page of the digest before any file is read, so an unknown
 * slug, `../x` included, is a 404 and never part of a path.
 */
export async function pageMarkdownResponse(data: AskData, remainder: string): Promise<Response> {
  const slug = remainder.endsWith(MARKDOWN_SUFFIX) ? remainder.slice(0, -MARKDOWN_SUFFIX.length) : null;
  if (slug === null || slug === '' || !data.hasDigest || !data.hasPage(slug)) throw new RequestError(404, ERRORS.notFound);
  const text = await data.optionalText(pageMarkdownPath(slug));
  if (text === undefined) throw new RequestError(404, ERRORS.notFound);
  return textResponse(text, MARKDOWN);
}

/**
 * `GET <page url>.md` (llmstxt.org's form, `index.html.md` for a url without a file name): the
 * page's Markdown file, the same as `{ask_base}/pages/{slug}.md`. `pathname` is the request's
 * decoded path; a path that is no page's Markdown url is a 404.
 */
export async function pageUrlMarkdownResponse(data: AskData, pathname: string): Promise<Response> {
  const slug = data.hasDigest ? data.pageOfMarkdownPath(pathname) : undefined;
  if (slug === undefined) throw new RequestError(404, ERRORS.notFound);
  return pageMarkdownResponse(data, `${slug}${MARKDOWN_SUFFIX}`);
}

/**
 * `GET {ask_base}/sections/{id}?format=markdown`: the node's Markdown, links as written in the
 * source but for those to no safe url (`javascript:`, `data:`...), which become their text.
 */
export function sectionMarkdownResponse(node: DigestNode): Response {
  return textResponse(withoutUnsafeLinks(node.markdown), MARKDOWN);
}
