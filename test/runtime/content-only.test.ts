import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const PAGES = {
  'content/guide/start.md': '# Start\n\nA workspace is a development environment.\n\n## Install\n\nRun `svc install --yes` to install the CLI.\n\n## Log in\n\nUse `svc login`.\n',
  'content/ref.md': '# Reference\n\n## Flags\n\n| Flag | Default |\n|---|---|\n| `--url` | none |\n',
};

const freshFolder = tempFoldersPerTest();

async function contentOnlyHandler(pages: Record<string, string> = PAGES) {
  const folder = await freshFolder(pages);
  const lines: string[] = [];
  const handler = createNodeAskHandler({ digestDir: path.join(folder.dir, 'digest'), contentDir: path.join(folder.dir, 'content'), log: (line) => lines.push(line), processEnv: {} });
  const get = (route: string) => handler(new Request(`http://docs.test/api/ask${route}`));
  const root = (route: string) => handler(new Request(`http://docs.test${route}`));
  const post = (body: unknown) => handler(new Request('http://docs.test/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
  return { get, root, post, lines };
}

describe('a content folder with no digest (spec rule 7)', () => {
  it('answers keyword search over the raw chunk text, and says once in the log that there is no digest', async () => {
    const { post, lines } = await contentOnlyHandler();
    const response = await post({ query: 'svc install', mode: 'keyword' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: { url: string; heading?: string }[]; mode: string };
    expect(body.mode).toBe('keyword');
    expect(body.results[0]).toMatchObject({ url: '/guide/start#install', heading: 'Install' });
    await post({ query: 'login', mode: 'keyword' });
    expect(lines.filter((line) => line.includes('no digest'))).toHaveLength(1);
    expect(lines.some((line) => line.includes('stale'))).toBe(false);
  });

  it('has no suggestions, glossary, section nodes or archive, and still an overview', async () => {
    const { get } = await contentOnlyHandler();
    expect(await (await get('')).json()).toMatchObject({ suggestions: [] });
    expect(await (await get('/glossary')).json()).toEqual({ terms: [] });
    expect(await (await get('/sections')).json()).toEqual({ sections: [] });
    expect((await get('/sections/guide/start#install')).status).toBe(404);
    expect((await get('/archive')).status).toBe(404);
    const overview = (await (await get('/overview')).json()) as { overview: string };
    expect(overview.overview).toContain('Start');
  });

  it('has no llms.txt, page Markdown or budgeted sections, and stamps the live content hash with no build commit', async () => {
    const { get, root } = await contentOnlyHandler();
    for (const route of ['/llms.txt', '/llms-full.txt', '/pages/guide/start.md']) expect((await get(route)).status).toBe(404);
    expect((await root('/llms.txt')).status).toBe(404);
    const budgeted = await get('/sections?budget=1000&q=install');
    expect(await budgeted.json()).toEqual({ sections: [], budget: 1000, used: 0, omitted: { summaries: 0, facts: 0, text: 0 }, note: 'Everything fit.' });
    expect(budgeted.headers.get('x-ask-content-hash')).toMatch(/^[0-9a-f]{64}$/);
    expect(budgeted.headers.has('x-ask-build-commit')).toBe(false);
  });

  it('answers 500 naming the page when the content cannot be read', async () => {
    const { post } = await contentOnlyHandler({ 'content/bad.md': '---\ntitle: [unclosed\n---\n# Bad\n' });
    const response = await post({ query: 'bad', mode: 'keyword' });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: string }).error).toMatch(/no digest, and the content cannot be read: .*bad\.md/);
  });
});
