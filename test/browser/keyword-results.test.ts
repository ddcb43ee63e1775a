import { describe, expect, it } from 'vitest';
import { siteAndBrowserPerFile } from '../support/browser.ts';
import { activeOption, openDemoPage, openOverlay, SEL, typeQuery, waitForResults } from '../support/overlay.ts';

// Instant keyword results in the overlay: suggestions, results grouped by page with the matched
// words marked, the request debounced, and the arrow keys over the listbox.

interface KeywordResult {
  readonly title: string;
  readonly heading?: string;
  readonly url: string;
  readonly snippet: string;
}

const shared = siteAndBrowserPerFile();

async function keywordResults(query: string): Promise<KeywordResult[]> {
  const response = await fetch(`${shared.site.url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, mode: 'keyword' }) });
  const body = (await response.json()) as { results: KeywordResult[] };
  return body.results;
}

describe('<ask-search> keyword results', () => {
  it('shows the suggestions of GET {endpoint} as options while the input is empty', async () => {
    const { suggestions } = (await (await fetch(`${shared.site.url}/api/ask`)).json()) as { suggestions: string[] };
    expect(suggestions.length).toBeGreaterThan(0);
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/`);
    await openOverlay(page);
    await page.waitForSelector(SEL.suggestion);
    const shown = await page.$$eval(SEL.suggestion, (rows) => rows.map((row) => ({ role: row.getAttribute('role'), text: (row as HTMLElement).innerText.trim() })));
    expect(shown.length).toBeGreaterThan(0);
    for (const row of shown) {
      expect(row.role).toBe('option');
      expect(suggestions).toContain(row.text);
    }
  });

  it('groups the results by page, in ranking order, the title once as the group header, each result its heading and snippet with the matched words in <mark>', async () => {
    const query = 'session token';
    const expected = await keywordResults(query);
    expect(new Set(expected.map((result) => result.title)).size).toBeLessThan(expected.length);

    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/`);
    await openOverlay(page);
    await typeQuery(page, query);
    await waitForResults(page, expected.length);

    const groups = await page.$$eval(SEL.group, (nodes) =>
      nodes.map((group) => ({
        label: group.getAttribute('aria-label'),
        header: group.querySelector('.ask-search-group-title')?.textContent?.trim() ?? null,
        rows: [...group.querySelectorAll('[role=option]')].map((row) => ({
          href: (row.matches('a[href]') ? row : row.querySelector('a[href]'))?.getAttribute('href') ?? null,
          text: (row as HTMLElement).innerText,
          heading: row.querySelector('.ask-search-heading')?.textContent?.trim() ?? null,
          headingMarks: [...row.querySelectorAll('.ask-search-heading mark')].map((mark) => mark.textContent ?? ''),
          snippet: row.querySelector('.ask-search-snippet')?.textContent ?? null,
          marks: [...row.querySelectorAll('.ask-search-snippet mark')].map((mark) => mark.textContent ?? ''),
        })),
      })),
    );
    const titles = [...new Set(expected.map((result) => result.title))];
    expect(groups.map((group) => group.label)).toEqual(titles);
    expect(groups.map((group) => group.header)).toEqual(titles);
    for (const group of groups) {
      const mine = expected.filter((result) => result.title === group.label);
      expect(group.rows.map((row) => row.href)).toEqual(mine.map((result) => result.url));
      // a result shows its heading; only the page's opening (no heading) is labelled by the title
      expect(group.rows.map((row) => row.heading)).toEqual(mine.map((result) => result.heading ?? result.title));
      for (const [index, row] of group.rows.entries()) {
        if (mine[index]?.heading !== undefined && !mine[index].heading.includes(group.label ?? '')) expect(row.text).not.toContain(group.label);
        expect(row.snippet?.replace(/\s+/g, ' ').trim().length).toBeGreaterThan(20);
        for (const mark of [...row.marks, ...row.headingMarks]) expect(mark).toMatch(/^(session|token)/i);
      }
    }
    const rows = groups.flatMap((group) => group.rows);
    // a snippet holding a query word has it marked, and so has a heading
    const withWord = rows.filter((row) => /\btokens?\b/i.test(row.snippet ?? ''));
    expect(withWord.length).toBeGreaterThan(0);
    for (const row of withWord) expect(row.marks.length).toBeGreaterThan(0);
    const headingsWithWord = rows.filter((row) => /\b(sessions?|tokens?)\b/i.test(row.heading ?? ''));
    expect(headingsWithWord.length).toBeGreaterThan(0);
    for (const row of headingsWithWord) expect(row.headingMarks.length).toBeGreaterThan(0);
  });

  it('debounces the requests while typing and shows the results of the last query', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/`);
    await openOverlay(page);
    const queries: string[] = [];
    const onRequest = (request: import('playwright-core').Request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/ask') {
        const body = request.postDataJSON() as { query?: string };
        queries.push(body.query ?? '');
      }
    };
    page.on('request', onRequest);
    const query = 'workspace template parameters';
    const expected = await keywordResults(query);
    await typeQuery(page, query);
    // the top result of the whole query leads the list
    const shown = await page.waitForFunction(
      ([selector, first]) => {
        const option = document.querySelector(selector);
        return (option?.matches('a[href]') ? option : option?.querySelector('a[href]'))?.getAttribute('href') === first;
      },
      [SEL.result, expected[0]?.url ?? ''] as const,
    );
    await shown.dispose();
    page.off('request', onRequest);
    expect(queries.at(-1)).toBe(query);
    expect(queries.length).toBeLessThan(query.length);
    expect(await waitForResults(page, expected.length)).toEqual(expect.arrayContaining(expected.map((result) => result.url)));
  });

  it('moves aria-activedescendant with ArrowDown and ArrowUp while the focus stays in the combobox', async () => {
    const { page } = shared.browser;
    await openDemoPage(page, `${shared.site.url}/`);
    await openOverlay(page);
    // the results of the whole query, not of a prefix typed on the way (they would be replaced mid-test)
    const query = 'session token';
    const expected = await keywordResults(query);
    const answered = page.waitForResponse((response) => response.request().method() === 'POST' && (response.request().postDataJSON() as { query?: string }).query === query);
    await typeQuery(page, query);
    await (await answered).finished();
    await waitForResults(page, expected.length);
    const wiring = await page.$eval(SEL.input, (input) => ({
      expanded: input.getAttribute('aria-expanded'),
      controls: document.getElementById(input.getAttribute('aria-controls') ?? '')?.getAttribute('role') ?? null,
    }));
    expect(wiring).toEqual({ expanded: 'true', controls: 'listbox' });

    const ids = await page.$$eval(SEL.option, (options) => options.map((option) => option.id));
    expect(ids.every((id) => id !== '')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const start = ids.indexOf((await activeOption(page))?.id ?? '');

    await page.keyboard.press('ArrowDown');
    const first = await activeOption(page);
    expect(first?.id).toBe(ids[start + 1]);
    expect(first?.selected).toBe('true');
    await page.keyboard.press('ArrowDown');
    const second = await activeOption(page);
    expect(second?.id).toBe(ids[start + 2]);
    expect(second?.selected).toBe('true');
    expect(await page.$eval(`[id="${first?.id ?? ''}"]`, (option) => option.getAttribute('aria-selected'))).not.toBe('true');
    await page.keyboard.press('ArrowUp');
    expect((await activeOption(page))?.id).toBe(ids[start + 1]);
    expect(await page.evaluate((input) => document.activeElement === document.querySelector(input), SEL.input)).toBe(true);
  });

  it('runs without page errors', () => {
    expect(shared.browser.pageErrors).toEqual([]);
  });
});
