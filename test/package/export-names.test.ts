import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareCodeUnits } from '../../pipeline/text/compare.ts';

const ROOT = path.join(import.meta.dirname, '..', '..');

/**
 * The names each package entry exports, against a reviewed file: a name added, renamed or
 * removed shows up in the diff of `export-names.json` (update it with `npx vitest run -u`).
 */
describe('the names each package entry exports', () => {
  it('are the reviewed ones', async () => {
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string> };
    const names: Record<string, string[]> = {};
    for (const [entry, target] of Object.entries(manifest.exports).sort(([a], [b]) => compareCodeUnits(a, b))) {
      const module = (await import(path.join(ROOT, target))) as Record<string, unknown>;
      names[entry] = Object.keys(module).sort();
    }
    await expect(`${JSON.stringify(names, null, 2)}\n`).toMatchFileSnapshot('./export-names.json');
  });
});
