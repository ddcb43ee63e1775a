import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { AskClient } from '../client/ask-client.ts';
import { freshnessMeta, type Freshness } from './freshness.ts';
import type { SectionDirectory } from './section-directory.ts';
import { callRoute } from './tool-result.ts';

/** The resource URI of a page: `ask://pages/<slug>`, each segment of the slug percent-encoded. */
export function pageUri(slug: string): string {
  return `ask://pages/${slug.split('/').map(encodeURIComponent).join('/')}`;
}

/** The page route of a slug: `/pages/<slug>.md`, each segment percent-encoded. */
function pageRoute(slug: string): string {
  return `/pages/${slug.split('/').map(encodeURIComponent).join('/')}.md`;
}

/**
 * The slug a matched `{+slug}` stands for, or null when it cannot be a page's: not one
 * percent-decodable string, or with an empty, `.` or `..` segment (which a URL would resolve
 * into another route before the handler saw it).
 */
function slugOf(matched: string | string[] | undefined): string | null {
  if (typeof matched !== 'string') return null;
  let slug: string;
  try {
    slug = decodeURIComponent(matched);
  } catch {
    return null;
  }
  return slug.split('/').some((segment) => segment === '' || segment === '.' || segment === '..') ? null : slug;
}

async function readPage(client: AskClient, uri: URL, matched: string | string[] | undefined): Promise<ReadResourceResult> {
  const slug = slugOf(matched);
  const answer = slug === null ? null : await callRoute(client, pageRoute(slug));
  if (answer === null || !answer.ok) throw new McpError(ErrorCode.InvalidParams, `Resource ${uri.href} not found`);
  const meta = freshnessMeta(answer.freshness);
  return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: answer.text, _meta: meta }], _meta: meta };
}

/**
 * Every page of the digest as the resource `ask://pages/<slug>` (its clean Markdown, from
 * `GET {ask_base}/pages/<slug>.md`; `index` is the home page), listed through the template's list
 * callback from the section list. A read carries the digest stamp in `_meta`.
 */
export function registerPageResources(server: McpServer, client: AskClient, directory: (seen?: Freshness) => Promise<SectionDirectory>): void {
  const template = new ResourceTemplate('ask://pages/{+slug}', {
    list: async () => ({
      resources: (await directory()).pages.map((page) => ({
        uri: pageUri(page.slug),
        name: page.slug,
        title: page.title,
        description: `${page.title}${page.group === null ? '' : ` (${page.group})`}, ${page.url}`,
        mimeType: 'text/markdown',
      })),
    }),
  });
  server.registerResource(
    'pages',
    template,
    { title: 'Documentation pages', description: 'Each page of the documentation as clean Markdown, links resolved to the site.', mimeType: 'text/markdown' },
    (uri, variables) => readPage(client, uri, variables['slug']),
  );
}
