import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bundleOverlay } from '../../overlay/bundle.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

// The element's module is imported where there is no DOM (Node, an Astro page's frontmatter,
// server rendering): it must load, touching no DOM global, and register nothing.

const run = promisify(execFile);
const temp = tempFoldersPerTest();

describe('the <ask-search> module without a DOM', () => {
  it('imports in this Node process (no HTMLElement, no customElements) and exports no class', async () => {
    expect(typeof globalThis.HTMLElement).toBe('undefined');
    const module = await import('../../overlay/ask-search.ts');
    expect(module.AskSearch).toBeUndefined();
    const index = await import('../../overlay/index.ts');
    expect(typeof index.bundleOverlay).toBe('function');
  });

  it('the bundle served to browsers imports in a plain node process', async () => {
    const { dir } = await temp();
    const file = path.join(dir, 'ask-search.mjs');
    await writeFile(file, (await bundleOverlay()).js);
    const script = `const m = await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(JSON.stringify({ exports: Object.keys(m), value: typeof m.AskSearch }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).toEqual({ exports: ['AskSearch'], value: 'undefined' });
  });
});
