import { describe, expect, it } from 'vitest';
import { siteAndBrowserPerFile } from '../support/browser.ts';
import { askWithKeyboard, openDemoPage, openOverlay, SEL, typeQuery, waitForResults } from '../support/overlay.ts';

// A server with no provider key: asking gets keyword JSON with a `warning`, which the overlay
// says in one line above the keyword results.

const shared = siteAndBrowserPerFile();

describe('<ask-search> with no key on the server', () => {
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
    // typing alone asks nothing of a model: no warning yet
    expect(await page.isVisible(SEL.warning)).toBe(false);

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

  it('runs without page errors', () => {
    expect(shared.browser.pageErrors).toEqual([]);
  });
});
