import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { CliIO } from '../../pipeline/cli/io.ts';
import { runCli } from '../../pipeline/cli/main.ts';
import { build } from './digest-tree.ts';

/**
 * The browser tests' harness: Debian's Chromium driven by playwright-core (DESIGN.md's flags,
 * a fresh profile in a temp folder), and `ask serve` of the demo docs site run in this process
 * on port 0 with the environment a test chooses.
 */

const REPO = path.join(import.meta.dirname, '..', '..');
export const CONTENT_FIXTURES = path.join(REPO, 'content-fixtures');

/** Debian's package installs it here (`.ci/run` installs it); CHROMIUM overrides. */
const CHROMIUM = process.env['CHROMIUM'] ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface TestBrowser {
  /** The context's first page; tests reuse it. */
  readonly page: Page;
  readonly context: BrowserContext;
  /** Uncaught exceptions and console errors of every page of the context, for diagnosis. */
  readonly pageErrors: string[];
  close(): Promise<void>;
}

/**
 * One browser (a persistent context on a fresh user-data dir, as `--user-data-dir` is only
 * accepted that way) per test file; `close` ends the browser and removes the profile.
 */
export async function launchBrowser(options: { width?: number; height?: number } = {}): Promise<TestBrowser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'ask-chromium-'));
  const pageErrors: string[] = [];
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    });
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
  const watch = (page: Page) => {
    page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      // a browser asks for /favicon.ico on its own; the demo site need not have one
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) pageErrors.push(`console: ${message.text()} (${message.location().url})`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(5_000);
  return {
    page,
    context,
    pageErrors,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

export interface DemoSite {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  /** Lines the server wrote to stderr. */
  readonly logs: string[];
  stop(): Promise<void>;
}

/** Docs to serve instead of content-fixtures: a content folder and its digest, built already (left as it is). */
export interface DocsToServe {
  readonly content: string;
  readonly digest: string;
}

/**
 * Builds the digest of content-fixtures (offline distiller) into a temp folder (or takes `docs`) and runs
 * `ask serve --digest <it> --content content-fixtures --port 0` in this process with `env` as
 * its whole environment (no provider key unless `env` has one). When `env` sets ASK_MODEL, checks
 * that the server reports that model, so a server that ignores `env` fails here, not later.
 */
export async function serveDemoSite(env: Record<string, string> = {}, docs: DocsToServe | null = null): Promise<DemoSite> {
  const folder = await mkdtemp(path.join(tmpdir(), 'ask-browser-'));
  const digest = docs?.digest ?? path.join(folder, 'digest');
  const content = docs?.content ?? CONTENT_FIXTURES;
  if (docs === null) await build(CONTENT_FIXTURES, digest);
  const logs: string[] = [];
  let stop = () => {};
  const stopSignal = new Promise<void>((resolve) => {
    stop = resolve;
  });
  let listening: (url: string) => void = () => {};
  const started = new Promise<string>((resolve) => {
    listening = resolve;
  });
  const io: CliIO = {
    out: (line) => {
      const url = /^listening on (http:\/\/\S+?)\/?$/.exec(line)?.[1];
      if (url !== undefined) listening(url);
    },
    err: (line) => logs.push(line),
    env: { ...env },
    cwd: REPO,
    interactive: false,
    stopSignal,
  };
  const exit = runCli(['serve', '--digest', digest, '--content', content, '--port', '0'], io);
  const url = await Promise.race([
    started,
    exit.then((code) => Promise.reject(new Error(`ask serve exited with ${code} before listening: ${logs.join('\n')}`))),
  ]).catch(async (error: unknown) => {
    await rm(folder, { recursive: true, force: true });
    throw error;
  });
  const site: DemoSite = {
    url,
    logs,
    stop: async () => {
      stop();
      await exit;
      await rm(folder, { recursive: true, force: true });
    },
  };
  // the server's model (GET {endpoint}) comes from ASK_MODEL: proof that it reads `env`, not this process's
  const model = env['ASK_MODEL'];
  if (model !== undefined) {
    const served = ((await (await fetch(`${url}/api/ask`)).json()) as { model?: unknown }).model;
    if (served !== model) {
      await site.stop();
      throw new Error(`ask serve answers model '${String(served)}', not ASK_MODEL '${model}' of the environment it was given (io.env)`);
    }
  }
  return site;
}

/**
 * The demo site and a browser, started side by side; when either fails to start, the other is
 * closed before the error is thrown (no browser outlives its test file).
 */
export async function startSiteAndBrowser(env: Record<string, string> = {}, window: { width?: number; height?: number } = {}, docs: DocsToServe | null = null): Promise<{ site: DemoSite; browser: TestBrowser }> {
  const [site, browser] = await Promise.allSettled([serveDemoSite(env, docs), launchBrowser(window)]);
  if (site.status === 'fulfilled' && browser.status === 'fulfilled') return { site: site.value, browser: browser.value };
  if (site.status === 'fulfilled') await site.value.stop();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw site.status === 'rejected' ? site.reason : browser.status === 'rejected' ? browser.reason : new Error('unreachable');
}

/**
 * A demo site and a browser shared by the tests of one file: started before them and closed
 * after (this registers the file's `beforeAll` and `afterAll`). Read `site` and `browser` inside
 * tests and hooks only.
 */
export function siteAndBrowserPerFile(env: Record<string, string> = {}, window: { width?: number; height?: number } = {}): { readonly site: DemoSite; readonly browser: TestBrowser } {
  let started: { site: DemoSite; browser: TestBrowser } | null = null;
  beforeAll(async () => {
    started = await startSiteAndBrowser(env, window);
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.site.stop();
  });
  const running = (): { site: DemoSite; browser: TestBrowser } => {
    if (started === null) throw new Error('the demo site and browser start in beforeAll: use them inside tests');
    return started;
  };
  return {
    get site() {
      return running().site;
    },
    get browser() {
      return running().browser;
    },
  };
}
