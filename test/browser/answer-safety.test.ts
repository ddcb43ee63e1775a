import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSiteAndBrowser, type DemoSite, type TestBrowser } from '../support/browser.ts';
import { startFakeAnthropic } from '../support/fake-anthropic.ts';
import type { FakeModelServer } from '../support/fake-model-server.ts';
import { FAKE_KEY } from '../support/fake-providers.ts';
import { askWithKeyboard, openDemoPage, openOverlay, scriptAgenticStream, SEL, typeQuery, waitForAnswerText, waitForResults, type ScriptedEvent } from '../support/overlay.ts';

// Markdown of an answer is untrusted: injected HTML and `javascript:` links never run, and a
// link whose target is not among the sources is text. Once end to end (the server's link
// filter in front), once with a stream the server never filtered (the overlay on its own).

let fake: FakeModelServer;
let site: DemoSite;
let browser: TestBrowser;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  ({ site, browser } = await startSiteAndBrowser({ ANTHROPIC_API_KEY: FAKE_KEY, ANTHROPIC_BASE_URL: fake.url, ASK_MODEL: 'loop-model' }));
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const SOURCE = '/platform/auth/tokens#storing-tokens-safely';
const END = 'End of the answer.';

/** Every way in the brief for an answer to run script, split across deltas mid-construct. */
const INJECTIONS = [
  `A real source: [Storing tokens safely](${SOURCE}). `,
  'A made-up page: [the admin guide](/admin/guide#revoking) and [elsewhere](https://evil.example/steal). ',
  '<img src=x one',
  'rror="window.__pwned=1"> ',
  '<script>window.__pwned=1</scr',
  'ipt> ',
  '[click me](javascript:window.__pwned=1) ',
  '<a href="javascript:window.__pwned=1">raw anchor</a> ',
  '<svg onload="window.__pwned=1"></svg><iframe srcdoc="<script>parent.__pwned=1</script>"></iframe> ',
  `<a href="/made/up" onclick="window.__pwned=1">raw made-up</a> `,
  END,
];

interface Rendered {
  readonly pwned: unknown;
  readonly links: { href: string | null; text: string }[];
  readonly dangerous: string[];
  readonly text: string;
}

function rendered(page: TestBrowser['page']): Promise<Rendered> {
  return page.evaluate((answer) => {
    const region = document.querySelector(answer);
    const dangerous = [...(region?.querySelectorAll('*') ?? [])]
      .filter((node) => ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED'].includes(node.tagName.toUpperCase()) || node.getAttributeNames().some((name) => name.toLowerCase().startsWith('on')))
      .map((node) => node.outerHTML);
    return {
      pwned: (window as unknown as { __pwned?: unknown }).__pwned,
      links: [...(region?.querySelectorAll('a') ?? [])].map((link) => ({ href: link.getAttribute('href'), text: link.textContent ?? '' })),
      dangerous,
      text: (region as HTMLElement | null)?.innerText ?? '',
    };
  }, SEL.answer);
}

/**
 * Resolves once an image that fails like `<img src=x>` has fired its error event: a control image,
 * created after the answer was rendered, must have failed (so that an injected one would have
 * fired its handler by then). Its listener is attached from script: the demo site's
 * Content-Security-Policy blocks inline handlers, injected or not.
 */
async function failedImageSettled(page: TestBrowser['page']): Promise<void> {
  await page.evaluate(() => {
    delete (window as unknown as { __control?: unknown }).__control;
    const image = document.createElement('img');
    image.addEventListener('error', () => {
      (window as unknown as { __control?: unknown }).__control = 1;
    });
    image.src = 'x';
  });
  await page.waitForFunction(() => (window as unknown as { __control?: unknown }).__control === 1);
}

async function expectInert(page: TestBrowser['page']): Promise<void> {
  await failedImageSettled(page);
  const before = await rendered(page);
  expect(before.pwned).toBeUndefined();
  expect(before.dangerous).toEqual([]);
  // a link keeps an href only when it is a source; made-up targets are no <a> at all
  for (const link of before.links) if (link.href !== null) expect(link.href).toBe(SOURCE);
  expect(before.links.map((link) => link.text)).not.toContain('the admin guide');
  expect(before.links.map((link) => link.text)).not.toContain('elsewhere');
  expect(before.text).toContain('the admin guide');
  expect(before.text).toContain('click me');

  // clicking the text of a neutralised link neither runs it nor leaves the page
  const url = page.url();
  for (const text of ['click me', 'the admin guide', 'raw anchor']) {
    await page.locator(SEL.answer).getByText(text, { exact: false }).first().click();
    expect(page.url()).toBe(url);
  }
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
}

async function askQuestion(page: TestBrowser['page']): Promise<void> {
  await openDemoPage(page, `${site.url}/`);
  await page.evaluate(() => delete (window as unknown as { __pwned?: unknown }).__pwned);
  await openOverlay(page);
  await typeQuery(page, 'how do I revoke a token');
  await waitForResults(page);
  await askWithKeyboard(page);
}

describe('<ask-search> answer safety', () => {
  it('an answer from the model with injected HTML and javascript: links runs nothing (end to end)', async () => {
    fake.script({ toolCalls: [{ name: 'search', args: { query: 'revoke token' } }] }, { text: 'READY' }, { text: INJECTIONS });
    const { page } = browser;
    await askQuestion(page);
    await waitForAnswerText(page, END);
    const shown = await rendered(page);
    expect(shown.links).toContainEqual({ href: SOURCE, text: 'Storing tokens safely' });
    await expectInert(page);
  });

  it('the overlay itself drops HTML that runs script, and makes links outside the sources text', async () => {
    const { page } = browser;
    const events: ScriptedEvent[] = [
      { event: 'search', data: { query: 'how do I revoke a token' } },
      { event: 'sources', data: { sources: [{ url: SOURCE, title: 'Session tokens and API keys', heading: 'Storing tokens safely' }], model: 'loop-model', mode: 'agentic' } },
      ...INJECTIONS.map((text): ScriptedEvent => ({ event: 'token', data: { text } })),
      { event: 'done', data: {} },
    ];
    const unroute = await scriptAgenticStream(page, events);
    try {
      await askQuestion(page);
      await waitForAnswerText(page, END);
      const shown = await rendered(page);
      expect(shown.links.filter((link) => link.href !== null)).toEqual([{ href: SOURCE, text: 'Storing tokens safely' }]);
      expect(shown.links.map((link) => link.text)).not.toContain('raw made-up');
      expect(shown.text).toContain('elsewhere');
      expect(shown.text).toContain('raw made-up');
      await expectInert(page);
    } finally {
      await unroute();
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('runs without page errors', () => {
    // the injected and the control `<img src=x>` fail to load, as they should
    expect(browser.pageErrors.filter((error) => !/ 404 .*\/x\)$/.test(error))).toEqual([]);
  });
});
