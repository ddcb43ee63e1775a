import { describe, expect, it } from 'vitest';
import { siteAndBrowserPerFile, type TestBrowser } from '../support/browser.ts';
import { askWithKeyboard, openDemoPage, openOverlay, SEL, typeQuery, waitForResults } from '../support/overlay.ts';

// A server with no provider key: asking gets keyword JSON with a `warning`, which the overlay
// says in one line above the keyword results, and remembers for the session: from then on the
// Ask row says it before it is chosen, on this page and the next. The notices wrap, never cut.

const shared = siteAndBrowserPerFile();

/** The visible element `selector` shows all its text: nothing scrolls or overflows inside it, and it ends inside the panel. */
async function expectUnclipped(page: TestBrowser['page'], selector: string): Promise<void> {
  const box = await page.$eval(selector, (node) => {
    const rect = node.getBoundingClientRect();
    const panel = node.closest('.ask-search-panel')?.getBoundingClientRect();
    return { visible: rect.width > 0 && rect.height > 0, scrollWidth: node.scrollWidth, clientWidth: node.clientWidth, scrollHeight: node.scrollHeight, clientHeight: node.clientHeight, right: rect.right, panelRight: panel?.right ?? 0 };
  });
  expect(box.visible, selector).toBe(true);
  expect(box.scrollWidth, selector).toBeLessThanOrEqual(box.clientWidth);
  expect(box.scrollHeight, selector).toBeLessThanOrEqual(box.clientHeight);
  expect(box.right, selector).toBeLessThanOrEqual(box.panelRight);
}

describe('<ask-search> with no key on the server', () => {
  it('says on the Ask row that answers need a key before any Ask, from the x-ask-answers header of GET {endpoint}', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/`);
    await page.evaluate(() => sessionStorage.clear());
    const asks: string[] = [];
    const onRequest = (request: import('playwright-core').Request) => {
      if (request.method() === 'POST') asks.push(request.postData() ?? '');
    };
    page.on('request', onRequest);
    try {
      await openDemoPage(page, `${shared.site.url}/`);
      await openOverlay(page);
      await typeQuery(page, 'revoke a token');
      await waitForResults(page);
      await page.waitForSelector(SEL.askNote, { state: 'visible' });
      expect(await page.$eval(SEL.askNote, (node) => (node as HTMLElement).innerText.trim())).toMatch(/\bkey\b/i);
      expect(asks.every((body) => (JSON.parse(body) as { mode?: string }).mode === 'keyword')).toBe(true);
    } finally {
      page.off('request', onRequest);
    }
  });

  it('says so in one line and shows the keyword results when asked', async () => {
    const query = 'how do I revoke a token';
    const response = await fetch(`${shared.site.url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, mode: 'agentic' }) });
    const expected = (await response.json()) as { warning?: string; results: { url: string }[] };
    expect(expected.warning).toBeDefined();

    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/`);
    await openOverlay(page);
    await typeQuery(page, query);
    await waitForResults(page);
    // typing alone asks nothing of a model: no warning yet; the Ask row already says answers need a key (GET {endpoint})
    expect(await page.isVisible(SEL.warning)).toBe(false);
    expect(await page.$eval(SEL.askNote, (node) => (node as HTMLElement).innerText.trim())).toMatch(/\bkey\b/i);

    await askWithKeyboard(page);
    await page.waitForSelector(SEL.warning, { state: 'visible' });
    const warning = await page.$eval(SEL.warning, (node) => (node as HTMLElement).innerText.trim());
    expect(warning).toMatch(/\bkey\b|API_KEY/i);
    expect(warning).not.toContain('\n');
    expect((await waitForResults(page, expected.results.length)).sort()).toEqual(expected.results.map((result) => result.url).sort());
    expect(await page.isVisible(SEL.error)).toBe(false);
  });

  it('Tab from the input reaches the Ask row, and Enter on it asks', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/`);
    await openOverlay(page);
    await typeQuery(page, 'what is a workspace');
    await waitForResults(page);
    await page.keyboard.press('Tab');
    const onAskRow = await page.evaluate(
      ([input, row]) => {
        const active = document.getElementById(document.querySelector(input)?.getAttribute('aria-activedescendant') ?? '');
        return document.activeElement?.matches(row) === true || active?.matches(row) === true;
      },
      [SEL.input, SEL.askRow] as const,
    );
    expect(onAskRow).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForSelector(SEL.warning, { state: 'visible' });
  });

  it('once an Ask got keyword results, the Ask row says that answers need a key before it is chosen, on later pages too', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/`);
    await openOverlay(page);
    await typeQuery(page, 'revoke a token');
    await waitForResults(page);
    await askWithKeyboard(page);
    await page.waitForSelector(SEL.warning, { state: 'visible' });
    const warning = await page.$eval(SEL.warning, (node) => (node as HTMLElement).innerText.trim());
    expect(await page.$eval(SEL.askNote, (node) => (node as HTMLElement).innerText.trim())).toBe(warning);

    // another page of the site, another query: said on the row, before any Ask, and no request asks for an answer
    const asks: unknown[] = [];
    const onRequest = (request: import('playwright-core').Request) => {
      if (request.method() === 'POST' && (request.postDataJSON() as { mode?: string }).mode !== 'keyword') asks.push(request.postDataJSON());
    };
    page.on('request', onRequest);
    try {
      await openDemoPage(page, `${shared.site.url}/concepts/workspaces`);
      await openOverlay(page);
      await typeQuery(page, 'what is a workspace');
      await waitForResults(page);
      await page.waitForSelector(SEL.askNote, { state: 'visible' });
      const note = await page.$eval(SEL.askNote, (node) => (node as HTMLElement).innerText.trim());
      expect(note).toBe(warning);
      expect(note).toMatch(/\bkey\b|API_KEY/i);
      expect(await page.isVisible(SEL.warning)).toBe(false);
      expect(asks).toEqual([]);
    } finally {
      page.off('request', onRequest);
    }
  });

  for (const width of [1280, 360]) {
    it(`the warning and the Ask row's note wrap inside their boxes at ${width} px`, async () => {
      const { page } = shared.browser;
      await page.setViewportSize({ width, height: 800 });
      try {
        await openDemoPage(page, `${shared.site.url}/`);
        await openOverlay(page);
        await typeQuery(page, 'how do I rotate an API key');
        await waitForResults(page);
        await askWithKeyboard(page);
        await page.waitForSelector(SEL.warning, { state: 'visible' });
        await expectUnclipped(page, SEL.warning);
        // at a phone's width the server's warning does not fit one line: it wraps
        if (width === 360) expect(await page.$eval(SEL.warning, (node) => node.getBoundingClientRect().height > 2.5 * parseFloat(getComputedStyle(node).fontSize))).toBe(true);
        // typing again hides the warning and shows the note on the Ask row
        await page.keyboard.press('End');
        await page.keyboard.type(' now');
        await page.waitForSelector(SEL.askNote, { state: 'visible' });
        await expectUnclipped(page, SEL.askNote);
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });
  }

  it('runs without page errors', () => {
    expect(shared.browser.pageErrors).toEqual([]);
  });
});
