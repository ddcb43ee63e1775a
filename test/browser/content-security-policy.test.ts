import { describe, expect, it } from 'vitest';
import { siteAndBrowserPerFile } from '../support/browser.ts';
import { openDemoPage, openOverlay, typeQuery, waitForResults } from '../support/overlay.ts';

// The demo site's Content-Security-Policy (issue 23, item 10): its pages and the search box run
// under it with no violation, while an inline script a page gained would not run.

const shared = siteAndBrowserPerFile();

/** The violations the page saw (its `securitypolicyviolation` events), recorded from before any script of the page. */
async function violations(): Promise<string[]> {
  return shared.browser.page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

describe('the demo site under its Content-Security-Policy', () => {
  it('shows a page and answers a keyword search in the search box with no violation', async () => {
    const { page, context } = shared.browser;
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    // the element's bundle is built on its first request: built before the page's timeout starts
    expect((await fetch(`${shared.site.url}/ask-search.js`)).status).toBe(200);
    const response = await page.goto(`${shared.site.url}/concepts/workspaces`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await openDemoPage(page, `${shared.site.url}/concepts/workspaces`);
    // the page's own inline style applies: the site's layout is there
    expect(await page.$eval('.site-header', (header) => getComputedStyle(header).display)).not.toBe('inline');
    await openOverlay(page);
    await typeQuery(page, 'workspace');
    expect((await waitForResults(page)).length).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
    expect(shared.browser.pageErrors.filter((line) => line.includes('Content Security Policy'))).toEqual([]);
  });

  it('blocks an inline script a page would gain', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/concepts/workspaces`);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as unknown as { injectedRan?: boolean }).injectedRan === true;
    });
    expect(ran).toBe(false);
    expect((await violations()).some((line) => line.startsWith('script-src'))).toBe(true);
  });
});
