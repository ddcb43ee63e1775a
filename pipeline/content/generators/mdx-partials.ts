import path from 'node:path';
import type { ReadContentFile } from './types.ts';

/** `import Name from './partial.mdx'` (default import of a Markdown file), on its own line. */
const PARTIAL_IMPORT = /^import[ \t]+([A-Z][\w$]*)[ \t]+from[ \t]+(['"])([^'"\n]+\.mdx?)\2;?[ \t]*\r?$/gm;
const FRONTMATTER = /^(?:---|\+\+\+)\r?\n[\s\S]*?\r?\n(?:---|\+\+\+)[ \t]*(?:\r?\n|$)/;
/** Top-level `import`/`export` lines of an included file: they belong to its own module, not the page. */
const ESM_LINE = /^(?:import|export)[ \t][^\n]*(?:\n|$)/gm;
const MAX_DEPTH = 8;

export interface PartialOptions {
  /**
   * Where an import path starting with `/` is resolved from: the content folder (`''`, Mintlify's
   * `/snippets/x.mdx`), or null when such paths cannot be read (Starlight, Nextra).
   */
  readonly absoluteRoot: string | null;
}

/** The content-relative path an import names, or null when it points outside what we can read. */
function resolveImport(file: string, specifier: string, options: PartialOptions): string | null {
  if (specifier.startsWith('/')) return options.absoluteRoot === null ? null : path.posix.join(options.absoluteRoot, specifier.slice(1));
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null; // a package or an alias (`@/x.mdx`)
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return resolved.startsWith('../') ? null : resolved;
}

/** A usage `<Name />` alone on its line (with its indentation), the way partials are placed. */
function usagePattern(name: string): RegExp {
  return new RegExp(`^([ \\t]*)<${name.replace(/\$/g, '\\$')}(?:[ \\t][^<>]*)?/>[ \\t]*(\\r?)$`, 'gm');
}

/** The body of a partial as it reads inside the page: no frontmatter, no imports or exports. */
function partialBody(text: string): string {
  return text.replace(FRONTMATTER, '').replace(ESM_LINE, '').replace(/\s+$/, '');
}

/**
 * Replaces each `<Name />` of an MDX page whose `Name` is a default import of a `.md`/`.mdx` file
 * with that file's text (its own partials expanded first), as MDX renders it in place. Imports
 * that cannot be read (outside the content folder, an alias, missing) are left as they are.
 */
export async function expandMdxPartials(file: string, source: string, read: ReadContentFile, options: PartialOptions, depth = 0): Promise<string> {
  if (depth >= MAX_DEPTH || !/\.mdx$/i.test(file) || !source.includes('import')) return source;
  let expanded = source;
  for (const match of source.matchAll(PARTIAL_IMPORT)) {
    const [, name, , specifier] = match;
    if (name === undefined || specifier === undefined) continue;
    const target = resolveImport(file, specifier, options);
    const text = target === null ? null : await read(target);
    if (target === null || text === null) continue;
    const inner = partialBody(await expandMdxPartials(target, text, read, options, depth + 1));
    expanded = expanded.replace(usagePattern(name), (_usage, indent: string, cr: string) =>
      inner
        .split('\n')
        .map((line) => (line.trim() === '' ? '' : `${indent}${line}`))
        .join('\n') + cr,
    );
  }
  return expanded;
}
