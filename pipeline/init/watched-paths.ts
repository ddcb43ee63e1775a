/**
 * What a change of triggers the digest workflow (its `paths`, relative to the repository root):
 * the content folder, the generator config, the generator's navigation and config files kept
 * beside it (a sidebar file outside the content decides groups and order as much as a page
 * does), `ask.config.json`, the digest itself (a pull request that only touches it is checked
 * too: a required check skipped by a paths filter would leave the pull request waiting), the
 * workflow, and the Node project's manifest and lockfile (a new `ask-docs` can write another
 * digest). Navigation files inside the content folder (`_meta.json`, `meta.json`, `_sidebar.md`,
 * `SUMMARY.md`, `_category_.json`) are in its glob already.
 */
import path from 'node:path';
import type { GeneratorName } from '../content/generators/index.ts';
import { CONFIG_FILE } from './ask-config.ts';
import { globOf, inFolder, relativePosix } from './paths.ts';

/** Each generator's navigation and config files, relative to the folder of its marker (globs). */
const NAVIGATION: Readonly<Record<GeneratorName, readonly string[]>> = {
  plain: [],
  vitepress: ['.vitepress/**'],
  docusaurus: ['sidebars.*', 'versions.json', 'versioned_docs/**', 'versioned_sidebars/**', 'i18n/**'],
  starlight: ['astro.config.*', 'src/content.config.*', 'src/content/config.*'],
  mkdocs: ['mkdocs.yml', 'mkdocs.yaml'],
  nextra: ['next.config.*', 'theme.config.*'],
  mintlify: ['docs.json', 'mint.json'],
  hugo: ['hugo.*', 'config.*', 'config/**'],
};

export interface WatchedInput {
  readonly root: string;
  readonly contentDir: string;
  readonly outDir: string;
  readonly generator: GeneratorName;
  /** The file or folder that named the generator (absolute), null for `plain`. */
  readonly marker: string | null;
  readonly configFile: string | null;
  /** The workflow file, relative to the root. */
  readonly workflowFile: string;
  /** The Node project's `package.json` and lockfile (absolute), when there is one. */
  readonly project: { readonly manifest: string; readonly lockfile: string } | null;
}

export function watchedPaths(input: WatchedInput): string[] {
  const { root } = input;
  const siteRoot = input.marker === null ? null : relativePosix(root, path.dirname(input.marker));
  return [
    ...new Set([
      globOf(relativePosix(root, input.contentDir)),
      ...(input.configFile === null ? [] : [relativePosix(root, input.configFile)]),
      ...(siteRoot === null ? [] : NAVIGATION[input.generator].map((glob) => inFolder(siteRoot, glob))),
      CONFIG_FILE,
      globOf(relativePosix(root, input.outDir)),
      input.workflowFile,
      ...(input.project === null ? [] : [relativePosix(root, input.project.manifest), relativePosix(root, input.project.lockfile)]),
    ]),
  ];
}
