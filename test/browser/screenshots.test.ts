import { access, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteAndBrowser, type DemoSite, type TestBrowser } from '../support/browser.ts';
import { startFakeAnthropic } from '../support/fake-anthropic.ts';
import type { FakeModelServer } from '../support/fake-model-server.ts';
import { FAKE_KEY } from '../support/fake-providers.ts';
import { askWithKeyboard, openDemoPage, openOverlay, SEL, topInView, typeQuery, waitForAnswerText, waitForResults } from '../support/overlay.ts';

// The overlay follows prefers-color-scheme (its panel is light in light mode and dark in dark
// mode, its text readable on it), and the README's screenshots of it: results and a streamed
// answer, light and dark, in docs/screenshots/. They are written when missing or when
// UPDATE_SCREENSHOTS=1, so that a normal run leaves the tracked files alone.

const SHOTS = path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const UPDATE = process.env['UPDATE_SCREENSHOTS'] === '1';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let fake: FakeModelServer;
let site: DemoSite;
let browser: TestBrowser;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  ({ site, browser } = await startSiteAndBrowser({ ANTHROPIC_API_KEY: FAKE_KEY, ANTHROPIC_BASE_URL: fake.url, ASK_MODEL: 'claude-sonnet-demo' }, { width: 1100, height: 760 }));
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await fake?.close();
});

interface Scheme {
  /** Relative luminance (0 black, 1 white) of the background drawn behind a part of the panel. */
  readonly background: number;
  /** Relative luminance of a result title's text. */
  readonly text: number;
}

/** The luminance of what the panel draws behind its results, and of its text (any CSS color syntax, via a canvas). */
function scheme(page: TestBrowser['page'], surfaceSelector: string, textSelector: string): Promise<Scheme> {
  return page.evaluate(
    ([surface, textNode]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 1;
      canvas.height = 1;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('no 2d canvas');
      const rgba = (color: string): [number, number, number, number] => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = '#000';
        context.fillStyle = color;
        context.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
        return [r, g, b, a / 255];
      };
      const luminance = ([r, g, b]: [number, number, number, number]) => {
        const channel = (value: number) => {
          const c = value / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      let node: Element | null = document.querySelector(surface);
      let background: [number, number, number, number] = [255, 255, 255, 1];
      while (node) {
        const color = rgba(getComputedStyle(node).backgroundColor);
        if (color[3] > 0.5) {
          background = color;
          break;
        }
        node = node.parentElement;
      }
      const text = document.querySelector(textNode);
      if (!text) throw new Error(`nothing matches ${textNode}`);
      return { background: luminance(background), text: luminance(rgba(getComputedStyle(text).color)) };
    },
    [surfaceSelector, textSelector] as const,
  );
}

/** Writes docs/screenshots/<name>.png when missing or asked to; checks it is a PNG either way. */
async function screenshot(page: TestBrowser['page'], name: string): Promise<void> {
  const file = path.join(SHOTS, `${name}.png`);
  const missing = await access(file).then(
    () => false,
    () => true,
  );
  if (UPDATE || missing) {
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  }
  expect((await readFile(file)).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
}

async function inBothSchemes(page: TestBrowser['page'], name: string, surfaceSelector: string, textSelector: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await scheme(page, surfaceSelector, textSelector);
  await screenshot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await scheme(page, surfaceSelector, textSelector);
  await screenshot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });

  expect(light.background).toBeGreaterThan(0.6);
  expect(light.text).toBeLessThan(light.background);
  expect(dark.background).toBeLessThan(0.2);
  expect(dark.text).toBeGreaterThan(dark.background);
}

describe('<ask-search> color schemes and screenshots', () => {
  it('results: light and dark', async () => {
    const { page } = browser;
    await openDemoPage(page, `${site.url}/concepts/workspaces`);
    await openOverlay(page);
    await typeQuery(page, 'session token');
    await waitForResults(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await inBothSchemes(page, 'results', SEL.listbox, `${SEL.result} .ask-search-snippet`);
  });

  it('a streamed answer: light and dark', async () => {
    const source = '/platform/auth/tokens#storing-tokens-safely';
    fake.script(
      { toolCalls: [{ name: 'search', args: { query: 'revoke session token' } }] },
      { text: 'READY' },
      {
        text: [
          'Open **Settings → Tokens** and choose **Revoke** next to the token. ',
          'It stops working at once; scripts that use it get `401 Unauthorized`.\n\n',
          `Keep one token per consumer, so that revoking one does not break the others ([Storing tokens safely](${source})).\n\n`,
          '```sh\nsvc tokens rm ci-deploy\n```\n',
        ],
      },
    );
    const { page } = browser;
    await openDemoPage(page, `${site.url}/concepts/workspaces`);
    await openOverlay(page);
    await typeQuery(page, 'how do I revoke a session token');
    await waitForResults(page);
    await askWithKeyboard(page);
    await waitForAnswerText(page, 'svc tokens rm ci-deploy');
    await page.waitForSelector(SEL.sources);
    // a screenshot of the answer shows the answer
    expect(await topInView(page, SEL.answer)).toBe(true);
    await inBothSchemes(page, 'answer', SEL.answer, `${SEL.answer} p`);
  });

  it('runs without page errors', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});
