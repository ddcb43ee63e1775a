/**
 * `ask-docs` in a project's `package.json`: an entry that is there (in `dependencies`,
 * `devDependencies` or `optionalDependencies`) is kept as it is; else one is added to
 * `devDependencies`, its keys sorted as npm sorts them, the file's indentation and final newline
 * kept.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { NodeProject } from './node-project.ts';

const PACKAGE = 'ask-docs';
const FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;

/** The spec a `package.json` lists `ask-docs` at, with its field; null when it lists none. */
export function listedSpec(manifest: Readonly<Record<string, unknown>>): { readonly field: string; readonly spec: string } | null {
  for (const field of FIELDS) {
    const listed = manifest[field];
    if (typeof listed !== 'object' || listed === null || !(PACKAGE in listed)) continue;
    const spec = (listed as Record<string, unknown>)[PACKAGE];
    return { field, spec: typeof spec === 'string' ? spec : String(spec) };
  }
  return null;
}

/** The indentation a JSON text uses (its first indented line's), two spaces when it has none. */
function indentOf(text: string): string {
  return /^([ \t]+)"/m.exec(text)?.[1] ?? '  ';
}

/** Writes `ask-docs` at `spec` into the project's `devDependencies` (the caller checked it lists none). */
export async function addDevDependency(project: NodeProject, spec: string): Promise<void> {
  const current = project.manifest.devDependencies;
  const entries = Object.entries(typeof current === 'object' && current !== null ? (current as Record<string, unknown>) : {});
  entries.push([PACKAGE, spec]);
  entries.sort(([a], [b]) => a.localeCompare(b, 'en'));
  const manifest = { ...project.manifest, devDependencies: Object.fromEntries(entries) };
  const ending = project.text.endsWith('\n') ? '\n' : '';
  await writeFile(path.join(project.dir, 'package.json'), `${JSON.stringify(manifest, null, indentOf(project.text))}${ending}`);
}
