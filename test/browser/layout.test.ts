import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAndBrowserPerFile, startSiteAndBrowser, type DemoSite, type TestBrowser } from '../support/browser.ts';
import { writeFiles } from '../support/temp-folder.ts';
import { askWithKeyboard, openDemoPage, openOverlay, scriptAgenticStream, SEL, typeQuery, waitForAnswerText, waitForResults } from '../support/overlay.ts';

// The overlay on a 360 px wide screen (no horizontal scroll, the panel inside the window),
// and with prefers-reduced-motion (no transition or animation); the docs layout's table of
// contents (hidden on a narrow screen) and tabs on a wide one.

const shared = siteAndBrowserPerFile({}, { width: 360, height: 740 });

interface Fit {
  readonly viewport: number;
  readonly documentWidth: number;
  readonly panel: { left: number; right: number };
  readonly panelOverflow: number;
  readonly wider: string[];
}

/** How the page and the open panel fit the window's width. */
function fit(page: TestBrowser['page']): Promise<Fit> {
  return page.$eval(SEL.panel, (panel) => {
    const viewport = document.documentElement.clientWidth;
    const rect = panel.getBoundingClientRect();
    // elements of the panel sticking out of it sideways (a scrolling code block holds its lines)
    const wider = [...panel.querySelectorAll('*')]
      .filter((node) => !node.closest('pre'))
      .filter((node) => {
        const box = node.getBoundingClientRect();
        // a visually hidden text (1 px box) is not drawn
        return box.width > 1 && box.height > 1 && (box.left < rect.left - 1 || box.right > rect.right + 1);
      })
      .map((node) => `${node.tagName.toLowerCase()}.${node.getAttribute('class') ?? ''}`);
    return {
      viewport,
      documentWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      panel: { left: rect.left, right: rect.right },
      panelOverflow: panel.scrollWidth - panel.clientWidth,
      wider,
    };
  });
}

function expectFits(shape: Fit): void {
  expect(shape.documentWidth).toBeLessThanOrEqual(shape.viewport);
  expect(shape.panel.left).toBeGreaterThanOrEqual(0);
  expect(shape.panel.right).toBeLessThanOrEqual(shape.viewport);
  expect(shape.panelOverflow).toBeLessThanOrEqual(0);
  expect(shape.wider).toEqual([]);
}

describe('<ask-search> on a 360 px wide screen', () => {
  it('shows the demo page and the trigger without horizontal scroll', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/concepts/workspaces`);
    const widths = await page.evaluate((trigger) => {
      const box = document.querySelector(trigger)?.getBoundingClientRect();
      return { viewport: document.documentElement.clientWidth, document: document.documentElement.scrollWidth, triggerRight: box?.right ?? Number.POSITIVE_INFINITY };
    }, SEL.trigger);
    expect(widths.viewport).toBe(360);
    expect(widths.document).toBeLessThanOrEqual(widths.viewport);
    expect(widths.triggerRight).toBeLessThanOrEqual(widths.viewport);
  });

  it('fits the panel with results in the window, with no horizontal scroll', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/concepts/workspaces`);
    await openOverlay(page);
    await typeQuery(page, 'the svc-session-token header for api requests');
    await waitForResults(page);
    expectFits(await fit(page));
  });

  it('fits an answer with a long link and a code block in the window', async () => {
    const { page } = shared.browser;
    const source = '/platform/auth/tokens#the-svc-session-token-header';
    const unroute = await scriptAgenticStream(page, [
      { event: 'search', data: { query: 'session token header' } },
      { event: 'sources', data: { sources: [{ url: source, title: 'Session tokens and API keys', heading: 'The Svc-Session-Token header' }], model: 'loop-model', mode: 'agentic' } },
      { event: 'token', data: { text: `Send it as [The Svc-Session-Token header of every request](${source}): AVeryLongUnbrokenIdentifierThatAReaderMightPasteIntoTheirTerminalWithoutSpaces.\n\n` } },
      { event: 'token', data: { text: '```sh\ncurl -H "Svc-Session-Token: $SVC_SESSION_TOKEN" "$SVC_URL/api/v2/users/me/workspaces?include=agents,templates"\n```\n\nDone.' } },
      { event: 'done', data: {} },
    ]);
    try {
      await openDemoPage(page, `${shared.site.url}/concepts/workspaces`);
      await openOverlay(page);
      await typeQuery(page, 'session token header');
      await waitForResults(page);
      await askWithKeyboard(page);
      await waitForAnswerText(page, 'Done.');
      expectFits(await fit(page));
    } finally {
      await unroute();
    }
  });
});

describe('the docs layout on a 360 px wide screen', () => {
  it('hides the table of contents, and the page still has no horizontal scroll', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/concepts/workspaces`);
    const shown = await page.evaluate(() => {
      const toc = document.querySelector('nav.toc');
      return { present: toc !== null, display: toc === null ? null : getComputedStyle(toc).display, width: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth };
    });
    expect(shown.present).toBe(true);
    expect(shown.display).toBe('none');
    expect(shown.width).toBeLessThanOrEqual(shown.viewport);
  });
});

describe('<ask-search> with prefers-reduced-motion', () => {
  it('neither transitions nor animates', async () => {
    const { page } = shared.browser;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      await openDemoPage(page, `${shared.site.url}/`);
      await openOverlay(page);
      await typeQuery(page, 'workspace');
      await waitForResults(page);
      const moving = await page.evaluate(() => {
        const seconds = (value: string) => value.split(',').map((part) => (part.trim().endsWith('ms') ? Number.parseFloat(part) / 1000 : Number.parseFloat(part)));
        const nodes = [...document.querySelectorAll('ask-search, ask-search *, .ask-search-panel, .ask-search-panel *')];
        return nodes
          .flatMap((node) => [node, ...(['::before', '::after', '::backdrop'] as const).map((pseudo) => ({ node, pseudo }))])
          .map((entry) => {
            const [node, pseudo] = entry instanceof Element ? [entry, null] : [entry.node, entry.pseudo];
            const style = getComputedStyle(node, pseudo);
            const longest = Math.max(
              ...seconds(style.transitionDuration).map((d, i) => (style.transitionProperty.split(',')[i]?.trim() === 'none' ? 0 : d)),
              ...seconds(style.animationDuration).map((d, i) => (style.animationName.split(',')[i]?.trim() === 'none' ? 0 : d)),
            );
            return { name: `${node.tagName.toLowerCase()}.${node.getAttribute('class') ?? ''}${pseudo ?? ''}`, longest };
          })
          .filter((entry) => entry.longest > 0.01)
          .map((entry) => `${entry.name}: ${entry.longest}s`);
      });
      expect(moving).toEqual([]);
    } finally {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('runs without page errors', () => {
    expect(shared.browser.pageErrors).toEqual([]);
  });
});

describe('the docs layout on a wide screen: tabs and the table of contents', () => {
  let folder = '';
  let started: { site: DemoSite; browser: TestBrowser } | null = null;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'ask-layout-'));
    await writeFiles(folder, {
      'content/index.md': '# Home\n\nWelcome.\n',
      'content/install.mdx': [
        '# Install',
        '',
        '## With a package manager',
        '',
        '<Tabs>',
        '<TabItem label="npm">',
        '',
        'Run npm install.',
        '',
        '</TabItem>',
        '<TabItem label="pnpm">',
        '',
        'Run pnpm add.',
        '',
        '</TabItem>',
        '<TabItem label="yarn">',
        '',
        'Run yarn add.',
        '',
        '</TabItem>',
        '</Tabs>',
        '',
        ...Array.from({ length: 40 }, (_, at) => `Filler line ${at}.\n`),
        '## From source',
        '',
        'Build it.',
        '',
      ].join('\n'),
    });
    started = await startSiteAndBrowser({}, { width: 1400, height: 800 }, { content: path.join(folder, 'content'), digest: path.join(folder, 'no-digest') });
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.site.stop();
    await rm(folder, { recursive: true, force: true });
  });

  const running = (): { site: DemoSite; browser: TestBrowser } => {
    if (started === null) throw new Error('not started');
    return started;
  };

  /** Which tab is selected and which panels show, by label. */
  function tabState(page: TestBrowser['page']): Promise<{ selected: string[]; shown: string[]; focused: string | null }> {
    return page.evaluate(() => {
      const tabs = [...document.querySelectorAll('[role="tab"]')];
      return {
        selected: tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true').map((tab) => tab.textContent ?? ''),
        shown: [...document.querySelectorAll('[role="tabpanel"]')].filter((panel) => panel instanceof HTMLElement && panel.offsetHeight > 0).map((panel) => panel.textContent?.trim() ?? ''),
        focused: document.activeElement?.getAttribute('role') === 'tab' ? (document.activeElement.textContent ?? '') : null,
      };
    });
  }

  it('switches tabs by click and by arrow keys, one panel shown at a time', async () => {
    const { site, browser } = running();
    await browser.page.goto(`${site.url}/install`);
    await browser.page.waitForFunction(() => document.querySelectorAll('[role="tab"]').length === 3);
    expect(await tabState(browser.page)).toEqual({ selected: ['npm'], shown: ['Run npm install.'], focused: null });
    await browser.page.getByRole('tab', { name: 'pnpm' }).click();
    expect(await tabState(browser.page)).toEqual({ selected: ['pnpm'], shown: ['Run pnpm add.'], focused: 'pnpm' });
    await browser.page.keyboard.press('ArrowRight');
    expect(await tabState(browser.page)).toEqual({ selected: ['yarn'], shown: ['Run yarn add.'], focused: 'yarn' });
    await browser.page.keyboard.press('ArrowRight');
    expect(await tabState(browser.page)).toEqual({ selected: ['npm'], shown: ['Run npm install.'], focused: 'npm' });
    await browser.page.keyboard.press('End');
    expect(await tabState(browser.page)).toEqual({ selected: ['yarn'], shown: ['Run yarn add.'], focused: 'yarn' });
  });

  it('shows the table of contents beside the page, its links going to the headings', async () => {
    const { site, browser } = running();
    await browser.page.goto(`${site.url}/install`);
    const toc = browser.page.getByRole('navigation', { name: 'On this page' });
    expect(await toc.isVisible()).toBe(true);
    expect(await toc.getByRole('link').allTextContents()).toEqual(['With a package manager', 'From source']);
    await toc.getByRole('link', { name: 'From source' }).click();
    await browser.page.waitForURL(/#from-source$/);
    await browser.page.waitForFunction(() => {
      const box = document.getElementById('from-source')?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    });
    // the page's own column and the contents do not overlap
    const boxes = await browser.page.evaluate(() => ({
      main: document.querySelector('main')?.getBoundingClientRect().right ?? 0,
      toc: document.querySelector('nav.toc')?.getBoundingClientRect().left ?? 0,
    }));
    expect(boxes.main).toBeLessThanOrEqual(boxes.toc);
  });

  it('runs without page errors (the tab script passes the Content-Security-Policy)', () => {
    expect(running().browser.pageErrors).toEqual([]);
  });
});
