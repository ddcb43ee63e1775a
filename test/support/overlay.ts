import type { Page, Route } from 'playwright-core';

/**
 * How the browser tests reach the `<ask-search>` element: the selectors of its DOM contract
 * (light DOM) and the reader's moves (open, type, move with the arrows, ask).
 */
export const SEL = {
  element: 'ask-search',
  trigger: 'ask-search button.ask-search-trigger',
  panel: '.ask-search-panel[role=dialog][aria-modal=true]',
  input: '.ask-search-panel input[role=combobox]',
  listbox: '.ask-search-panel [role=listbox]',
  option: '.ask-search-panel [role=listbox] [role=option]',
  group: '.ask-search-panel [role=listbox] [role=group]',
  /** A result row: an option inside a page group. */
  result: '.ask-search-panel [role=listbox] [role=group] [role=option]',
  suggestion: '.ask-search-panel [role=option].ask-search-suggestion',
  askRow: '.ask-search-panel [role=option].ask-search-ask-row',
  /** What the Ask row says before it is chosen when answers are known to need a key. */
  askNote: '.ask-search-panel [role=option].ask-search-ask-row .ask-search-ask-note',
  answer: '.ask-search-panel .ask-search-answer[aria-live=polite]',
  steps: '.ask-search-panel .ask-search-steps li',
  sources: '.ask-search-panel .ask-search-sources a',
  warning: '.ask-search-panel .ask-search-warning',
  error: '.ask-search-panel .ask-search-error',
} as const;

/** Loads a page of the demo site and waits until the element is defined. */
export async function openDemoPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => customElements.get('ask-search') !== undefined);
  await page.waitForSelector(SEL.trigger, { state: 'visible' });
}

/** Opens the overlay with its trigger button; resolves once its input has the focus. */
export async function openOverlay(page: Page): Promise<void> {
  await page.click(SEL.trigger);
  await page.waitForSelector(SEL.input, { state: 'visible' });
  await page.waitForFunction((input) => document.activeElement === document.querySelector(input), SEL.input);
}

/** Types `query` key by key into the (open) overlay's input. */
export async function typeQuery(page: Page, query: string): Promise<void> {
  await page.keyboard.type(query);
}

/** The result links shown (in DOM order), once `count` results are there (any number when omitted). */
export async function waitForResults(page: Page, count?: number): Promise<string[]> {
  await page.waitForFunction(
    ([selector, expected]) => {
      const shown = document.querySelectorAll(selector).length;
      return expected === null ? shown > 0 : shown === expected;
    },
    [SEL.result, count ?? null] as const,
  );
  return page.$$eval(SEL.result, (options) => options.map((option) => (option.matches('a[href]') ? option : option.querySelector('a[href]'))?.getAttribute('href') ?? ''));
}

export interface ActiveOption {
  readonly id: string;
  readonly className: string;
  readonly href: string | null;
  readonly selected: string | null;
}

/** The option the combobox's `aria-activedescendant` points at (null when none). */
export function activeOption(page: Page): Promise<ActiveOption | null> {
  return page.$eval(SEL.input, (input) => {
    const id = input.getAttribute('aria-activedescendant') ?? '';
    const option = id === '' ? null : document.getElementById(id);
    if (!option) return null;
    return {
      id,
      className: option.className,
      href: (option.matches('a[href]') ? option : option.querySelector('a[href]'))?.getAttribute('href') ?? null,
      selected: option.getAttribute('aria-selected'),
    };
  });
}

/** A selector for the option whose deep link is `href` (the option is the link, or holds it). */
export function optionFor(href: string): string {
  const target = JSON.stringify(href);
  return `[role=option]:is(a[href=${target}], :has(a[href=${target}]))`;
}

/** Presses ArrowDown until the active option matches `selector`; fails after a full round. */
export async function moveTo(page: Page, selector: string): Promise<ActiveOption> {
  const count = await page.$$eval(SEL.option, (options) => options.length);
  for (let step = 0; step <= count + 1; step += 1) {
    const active = await activeOption(page);
    const matches = await page.$eval(
      SEL.input,
      (input, wanted) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.matches(wanted) ?? false,
      selector,
    );
    if (active && matches) return active;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`ArrowDown never made an option matching '${selector}' active (${count} options)`);
}

/** With a query typed, moves to the "Ask" row and presses Enter. */
export async function askWithKeyboard(page: Page): Promise<void> {
  await page.waitForSelector(SEL.askRow);
  await moveTo(page, '.ask-search-ask-row');
  await page.keyboard.press('Enter');
}

/** The visible text of the answer region. */
export function answerText(page: Page): Promise<string> {
  return page.$eval(SEL.answer, (answer) => (answer as HTMLElement).innerText);
}

/** Waits until the answer region's text contains `text`. */
export async function waitForAnswerText(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    ([selector, wanted]) => document.querySelector<HTMLElement>(selector)?.innerText.includes(wanted) ?? false,
    [SEL.answer, text] as const,
  );
}

/** One server-sent event as the ask route writes it. */
export interface ScriptedEvent {
  readonly event: 'search' | 'sources' | 'token' | 'done' | 'error';
  readonly data: unknown;
}

export function sseBody(events: readonly ScriptedEvent[]): string {
  return events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

/**
 * Answers the page's agentic requests (POST {endpoint} whose mode is not `keyword`) with
 * `events`, untouched by the server's link filter, so that what the overlay itself does with
 * a stream is under test; keyword requests reach the server.
 */
export async function scriptAgenticStream(page: Page, events: readonly ScriptedEvent[], endpoint = '/api/ask'): Promise<() => Promise<void>> {
  const matcher = (url: URL) => url.pathname === endpoint;
  const handler = async (route: Route) => {
    const request = route.request();
    const body: unknown = request.method() === 'POST' ? request.postDataJSON() : null;
    const mode = typeof body === 'object' && body !== null && 'mode' in body ? body.mode : undefined;
    if (request.method() !== 'POST' || mode === 'keyword') return route.fallback();
    return route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' }, body: sseBody(events) });
  };
  await page.route(matcher, handler);
  return () => page.unroute(matcher, handler);
}

interface RecordedStreams {
  __askStreams?: { text: string; ended: boolean }[];
}

/**
 * From the next navigation on, the page keeps a copy of every event stream its `fetch` receives
 * (the body is teed, the element reads its half as before), for `recordedStreams`.
 */
export async function recordEventStreams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const recorded: { text: string; ended: boolean }[] = [];
    (window as RecordedStreams).__askStreams = recorded;
    const original = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await original(...args);
      if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream') || !response.body) return response;
      const [mine, copy] = response.body.tee();
      const entry = { text: '', ended: false };
      recorded.push(entry);
      void (async () => {
        const reader = copy.getReader();
        const decoder = new TextDecoder();
        try {
          for (let read = await reader.read(); !read.done; read = await reader.read()) entry.text += decoder.decode(read.value, { stream: true });
        } finally {
          entry.ended = true;
        }
      })();
      return new Response(mine, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  });
}

/** The text of the last event stream the page received, once it has ended. */
export async function lastEventStream(page: Page): Promise<string> {
  await page.waitForFunction(() => (window as RecordedStreams).__askStreams?.at(-1)?.ended === true);
  return page.evaluate(() => (window as RecordedStreams).__askStreams?.at(-1)?.text ?? '');
}

/**
 * Whether the first line of the element matching `selector` is on screen: its top inside the
 * window and inside every scrolling box around it (the panel's body scrolls).
 */
export function topInView(page: Page, selector: string): Promise<boolean> {
  return page.$eval(selector, (element) => {
    const rect = element.getBoundingClientRect();
    const line = rect.top + Math.min(rect.height, 16);
    if (rect.top < 0 || line > window.innerHeight) return false;
    for (let box = element.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (!/(auto|scroll|hidden)/.test(style.overflowY)) continue;
      const frame = box.getBoundingClientRect();
      if (rect.top < frame.top - 1 || line > frame.bottom + 1) return false;
    }
    return true;
  });
}
