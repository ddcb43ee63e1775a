import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSiteAndBrowser, type DemoSite, type TestBrowser } from '../support/browser.ts';
import { startFakeAnthropic } from '../support/fake-anthropic.ts';
import type { FakeModelServer } from '../support/fake-model-server.ts';
import { FAKE_KEY } from '../support/fake-providers.ts';
import { startHoldingProxy, type HoldingProxy } from '../support/holding-proxy.ts';
import { answerText, askWithKeyboard, lastEventStream, openDemoPage, openOverlay, recordEventStreams, SEL, topInView, typeQuery, waitForAnswerText, waitForResults } from '../support/overlay.ts';

// The agentic answer in the overlay, end to end: `ask serve` with a key talks to the fake
// Anthropic server (through a proxy that can hold a frame back), and the overlay shows the
// research steps, the sources and the answer as its tokens arrive.

let fake: FakeModelServer;
let proxy: HoldingProxy;
let site: DemoSite;
let browser: TestBrowser;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  proxy = await startHoldingProxy(fake.url);
  ({ site, browser } = await startSiteAndBrowser({ ANTHROPIC_API_KEY: FAKE_KEY, ANTHROPIC_BASE_URL: proxy.url, ASK_MODEL: 'loop-model' }));
  await recordEventStreams(browser.page);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await proxy?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  proxy.release();
});

const SOURCE = '/platform/auth/tokens#storing-tokens-safely';

interface Frame {
  readonly event: string;
  readonly data: Record<string, unknown>;
}

function parseFrames(raw: string): Frame[] {
  return raw
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

/** Asks `question` with the keyboard. */
async function ask(page: TestBrowser['page'], question: string): Promise<void> {
  await openDemoPage(page, `${site.url}/`);
  await openOverlay(page);
  await typeQuery(page, question);
  await waitForResults(page);
  await askWithKeyboard(page);
}

/** The frames of the stream the page received last, once it ended. */
async function receivedFrames(page: TestBrowser['page']): Promise<Frame[]> {
  return parseFrames(await lastEventStream(page));
}

describe('<ask-search> agentic answer', () => {
  it('shows the search steps and the sources, and renders the tokens as they stream in', async () => {
    fake.script(
      { toolCalls: [{ name: 'search', args: { query: 'revoke token' } }] },
      { text: 'READY' },
      {
        text: [
          'Tokens are **revoked** from the token list. ',
          `See [Storing tokens safely](${SOURCE}) and [the admin guide](/admin/guide#revoking). `,
          'Revoked tokens never come back.',
        ],
      },
    );
    proxy.hold('never come back');
    const { page } = browser;
    await ask(page, 'how do I revoke a token');

    // the first tokens are on screen while the last one is still held back (no `done` yet)
    await waitForAnswerText(page, 'Tokens are revoked from the token list.');
    expect(await page.isVisible(SEL.answer)).toBe(true);
    // the reader sees the answer start without scrolling the panel
    expect(await topInView(page, SEL.answer)).toBe(true);
    expect(await answerText(page)).not.toContain('never come back');
    expect(await page.$$eval(`${SEL.answer} strong`, (nodes) => nodes.map((node) => node.textContent))).toContain('revoked');
    const steps = await page.$$eval(SEL.steps, (items) => items.map((item) => item.textContent ?? ''));
    expect(steps.some((step) => step.includes('revoke token'))).toBe(true);
    const sources = await page.$$eval(SEL.sources, (links) => links.map((link) => link.getAttribute('href')));
    expect(sources).toContain(SOURCE);

    proxy.release();
    await waitForAnswerText(page, 'Revoked tokens never come back.');
    const sent = await receivedFrames(page);
    expect(sent.at(-1)?.event).toBe('done');
    // one step per `search` event, one source link per source
    const searched = sent.filter((frame) => frame.event === 'search').map((frame) => String(frame.data['query']));
    expect((await page.$$eval(SEL.steps, (items) => items.map((item) => item.textContent ?? ''))).length).toBe(searched.length);
    const listed = (sent.find((frame) => frame.event === 'sources')?.data['sources'] ?? []) as { url: string }[];
    expect((await page.$$eval(SEL.sources, (links) => links.map((link) => link.getAttribute('href')))).sort()).toEqual(listed.map((s) => s.url).sort());
    // a source stays a link, a made-up target is text
    const links = await page.$$eval(`${SEL.answer} a`, (nodes) => nodes.map((node) => ({ href: node.getAttribute('href'), text: node.textContent })));
    expect(links).toContainEqual({ href: SOURCE, text: 'Storing tokens safely' });
    expect(links.map((link) => link.text)).not.toContain('the admin guide');
    expect(await answerText(page)).toContain('the admin guide');
    for (const link of links) expect(listed.map((s) => s.url)).toContain(link.href);
    expect(await page.isVisible(SEL.error)).toBe(false);
  });

  it('shows the error of a stream that ends with `error` and keeps the text that arrived', async () => {
    fake.script({ text: 'READY' }, { text: ['The first part of the answer arrived. ', 'And a second part.'], streamError: 'overloaded_error' });
    const { page } = browser;
    await ask(page, 'how do I revoke a token');
    const sent = await receivedFrames(page);
    expect(sent.at(-1)?.event).toBe('error');
    await page.waitForSelector(SEL.error, { state: 'visible' });
    expect((await page.$eval(SEL.error, (node) => node.textContent ?? '')).trim()).not.toBe('');
    expect(await page.isVisible(SEL.answer)).toBe(true);
    expect(await answerText(page)).toContain('The first part of the answer arrived.');
    expect(await answerText(page)).toContain('And a second part.');
    expect(await page.$eval(SEL.panel, (panel) => panel.textContent ?? '')).not.toContain(FAKE_KEY);
  });

  it('runs without page errors', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});
