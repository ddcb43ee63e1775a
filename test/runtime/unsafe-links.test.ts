import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import { build } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

/** A digest of one page whose links run script, and a handler over it. */
async function handlerOverUnsafeLinks() {
  const page = [
    '# Tricks',
    '',
    'Open [the console](javascript:alert(document.cookie)), [a tab](JaVaScRiPt:alert(1)), [a tabbed one](java&#x09;script:alert(1)) and [a ref][run].',
    '',
    'See ![a pixel](data:image/svg+xml;base64,PHN2Zz4=) and <javascript:alert(2)>; keep [the guide](./guide.md) and [the site](https://example.com/x).',
    '',
    '[run]: javascript:alert(3)',
    '',
  ].join('\n');
  const { dir } = await freshFolder({ 'content/tricks.md': page, 'content/guide.md': '# Guide\n\nHow to use the tool.\n' });
  await build(path.join(dir, 'content'), path.join(dir, 'digest'));
  const handler = createNodeAskHandler({ digestDir: path.join(dir, 'digest'), log: () => undefined, processEnv: {} });
  return (route: string) => handler(new Request(`http://docs.test/api/ask${route}`));
}

function expectNoUnsafeLink(markdown: string): void {
  expect(markdown).not.toMatch(/\]\(\s*(?:java|data:)/i);
  expect(markdown).not.toMatch(/<javascript:/i);
  expect(markdown).not.toMatch(/^\[run\]:/m);
  // what the links said stays, and safe links are kept as written
  expect(markdown).toContain('Open the console, a tab, a tabbed one and a ref.');
  expect(markdown).toContain('See a pixel and javascript:alert(2); keep [the guide](./guide.md) and [the site](https://example.com/x).');
}

describe('links to no safe url are removed in what the runtime serves of a section (issue 23, item 9)', () => {
  it('in /sections/{id}?format=markdown', async () => {
    const get = await handlerOverUnsafeLinks();
    const response = await get('/sections/tricks?format=markdown');
    expect(response.status).toBe(200);
    expectNoUnsafeLink(await response.text());
  });

  it("in the budget route's text", async () => {
    const get = await handlerOverUnsafeLinks();
    const body = (await (await get('/sections?budget=100000&q=console')).json()) as { sections: { id: string; text?: string }[] };
    const tricks = body.sections.find((section) => section.id === 'tricks');
    expect(tricks?.text).toBeDefined();
    expectNoUnsafeLink(tricks?.text ?? '');
  });
});
