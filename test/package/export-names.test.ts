import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { compareCodeUnits } from '../../pipeline/text/compare.ts';
import { packageEntries } from '../support/package-entries.ts';

/** The names a module exports at run time, read by esbuild from its source (nothing is run: the overlay needs a DOM). */
async function exportedNames(source: string): Promise<string[]> {
  const result = await build({ entryPoints: [source], bundle: true, packages: 'external', platform: 'node', format: 'esm', write: false, metafile: true, logLevel: 'silent' });
  return Object.values(result.metafile.outputs).flatMap((output) => output.exports).sort(compareCodeUnits);
}

/**
 * The names each package entry exports, against a reviewed file: a name added, renamed or
 * removed shows up in the diff of `export-names.json` (update it with `npx vitest run -u`).
 * test/package/tarball.test.ts holds the compiled package to the same file.
 */
describe('the names each package entry exports', () => {
  it('are the reviewed ones', async () => {
    const names: Record<string, string[]> = {};
    const entries = (await packageEntries()).filter((entry) => entry.source.endsWith('.ts'));
    for (const { entry, source } of entries.sort((a, b) => compareCodeUnits(a.entry, b.entry))) names[entry] = await exportedNames(source);
    await expect(`${JSON.stringify(names, null, 2)}\n`).toMatchFileSnapshot('./export-names.json');
  });
});
