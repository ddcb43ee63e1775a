import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoSite, type DemoSite } from '../../pipeline/adapters/demo-site/index.ts';
import { realCorpora } from '../../scripts/bench/real-corpora.ts';
import { evalDigestDir } from '../support/eval-builds.ts';
import { noteMissingSharedEval, SHARED_EVAL_PRESENT } from '../support/shared-folder.ts';

// The preview of each real site of ../shared/eval (`ask serve --content`, in memory): every page
// reached from `/` by its links, and every internal `<a href>` of every page answers 200 and,
// with a `#anchor`, lands on an element of that id.

const ORIGIN = 'http://docs.test';
const corpora = realCorpora();

noteMissingSharedEval();

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" };
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (whole, hex?: string, dec?: string, name?: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : (named[name ?? ''] ?? whole),
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

interface Fetched {
  readonly status: number;
  readonly ids: ReadonlySet<string>;
  readonly hrefs: readonly string[];
  /** The pages of the sidebar (every page of the site). */
  readonly sidebar: readonly string[];
}

/** Every page of `site` reached from `/`, and each internal link's target, fetched once. */
async function crawl(site: DemoSite): Promise<{ pages: ReadonlySet<string>; sidebar: readonly string[]; links: number; distinct: number; problems: string[] }> {
  const fetched = new Map<string, Promise<Fetched>>();
  const get = (path: string): Promise<Fetched> => {
    let result = fetched.get(path);
    if (result === undefined) {
      result = site(new Request(`${ORIGIN}${path}`)).then(async (response) => {
        if (response === null) return { status: 404, ids: new Set<string>(), hrefs: [], sidebar: [] };
        const html = await response.text();
        const ids = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((match) => decodeEntities(match[1] ?? '')));
        const hrefs = [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((match) => decodeEntities(match[1] ?? ''));
        const nav = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
        const sidebar = [...nav.matchAll(/href="([^"]*)"/g)].map((match) => decodeEntities(match[1] ?? ''));
        return { status: response.status, ids, hrefs, sidebar };
      });
      fetched.set(path, result);
    }
    return result;
  };
  const problems: string[] = [];
  const seen = new Set<string>();
  let links = 0;
  const distinct = new Set<string>();
  let frontier = ['/'];
  while (frontier.length > 0) {
    const pages = frontier.filter((path) => !seen.has(path));
    for (const path of pages) seen.add(path);
    const next: string[] = [];
    await Promise.all(
      pages.map(async (from) => {
        const page = await get(from);
        for (const href of page.hrefs) {
          const url = new URL(href, `${ORIGIN}${from}`);
          if (url.origin !== ORIGIN) continue;
          links += 1;
          distinct.add(url.pathname + url.hash);
          const target = await get(url.pathname);
          if (target.status !== 200) {
            problems.push(`${from}: ${href} answers ${target.status}`);
            continue;
          }
          const anchor = safeDecode(url.hash.slice(1));
          if (anchor !== '' && !target.ids.has(anchor)) problems.push(`${from}: ${href} has no element of id '${anchor}'`);
          next.push(url.pathname);
        }
      }),
    );
    frontier = next;
  }
  return { pages: seen, sidebar: (await get('/')).sidebar, links, distinct: distinct.size, problems };
}

describe.skipIf(!SHARED_EVAL_PRESENT)('the preview of each real site: every internal link answers, every anchor is on its page', () => {
  const digests = new Map<string, string>();

  beforeAll(async () => {
    // the offline digests of the sets, shared with the other tests of the run
    for (const corpus of corpora) digests.set(corpus.name, await evalDigestDir(corpus));
  }, 600_000);

  it.each(corpora.map((corpus) => [corpus.name, corpus] as const))('%s', async (_name, corpus) => {
    const digestDir = digests.get(corpus.name);
    if (digestDir === undefined) throw new Error(`no digest of ${corpus.name}`);
    const warnings: string[] = [];
    const site = createDemoSite({ contentDir: corpus.docsDir, digestDir, endpoint: '/api/ask', log: (line) => warnings.push(line) });
    const { pages, sidebar, links, distinct, problems } = await crawl(site);
    console.info(`${corpus.name}: ${pages.size} pages, ${links} internal links checked (${distinct} distinct targets); ${warnings.length} pages have links to no page, shown as text`);
    expect(problems).toEqual([]);
    // the sidebar links every page: the crawl fetched them all
    expect(sidebar.length).toBeGreaterThan(10);
    expect(sidebar.filter((path) => !pages.has(path))).toEqual([]);
    expect(links).toBeGreaterThan(pages.size);
  });
});
