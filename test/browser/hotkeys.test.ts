import { describe, expect, it } from 'vitest';
import { siteAndBrowserPerFile, type TestBrowser } from '../support/browser.ts';
import { openDemoPage, SEL } from '../support/overlay.ts';

// Opening and closing: Ctrl-K, Cmd-K and `/` open the overlay with the focus in its input,
// Escape closes it and gives the focus back to the element that had it.

const shared = siteAndBrowserPerFile();

/** Focuses the first link of the page outside the element and tags it; returns its href. */
async function focusPageLink(page: TestBrowser['page']): Promise<string> {
  return page.evaluate(() => {
    const link = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].find((a) => !a.closest('ask-search'));
    if (!link) throw new Error('the demo page has no link outside <ask-search>');
    document.querySelectorAll('[data-had-focus]').forEach((element) => element.removeAttribute('data-had-focus'));
    link.setAttribute('data-had-focus', '');
    link.focus();
    return link.getAttribute('href') ?? '';
  });
}

const inputFocused = (page: TestBrowser['page']) => page.evaluate((input) => document.activeElement === document.querySelector(input), SEL.input);
const focusReturned = (page: TestBrowser['page']) => page.evaluate(() => document.activeElement?.hasAttribute('data-had-focus') ?? false);

async function closesWithEscapeAndRestoresFocus(page: TestBrowser['page']): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForSelector(SEL.panel, { state: 'hidden' });
  expect(await focusReturned(page)).toBe(true);
}

describe('<ask-search> hotkeys', () => {
  it.each([['Control+k'], ['Meta+k']])('%s opens it with the focus in the input; Escape closes it and restores the focus', async (chord) => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/concepts/workspaces`);
    expect(await page.isVisible(SEL.panel)).toBe(false);
    await focusPageLink(page);
    await page.keyboard.press(chord);
    await page.waitForSelector(SEL.panel, { state: 'visible' });
    expect(await inputFocused(page)).toBe(true);
    expect(await page.$eval(SEL.input, (input) => (input as HTMLInputElement).value)).toBe('');
    await closesWithEscapeAndRestoresFocus(page);
  });

  it('`/` opens it without typing the slash; Escape closes it and restores the focus', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/concepts/workspaces`);
    await focusPageLink(page);
    await page.keyboard.press('/');
    await page.waitForSelector(SEL.panel, { state: 'visible' });
    expect(await inputFocused(page)).toBe(true);
    expect(await page.$eval(SEL.input, (input) => (input as HTMLInputElement).value)).toBe('');
    await closesWithEscapeAndRestoresFocus(page);
  });

  it('`/` typed into a text field of the page stays in the field', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/concepts/workspaces`);
    await page.evaluate(() => {
      const field = document.createElement('input');
      field.id = 'page-field';
      field.setAttribute('aria-label', 'a field of the page');
      document.body.prepend(field);
    });
    await page.focus('#page-field');
    await page.keyboard.type('a/b');
    expect(await page.$eval('#page-field', (field) => (field as HTMLInputElement).value)).toBe('a/b');
    expect(await page.isVisible(SEL.panel)).toBe(false);
  });

  it('the trigger button opens it; Escape gives the focus back to the button', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/`);
    await page.evaluate((trigger) => document.querySelector(trigger)?.setAttribute('data-had-focus', ''), SEL.trigger);
    await page.focus(SEL.trigger);
    await page.keyboard.press('Enter');
    await page.waitForSelector(SEL.panel, { state: 'visible' });
    expect(await inputFocused(page)).toBe(true);
    await closesWithEscapeAndRestoresFocus(page);
  });

  it('Ctrl-K opens it a second time after it was closed', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/`);
    for (let round = 0; round < 2; round += 1) {
      await focusPageLink(page);
      await page.keyboard.press('Control+k');
      await page.waitForSelector(SEL.panel, { state: 'visible' });
      expect(await inputFocused(page)).toBe(true);
      await closesWithEscapeAndRestoresFocus(page);
    }
  });

  it('runs without page errors', () => {
    expect(shared.browser.pageErrors).toEqual([]);
  });
});
