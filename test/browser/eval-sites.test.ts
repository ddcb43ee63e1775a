import { access, mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realCorpora, type RealCorpus } from '../../scripts/bench/real-corpora.ts';
import { startSiteAndBrowser, type DemoSite, type TestBrowser } from '../support/browser.ts';
import { evalDigestDir } from '../support/eval-builds.ts';
import { startFakeAnthropic } from '../support/fake-anthropic.ts';
import type { FakeModelServer } from '../support/fake-model-server.ts';
import { FAKE_KEY } from '../support/fake-providers.ts';
import { askWithKeyboard, openDemoPage, openOverlay, SEL, typeQuery, waitForAnswerText, waitForResults } from '../support/overlay.ts';

// Two real sites of ../shared/eval, of two generators, in the preview (`ask serve --content`):
// a page, the box with results, a streamed answer, and the page at 360 px, each with no serious
// or critical axe-core violation. The README's screenshots of them are written to
// docs/screenshots/ when missing or when UPDATE_SCREENSHOTS=1.

const SHOTS = path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const UPDATE = process.env['UPDATE_SCREENSHOTS'] === '1';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The sets shown, each with a query of its own labelled queries whose first result is a page to show. */
const SHOWN: readonly { readonly name: string; readonly query: string }[] = [
  { name: 'pnpm', query: 'catalog protocol' },
  { name: 'mkdocs-material', query: 'announcement banner' },
];

async function seriousViolations(page: TestBrowser['page']): Promise<string[]> {
  // evaluated by the test's own channel: a `<script>` tag would be refused by the site's Content-Security-Policy
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readFile(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({ id: violation.id, impact: violation.impact ?? null, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.join(', ')}`);
}

async function screenshot(page: TestBrowser['page'], name: string): Promise<void> {
  const file = path.join(SHOTS, `${name}.png`);
  const missing = await access(file).then(
    () => false,
    () => true,
  );
  if (!UPDATE && !missing) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
}

for (const shown of SHOWN) {
  const corpus: RealCorpus | undefined = realCorpora().find((candidate) => candidate.name === shown.name);
  describe.runIf(corpus !== undefined)(`the preview of ${shown.name} (${corpus?.generator ?? 'absent'})`, () => {
    let fake: FakeModelServer;
    let site: DemoSite;
    let browser: TestBrowser;
    let firstUrl = '';

    beforeAll(async () => {
      if (corpus === undefined) return;
      fake = await startFakeAnthropic();
      const digest = await evalDigestDir(corpus);
      ({ site, browser } = await startSiteAndBrowser({ ANTHROPIC_API_KEY: FAKE_KEY, ANTHROPIC_BASE_URL: fake.url, ASK_MODEL: 'claude-sonnet-demo' }, { width: 1280, height: 800 }, { content: corpus.docsDir, digest }));
      // a real site's pages and answers take longer than the fixture's while the whole suite runs
      browser.page.setDefaultTimeout(20_000);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await site?.stop();
      await fake?.close();
    });

    it('shows the box with results for one of its labelled queries, the first a page of the site', async () => {
      const { page } = browser;
      await page.emulateMedia({ colorScheme: 'light' });
      await openDemoPage(page, `${site.url}/`);
      await openOverlay(page);
      await typeQuery(page, shown.query);
      const hrefs = await waitForResults(page);
      firstUrl = hrefs[0] ?? '';
      expect(firstUrl).not.toBe('');
      expect(new URL(firstUrl, site.url).origin).toBe(site.url);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `${shown.name}-results`);
    });

    it('shows that page as a docs page, and at 360 px', async () => {
      const { page } = browser;
      await page.setViewportSize({ width: 1280, height: 800 });
      const response = await page.goto(new URL(firstUrl, site.url).href);
      expect(response?.status()).toBe(200);
      expect(await page.locator('main h1').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `${shown.name}-page`);
      await page.setViewportSize({ width: 360, height: 760 });
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const trigger = await page.locator('ask-search button.ask-search-trigger').boundingBox();
      expect((trigger?.x ?? 0) + (trigger?.width ?? 999)).toBeLessThanOrEqual(360);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `${shown.name}-360`);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    it('streams an answer whose link is a source of the site', async () => {
      const keyword = await fetch(`${site.url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: shown.query, mode: 'keyword' }) });
      const first = ((await keyword.json()) as { results: { url: string }[] }).results[0]?.url ?? '';
      const source = `${new URL(first, site.url).pathname}${new URL(first, site.url).hash}`;
      fake.script(
        { toolCalls: [{ name: 'search', args: { query: shown.query } }] },
        { text: 'READY' },
        { text: [`The page on this is [the first result](${source}). `, 'It says where to start.\n'] },
      );
      const { page } = browser;
      await openDemoPage(page, `${site.url}/`);
      await openOverlay(page);
      await typeQuery(page, `how do I use ${shown.query}`);
      await waitForResults(page);
      await askWithKeyboard(page);
      await waitForAnswerText(page, 'It says where to start.');
      expect(await page.locator(`${SEL.answer} a`).count()).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `${shown.name}-answer`);
    });
  });
}
