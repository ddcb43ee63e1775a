import { describe, expect, it } from 'vitest';
import { siteAndBrowserPerFile, type TestBrowser } from '../support/browser.ts';
import { moveTo, openDemoPage, optionFor, openOverlay, SEL, typeQuery, waitForResults } from '../support/overlay.ts';

// Enter on a result opens its deep link: the demo page of the section, scrolled to its heading.

// a short window, so that the last section of a page is below the fold until scrolled to
const shared = siteAndBrowserPerFile({}, { width: 1100, height: 600 });

interface Landing {
  readonly path: string;
  readonly hash: string;
  readonly targetId: string | null;
  readonly targetTag: string | null;
  readonly top: number;
  readonly bottom: number;
  readonly pageTop: number;
  readonly viewport: number;
  /** Whether the element drawn at the heading's middle is the heading (nothing sticky covers it). */
  readonly onTop: boolean;
}

/** Where the page is once its scroll has settled (the demo shared.site scrolls smoothly without reduced motion). */
async function landing(page: TestBrowser['page'], anchor: string): Promise<Landing> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let still = 0;
        const tick = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 3) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
  return page.evaluate((id) => {
    const target = document.querySelector(':target');
    const heading = document.getElementById(id);
    const rect = heading?.getBoundingClientRect();
    const hit = rect ? document.elementFromPoint(rect.left + Math.min(rect.width / 2, 40), rect.top + rect.height / 2) : null;
    return {
      path: location.pathname,
      hash: location.hash,
      targetId: target?.id ?? null,
      targetTag: target?.tagName.toLowerCase() ?? null,
      top: rect?.top ?? Number.NaN,
      bottom: rect?.bottom ?? Number.NaN,
      pageTop: (rect?.top ?? Number.NaN) + window.scrollY,
      viewport: window.innerHeight,
      onTop: heading !== null && hit !== null && heading.contains(hit),
    };
  }, anchor);
}

describe('<ask-search> Enter on a result', () => {
  it("navigates to the result's deep link and lands on the section's heading", async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/`);
    await openOverlay(page);
    await typeQuery(page, 'storing tokens safely');
    const links = await waitForResults(page);
    const wanted = '/platform/auth/tokens#storing-tokens-safely';
    expect(links).toContain(wanted);

    const active = await moveTo(page, optionFor(wanted));
    expect(active.href).toBe(wanted);
    await Promise.all([page.waitForURL((url) => url.pathname === '/platform/auth/tokens' && url.hash === '#storing-tokens-safely'), page.keyboard.press('Enter')]);
    await page.waitForSelector('#storing-tokens-safely');
    // the scroll to the fragment follows the load
    await page.waitForFunction(() => document.querySelector(':target') !== null);

    const at = await landing(page, 'storing-tokens-safely');
    expect(at.path).toBe('/platform/auth/tokens');
    expect(at.hash).toBe('#storing-tokens-safely');
    expect(at.targetId).toBe('storing-tokens-safely');
    expect(['h2', 'h3']).toContain(at.targetTag);
    // the heading sits below the first screen of the page, so only a scroll brings it into view
    expect(at.pageTop).toBeGreaterThan(at.viewport);
    expect(at.top).toBeGreaterThanOrEqual(0);
    expect(at.bottom).toBeLessThanOrEqual(at.viewport);
    expect(at.onTop, 'the heading is covered by another element (a sticky header without scroll-margin?)').toBe(true);
  });

  it('on the page of the result itself, closes the overlay and scrolls to the heading', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/platform/auth/tokens`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await openOverlay(page);
    await typeQuery(page, 'storing tokens safely');
    const wanted = '/platform/auth/tokens#storing-tokens-safely';
    expect(await waitForResults(page)).toContain(wanted);
    await moveTo(page, optionFor(wanted));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash === '#storing-tokens-safely' && document.querySelector(':target') !== null);
    await page.waitForSelector(SEL.panel, { state: 'hidden' });
    const at = await landing(page, 'storing-tokens-safely');
    expect(at.targetId).toBe('storing-tokens-safely');
    expect(at.top).toBeGreaterThanOrEqual(0);
    expect(at.bottom).toBeLessThanOrEqual(at.viewport);
    expect(at.onTop, 'the heading is covered by another element').toBe(true);
  });

  it('runs without page errors', () => {
    expect(shared.browser.pageErrors).toEqual([]);
  });
});
