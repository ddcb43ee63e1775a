import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Request as PageRequest } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_FIXTURES, launchBrowser, serveDemoSite, type DemoSite, type TestBrowser } from '../support/browser.ts';
import { build } from '../support/digest-tree.ts';
import { startFakeAnthropic } from '../support/fake-anthropic.ts';
import type { FakeModelServer } from '../support/fake-model-server.ts';
import { FAKE_KEY } from '../support/fake-providers.ts';
import { askWithKeyboard, moveTo, openDemoPage, openOverlay, optionFor, SEL, typeQuery, waitForAnswerText, waitForResults } from '../support/overlay.ts';

// The search box's feedback (issue 29, item 4), end to end: `ask serve` of the demo docs with the
// query log on (ASK_QUERY_LOG) and a key talking to the fake Anthropic server. Opening a keyword
// result (click, or Enter on the listbox) adds an `open` entry with the result's url and rank to
// the log file; "Not helpful" under a finished answer adds an `unhelpful` entry. The same site
// with the log off shows no rating and sends nothing to /feedback.

let folder = '';
let logFile = '';
let fake: FakeModelServer | undefined;
let on: DemoSite | undefined;
let off: DemoSite | undefined;
let browser: TestBrowser | undefined;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'ask-feedback-'));
  logFile = path.join(folder, 'logs', 'queries.ndjson');
  const docs = { content: CONTENT_FIXTURES, digest: path.join(folder, 'digest') };
  await build(CONTENT_FIXTURES, docs.digest);
  fake = await startFakeAnthropic();
  const env = { ANTHROPIC_API_KEY: FAKE_KEY, ANTHROPIC_BASE_URL: fake.url, ASK_MODEL: 'loop-model' };
  const started = await Promise.allSettled([serveDemoSite({ ...env, ASK_QUERY_LOG: logFile }, docs), serveDemoSite(env, docs), launchBrowser()]);
  on = started[0].status === 'fulfilled' ? started[0].value : undefined;
  off = started[1].status === 'fulfilled' ? started[1].value : undefined;
  browser = started[2].status === 'fulfilled' ? started[2].value : undefined;
  const failed = started.find((result) => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  // the element's bundle is built on its first request: built before the page's timeout starts
  expect((await fetch(`${on?.url ?? ''}/ask-search.js`)).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await on?.stop();
  await off?.stop();
  await fake?.close();
  await rm(folder, { recursive: true, force: true });
});
beforeEach(() => {
  if (fake !== undefined) fake.requests.length = 0;
});

function running(): { on: DemoSite; off: DemoSite; browser: TestBrowser; fake: FakeModelServer } {
  if (on === undefined || off === undefined || browser === undefined || fake === undefined) throw new Error('started in beforeAll');
  return { on, off, browser, fake };
}

interface KeywordResult {
  readonly url: string;
}

async function keywordResults(site: DemoSite, query: string): Promise<KeywordResult[]> {
  const response = await fetch(`${site.url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, mode: 'keyword' }) });
  return ((await response.json()) as { results: KeywordResult[] }).results;
}

/** The feedback entries of the log file so far. */
async function feedbackEntries(): Promise<Record<string, unknown>[]> {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry['feedback'] !== undefined);
}

/**
 * Every request the browser makes to a feedback route from now on (the page's and any other),
 * until `stop`: its method, path and kind (`ping` for a beacon, whose Blob body the browser does
 * not show; the log file says what it carried).
 */
function watchFeedbackRequests(): { readonly seen: { readonly method: string; readonly path: string; readonly type: string }[]; stop(): void } {
  const { browser: { context } } = running();
  const seen: { method: string; path: string; type: string }[] = [];
  const onRequest = (request: PageRequest) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('/feedback')) seen.push({ method: request.method(), path: pathname, type: request.resourceType() });
  };
  context.on('request', onRequest);
  return { seen, stop: () => context.off('request', onRequest) };
}

const HOUR = /^\d{4}-\d{2}-\d{2}T\d{2}$/;

describe('<ask-search> feedback with the query log on', () => {
  it('sends an open event when a result is clicked: the log gains its url and its rank in the results, and the page moves on', async () => {
    const { on: site, browser: { page } } = running();
    // its results interleave two pages: the grouping by page moves some off their rank
    const query = 'revoke token';
    const expected = await keywordResults(site, query);
    expect(expected.length).toBeGreaterThan(2);
    await openDemoPage(page, `${site.url}/`);
    await openOverlay(page);
    await typeQuery(page, query);
    const shown = await waitForResults(page, expected.length);
    // a result the grouping by page moved (its place on screen is not its rank), else the second
    const moved = expected.findIndex((result, index) => shown.indexOf(result.url) !== index);
    const index = moved === -1 ? 1 : moved;
    const target = expected[index];
    if (target === undefined) throw new Error('no result to open');
    const requests = watchFeedbackRequests();
    try {
      await page.click(optionFor(target.url));
      await page.waitForURL((url) => `${url.pathname}${url.hash}` === target.url);
      await expect.poll(feedbackEntries).toEqual([{ feedback: 'open', query, url: target.url, rank: index + 1, hour: expect.stringMatching(HOUR) as unknown }]);
      // one beacon, to the route the server advertised
      expect(requests.seen).toEqual([{ method: 'POST', path: '/api/ask/feedback', type: 'ping' }]);
    } finally {
      requests.stop();
    }
  });

  it('sends an open event for Enter on the listbox', async () => {
    const { on: site, browser: { page } } = running();
    const query = 'workspace template parameters';
    const expected = await keywordResults(site, query);
    const target = expected[0];
    if (target === undefined) throw new Error('no result to open');
    const before = (await feedbackEntries()).length;
    await openDemoPage(page, `${site.url}/`);
    await openOverlay(page);
    await typeQuery(page, query);
    await waitForResults(page, expected.length);
    await moveTo(page, optionFor(target.url));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => `${url.pathname}${url.hash}` === target.url);
    await expect.poll(async () => (await feedbackEntries()).slice(before)).toEqual([{ feedback: 'open', query, url: target.url, rank: 1, hour: expect.stringMatching(HOUR) as unknown }]);
  });

  it('offers Helpful / Not helpful under a finished answer, reached with the keyboard; one rating, thanked, logged as unhelpful', async () => {
    const { on: site, browser: { page }, fake: model } = running();
    model.script({ text: 'READY' }, { text: ['Tokens are revoked from the token list. ', 'Revoked tokens never come back.'] });
    const before = (await feedbackEntries()).length;
    await openDemoPage(page, `${site.url}/`);
    await openOverlay(page);
    await typeQuery(page, 'How do I revoke a token?');
    await waitForResults(page);
    await askWithKeyboard(page);
    await waitForAnswerText(page, 'Revoked tokens never come back.');
    const rating = '.ask-search-panel .ask-search-rating[role=group]';
    await page.waitForSelector(rating, { state: 'visible' });
    const buttons = await page.$$eval(`${rating} button`, (nodes) => nodes.map((node) => ({ text: node.textContent, pressed: node.getAttribute('aria-pressed'), type: node.getAttribute('type') })));
    expect(buttons).toEqual([
      { text: 'Helpful', pressed: 'false', type: 'button' },
      { text: 'Not helpful', pressed: 'false', type: 'button' },
    ]);
    const requests = watchFeedbackRequests();
    try {
      // in the Tab order: from "Helpful", Tab reaches "Not helpful", and Space presses it
      await page.focus(`${rating} button:text-is("Helpful")`);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Not helpful');
      await page.keyboard.press('Space');
      await page.waitForFunction((selector) => document.querySelector(selector)?.textContent?.includes('Thanks') === true, `${rating} [role=status]`);
      expect(await page.$$eval(`${rating} button`, (nodes) => nodes.map((node) => [node.getAttribute('aria-pressed'), node.getAttribute('aria-disabled')]))).toEqual([
        ['false', 'true'],
        ['true', 'true'],
      ]);
      // one rating per answer: a second press changes nothing and sends nothing
      await page.click(`${rating} button:text-is("Helpful")`, { force: true });
      await expect.poll(async () => (await feedbackEntries()).slice(before)).toEqual([{ feedback: 'unhelpful', query: 'how do i revoke a token?', hour: expect.stringMatching(HOUR) as unknown }]);
      await page.waitForTimeout(200);
      expect(requests.seen).toEqual([{ method: 'POST', path: '/api/ask/feedback', type: 'ping' }]);
      expect((await feedbackEntries()).length).toBe(before + 1);
    } finally {
      requests.stop();
    }
  });

  it('runs without page errors (no Content-Security-Policy refusal of the beacons)', () => {
    expect(running().browser.pageErrors).toEqual([]);
  });
});

describe('<ask-search> with the query log off', () => {
  it('shows no rating under a finished answer and sends nothing to /feedback, for an answer or an opened result', async () => {
    const { off: site, browser: { page }, fake: model } = running();
    const requests = watchFeedbackRequests();
    try {
      model.script({ text: 'READY' }, { text: 'Tokens are revoked from the token list.' });
      await openDemoPage(page, `${site.url}/`);
      await openOverlay(page);
      await typeQuery(page, 'how do I revoke a token');
      await waitForResults(page);
      await askWithKeyboard(page);
      await waitForAnswerText(page, 'Tokens are revoked from the token list.');
      // the answer is over (no longer busy), and no rating came with it
      await page.waitForSelector(`${SEL.answer}[aria-busy=false]`);
      expect(await page.isVisible('.ask-search-panel .ask-search-rating')).toBe(false);
      expect(await page.$$('.ask-search-panel button:text-is("Not helpful"):visible')).toHaveLength(0);

      const query = 'session token';
      const expected = await keywordResults(site, query);
      const target = expected[1];
      if (target === undefined) throw new Error('no result to open');
      await page.fill(SEL.input, '');
      await typeQuery(page, query);
      await waitForResults(page, expected.length);
      await page.click(optionFor(target.url));
      await page.waitForURL((url) => `${url.pathname}${url.hash}` === target.url);
      await page.waitForTimeout(300);
      expect(requests.seen).toEqual([]);
    } finally {
      requests.stop();
    }
  });
});
