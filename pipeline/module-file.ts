/**
 * The file of a module next to `from` (an `import.meta.url`) in the form `from` itself is in:
 * `name.ts` when the repository runs from its sources under tsx, `name.js` in the compiled
 * package. One rule for every place that hands a module's path to something that loads it
 * outside the import graph (worker threads, esbuild entry points).
 */
export function siblingModule(from: string, name: string): URL {
  return new URL(`./${name}${runsFromSources(from) ? '.ts' : '.js'}`, from);
}

/** True when `from` (an `import.meta.url`) is a TypeScript source run through tsx. */
export function runsFromSources(from: string): boolean {
  return new URL(from).pathname.endsWith('.ts');
}
