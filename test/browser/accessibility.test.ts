import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { describe, expect, it } from 'vitest';
import { siteAndBrowserPerFile, type TestBrowser } from '../support/browser.ts';
import { askWithKeyboard, openDemoPage, openOverlay, scriptAgenticStream, SEL, typeQuery, waitForAnswerText, waitForResults } from '../support/overlay.ts';

// axe-core on a page of the demo site with the overlay open: no serious or critical violation
// with results shown (light and dark) and with an answer shown; the combobox's ARIA wiring.

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const shared = siteAndBrowserPerFile();

interface Finding {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: string[];
}

/** axe-core's violations of the whole document that are serious or critical. */
async function seriousViolations(page: TestBrowser['page']): Promise<Finding[]> {
  // evaluated by the test's own channel: a `<script>` tag would be refused by the site's Content-Security-Policy
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readFile(AXE, 'utf8'));
  const findings = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  });
  return findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}

async function showResults(page: TestBrowser['page']): Promise<void> {
  await openDemoPage(page, `${shared.site.url}/concepts/workspaces`);
  await openOverlay(page);
  await typeQuery(page, 'workspace template');
  await waitForResults(page);
  await page.keyboard.press('ArrowDown');
}

describe('<ask-search> accessibility', () => {
  it('has no serious or critical axe violation with the overlay open and results shown', async () => {
    const { page } = shared.browser;
    await page.emulateMedia({ colorScheme: 'light' });
    await showResults(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('has none in the dark color scheme either', async () => {
    const { page } = shared.browser;
    await page.emulateMedia({ colorScheme: 'dark' });
    try {
      await showResults(page);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });

  it('has none with an answer, its steps and its sources shown', async () => {
    const { page } = shared.browser;
    const source = '/concepts/workspaces#what-is-a-workspace';
    const unroute = await scriptAgenticStream(page, [
      { event: 'search', data: { query: 'what is a workspace' } },
      { event: 'sources', data: { sources: [{ url: source, title: 'Workspaces', heading: 'What is a workspace' }], model: 'loop-model', mode: 'agentic' } },
      { event: 'token', data: { text: `A workspace is a development environment built from a template ([Workspaces](${source})).\n\n` } },
      { event: 'token', data: { text: '- It has an owner\n- It runs agents\n\n```sh\nsvc create my-workspace\n```\n' } },
      { event: 'done', data: {} },
    ]);
    try {
      await openDemoPage(page, `${shared.site.url}/concepts/workspaces`);
      await openOverlay(page);
      await typeQuery(page, 'what is a workspace');
      await waitForResults(page);
      await askWithKeyboard(page);
      await waitForAnswerText(page, 'It runs agents');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await unroute();
    }
  });

  it('wires the combobox to its listbox, labels it, and marks the dialog modal', async () => {
    const { page } = shared.browser;
    await showResults(page);
    const wiring = await page.$eval(SEL.input, (input) => {
      const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
      const active = document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
      const labelledBy = (input.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
      const label =
        input.getAttribute('aria-label') ??
        (labelledBy.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim() ||
          (input.id ? document.querySelector(`label[for="${input.id}"]`)?.textContent?.trim() : undefined) ||
          null);
      const panel = input.closest('[role=dialog]');
      return {
        expanded: input.getAttribute('aria-expanded'),
        listboxRole: listbox?.getAttribute('role') ?? null,
        activeInListbox: active !== null && listbox !== null && listbox.contains(active) && active.getAttribute('role') === 'option',
        label: label !== null && label !== '',
        dialogLabelled: panel !== null && (panel.hasAttribute('aria-label') || panel.hasAttribute('aria-labelledby')),
        modal: panel?.getAttribute('aria-modal') ?? null,
        groupsLabelled: [...(listbox?.querySelectorAll('[role=group]') ?? [])].every((group) => (group.getAttribute('aria-label') ?? '') !== ''),
      };
    });
    expect(wiring).toEqual({ expanded: 'true', listboxRole: 'listbox', activeInListbox: true, label: true, dialogLabelled: true, modal: 'true', groupsLabelled: true });
  });

  it('runs without page errors', () => {
    expect(shared.browser.pageErrors).toEqual([]);
  });
});
