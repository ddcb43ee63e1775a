/**
 * Where a site's generator config is: the file given (`--config FILE`), else the generator's
 * config file found in the content folder or a parent, as the generator is detected
 * (`foldersUp`). Only read, never run.
 */
import path from 'node:path';
import { fitsMarker, foldersUp } from '../generators/detect.ts';
import { optionalTextInside } from '../inside-folder.ts';
import { detectableGenerators } from '../generators/registry.ts';
import type { GeneratorName } from '../generators/types.ts';

const MODULE_EXTENSIONS = ['mts', 'ts', 'mjs', 'js', 'cts', 'cjs'];

/** The config files of each generator that state the site's name, relative to the folder they sit in, in the order they are preferred. */
const CONFIG_FILES: Readonly<Record<GeneratorName, readonly string[]>> = {
  plain: [],
  vitepress: MODULE_EXTENSIONS.map((extension) => `.vitepress/config.${extension}`),
  docusaurus: MODULE_EXTENSIONS.map((extension) => `docusaurus.config.${extension}`),
  starlight: MODULE_EXTENSIONS.map((extension) => `astro.config.${extension}`),
  mkdocs: ['mkdocs.yml', 'mkdocs.yaml'],
  mintlify: ['docs.json', 'mint.json'],
  hugo: ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml', 'config.yaml', 'config.yml', 'config.json'],
  nextra: ['tsx', 'jsx', 'ts', 'js'].map((extension) => `theme.config.${extension}`),
};

export interface FoundConfig {
  /** The file's path as found (absolute when searched for). */
  readonly file: string;
  readonly text: string;
}

/** The generator's config file in the content folder or the nearest parent that has one; null when there is none. */
export async function findSiteConfig(contentDir: string, generator: GeneratorName): Promise<FoundConfig | null> {
  const candidates = CONFIG_FILES[generator];
  if (candidates.length === 0) return null;
  const folders: (readonly [string, readonly string[]])[] = [];
  for await (const folder of foldersUp(contentDir)) folders.push(folder);
  // the farthest folder searched is the repository's root: a config file linking out of it is not read
  const root = folders[folders.length - 1]?.[0] ?? path.resolve(contentDir);
  for (const [dir, entries] of folders) {
    for (const candidate of candidates) {
      if (!entries.includes(candidate.split('/')[0] ?? '')) continue;
      const file = path.join(dir, candidate);
      const text = await optionalTextInside(root, path.relative(root, file), 'the repository');
      if (text !== null) return { file, text };
    }
  }
  return null;
}

/**
 * The generator a config file belongs to, by its name (`astro.config.ts`, `.vitepress/config.mts`,
 * `docs.json`), in the order of `GENERATOR_NAMES`; null when no generator names such a file.
 */
export function generatorOfConfig(file: string): GeneratorName | null {
  const name = path.basename(file);
  const folder = path.basename(path.dirname(file));
  for (const generator of detectableGenerators()) {
    if (fitsMarker(name, generator.markers) || (fitsMarker(folder, generator.markers) && CONFIG_FILES[generator.name].some((candidate) => candidate.endsWith(`/${name}`)))) return generator.name;
  }
  return null;
}
