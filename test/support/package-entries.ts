import { readFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..', '..');

/** One entry of package.json's `exports`: what a site imports, and the repository file it is compiled from. */
export interface PackageEntry {
  /** `.`, `./runtime`, ... */
  readonly entry: string;
  /** The `default` target, relative to the package root (`./dist/pipeline/index.js`). */
  readonly target: string;
  /** The `types` target, when the entry has one. */
  readonly types: string | null;
  /** The absolute path of the source the package build turns into `target`. */
  readonly source: string;
}

type ExportTarget = string | { readonly types?: string; readonly default: string };

/** The package's entries (`./package.json` aside), each with its source in the repository. */
export async function packageEntries(): Promise<PackageEntry[]> {
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, ExportTarget> };
  return Object.entries(manifest.exports)
    .filter(([entry]) => entry !== './package.json')
    .map(([entry, value]) => {
      const target = typeof value === 'string' ? value : value.default;
      const types = typeof value === 'string' ? null : (value.types ?? null);
      const compiled = target.replace(/^\.\/dist\//, '');
      return { entry, target, types, source: path.join(ROOT, compiled.endsWith('.js') ? compiled.replace(/\.js$/, '.ts') : compiled) };
    });
}
