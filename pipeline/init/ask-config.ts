/**
 * The `ask.config.json` `ask init` writes at the repository root: what it detected or was given,
 * nothing more, so every command (the workflow's, the author's) runs without flags. Paths are
 * relative to the file (the root); a key is left out when the build finds the same by itself
 * (the site's name, read from the generator config at every build, so it never goes stale here).
 */
import type { GeneratorName } from '../content/generators/index.ts';
import type { AskConfig } from '../cli/config-schema.ts';
import { relativePosix } from './paths.ts';

export { CONFIG_FILE } from '../cli/config-schema.ts';

export interface DetectedSite {
  readonly root: string;
  readonly contentDir: string;
  readonly outDir: string;
  readonly generator: GeneratorName;
  /** The generator config found (absolute), null for none. */
  readonly configFile: string | null;
  readonly siteUrl: string | null;
  /** Globs (content-relative) to leave out: the digest when it sits inside the content. */
  readonly exclude: readonly string[];
}

/** The file's values for a detected site. */
export function askConfigOf(site: DetectedSite): AskConfig {
  return {
    content: relativePosix(site.root, site.contentDir) || '.',
    out: relativePosix(site.root, site.outDir) || '.',
    ...(site.generator === 'plain' ? {} : { generator: site.generator }),
    ...(site.configFile === null ? {} : { config: relativePosix(site.root, site.configFile) }),
    ...(site.siteUrl === null ? {} : { siteUrl: site.siteUrl }),
    ...(site.exclude.length === 0 ? {} : { exclude: [...site.exclude] }),
  };
}

/** The file's text: one JSON object, two-space indentation, a final newline. */
export function askConfigText(config: AskConfig): string {
  return `${JSON.stringify(config, null, 2)}\n`;
}
