import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { siteAndBrowserPerFile } from '../support/browser.ts';
import { askWithKeyboard, openDemoPage, openOverlay, scriptAgenticStream, SEL, typeQuery, waitForAnswerText, waitForResults } from '../support/overlay.ts';

// A preview of a site whose digest was built with its production addresses: `site-url` on the
// element shows every result, source and answer link under that address at the same path on the
// preview's own origin; other links stay as they are, and the link policy still decides first.

const shared = siteAndBrowserPerFile();
const PRODUCTION = 'https://docs.example.com';
const FIXTURE = '/preview-fixture';
const PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Preview</title>
<link rel="stylesheet" href="/ask-search.css"><script type="module" src="/ask-search.js"></script>
<ask-search endpoint="/api/ask" site-url="${PRODUCTION}/"></ask-search></html>`;

const RESULTS = [
  { title: 'Workspaces', heading: 'Members', url: `${PRODUCTION}/concepts/workspaces#members`, snippet: 'Members of a workspace share its templates and secrets.' },
  { title: 'Workspaces', heading: 'Owners', url: `${PRODUCTION}/concepts/workspaces#owners`, snippet: 'Owners of a workspace manage its members and billing.' },
  { title: 'Elsewhere', url: 'https://other.example/workspaces', snippet: 'A workspace of another site, linked from the results.' },
];

/** The fixture page at the demo site's origin, and the keyword results with production urls. */
async function servePreview(): Promise<void> {
  const { page } = shared.browser;
  await page.route(`${shared.site.url}${FIXTURE}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: PAGE }));
  await page.route(
    (url) => url.pathname === '/api/ask',
    (route: Route) => {
      const request = route.request();
      const body = request.method() === 'POST' ? (request.postDataJSON() as { query?: string; mode?: string }) : null;
      if (body?.mode !== 'keyword') return route.fallback();
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ results: RESULTS, query: body.query, model: 'm', mode: 'keyword' }) });
    },
  );
}

describe('<ask-search site-url> in a preview', () => {
  it('shows result, source and answer links under the production address on the page’s origin', async () => {
    const { page } = shared.browser;
    await servePreview();
    const origin = shared.site.url;
    const unroute = await scriptAgenticStream(page, [
      { event: 'sources', data: { sources: [{ url: `${PRODUCTION}/concepts/workspaces#members`, title: 'Workspaces', heading: 'Members' }], model: 'm', mode: 'agentic' } },
      { event: 'token', data: { text: `See [members](${PRODUCTION}/concepts/workspaces#members), not [the admin page](${PRODUCTION}/admin). ` } },
      { event: 'token', data: { text: 'Done.' } },
      { event: 'done', data: {} },
    ]);
    try {
      await openDemoPage(page, `${origin}${FIXTURE}`);
      await openOverlay(page);
      await typeQuery(page, 'workspace members');
      expect(await waitForResults(page, RESULTS.length)).toEqual([`${origin}/concepts/workspaces#members`, `${origin}/concepts/workspaces#owners`, 'https://other.example/workspaces']);

      await askWithKeyboard(page);
      await waitForAnswerText(page, 'Done.');
      const links = await page.$$eval(`${SEL.answer} a`, (anchors) => anchors.map((anchor) => ({ href: anchor.getAttribute('href'), text: anchor.textContent })));
      expect(links).toEqual([{ href: `${origin}/concepts/workspaces#members`, text: 'members' }]);
      expect(await page.$$eval(SEL.sources, (anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual([`${origin}/concepts/workspaces#members`]);

      // choosing a result opens the preview's page, not the production site
      await page.fill(SEL.input, 'workspace owners');
      await waitForResults(page, RESULTS.length);
      await page.click(`${SEL.result}[href="${origin}/concepts/workspaces#owners"]`);
      await page.waitForURL(`${origin}/concepts/workspaces#owners`);
    } finally {
      await unroute();
      await page.unrouteAll();
    }
  });

  it('runs without page errors', () => {
    expect(shared.browser.pageErrors).toEqual([]);
  });
});
