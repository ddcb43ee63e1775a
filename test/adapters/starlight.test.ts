import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docSnippet } from '../support/doc-snippets.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { openOverlay, SEL, typeQuery, waitForResults } from '../support/overlay.ts';
import { removeProject } from '../support/packed-package.ts';
import { askCli, astroBuild, makeProject, startBuiltSite, type RunningSite } from '../fixtures/astro/project.ts';

// A Starlight site (test/fixtures/astro/kettle: its docs in src/content/docs) configured with
// docs/hosts.md's Starlight snippet (server output on @astrojs/node, `ask({ content:
// 'src/content/docs', overlay: true })` from the packed package), built, served, and opened in
// Chromium: Starlight's own search stays, and an <ask-search> box is added beside it that finds
// the site's pages.

let project = '';
let site: RunningSite | null = null;
let browser: TestBrowser | null = null;

function started(): { site: RunningSite; browser: TestBrowser } {
  if (site === null || browser === null) throw new Error('the site and the browser start in beforeAll');
  return { site, browser };
}

beforeAll(async () => {
  project = await makeProject('kettle');
  await writeFile(path.join(project, 'astro.config.mjs'), await docSnippet('docs/hosts.md', 'starlight.config.mjs'));
  await askCli(project, ['digest', 'build', '--content', 'src/content/docs', '--provider', 'offline']);
  const build = await astroBuild(project);
  if (build.code !== 0) throw new Error(`astro build failed: ${build.stderr}`);
  [site, browser] = await Promise.all([startBuiltSite(project), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  if (project !== '') await removeProject(project);
});

describe('ask({ overlay: true }) on a Starlight site', () => {
  it('keeps Starlight’s search and adds one <ask-search> right after it, pointed at the endpoint', async () => {
    const { site, browser } = started();
    const { page } = browser;
    await page.goto(`${site.url}/guides/descaling/`);
    await page.waitForFunction(() => customElements.get('ask-search') !== undefined);
    const layout = await page.evaluate(() => {
      const starlight = document.querySelectorAll('site-search');
      const boxes = document.querySelectorAll('ask-search');
      return {
        siteSearch: starlight.length,
        siteSearchButton: starlight[0]?.querySelector('button[data-open-modal]') !== null,
        askSearch: boxes.length,
        afterSiteSearch: boxes[0]?.previousElementSibling?.localName ?? null,
        endpoint: boxes[0]?.getAttribute('endpoint') ?? null,
      };
    });
    expect(layout).toEqual({ siteSearch: 1, siteSearchButton: true, askSearch: 1, afterSiteSearch: 'site-search', endpoint: '/api/ask' });
    await page.waitForSelector('site-search button[data-open-modal]', { state: 'visible' });
    await page.waitForSelector(SEL.trigger, { state: 'visible' });
  });

  it('loads the box’s stylesheet', async () => {
    const { page } = started().browser;
    const rules = await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href?.includes('ask-search') === true).map((sheet) => sheet.cssRules.length));
    expect(rules.length).toBe(1);
    expect(rules[0]).toBeGreaterThan(0);
  });

  it('shows the server’s keyword results for a typed query', async () => {
    const { site, browser } = started();
    const response = await fetch(`${site.url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'citric acid', mode: 'keyword' }) });
    const expected = ((await response.json()) as { results: { url: string }[] }).results.map((result) => result.url);
    expect(expected[0]).toBe('/guides/descaling/#descale-with-citric-acid');
    const { page } = browser;
    await openOverlay(page);
    await typeQuery(page, 'citric acid');
    expect(await waitForResults(page, expected.length)).toEqual(expected);
    expect(browser.pageErrors).toEqual([]);
  });

  it('reads the build-time environment last: ASK_MODEL from the project’s .env names the served model', async () => {
    const body = (await (await fetch(`${started().site.url}/api/ask`)).json()) as { model: string };
    expect(body.model).toBe('kettle-build-env-model');
  });

  it('leaves Starlight’s own search working: its dialog still opens', async () => {
    const { page } = started().browser;
    await page.keyboard.press('Escape');
    await page.click('site-search button[data-open-modal]');
    await page.waitForSelector('site-search dialog[open]', { state: 'visible' });
  });
});
