import path from 'node:path';
import { detectGenerator, GENERATOR_NAMES, generatorNamed, isGeneratorName, type GeneratorName, type UrlStyle } from '../content/generators/index.ts';
import { UsageError, type CliIO } from './io.ts';

export interface SiteFlagValues {
  readonly generator?: string | undefined;
  readonly exclude?: string[] | undefined;
  readonly 'trailing-slash'?: boolean | undefined;
  readonly 'html-extension'?: boolean | undefined;
}

export interface SiteChoice {
  readonly generator: GeneratorName;
  readonly urlStyle: UrlStyle;
  readonly exclude: readonly string[];
}

/**
 * The site options the flags ask for. `--generator auto` (the default) detects the generator from
 * the content folder and its parents and says in one line on stderr what it found.
 */
export async function chooseSite(command: string, values: SiteFlagValues, contentDir: string, io: CliIO): Promise<SiteChoice> {
  const asked = values.generator ?? 'auto';
  let generator: GeneratorName;
  if (asked === 'auto') {
    const detected = await detectGenerator(contentDir);
    generator = detected.generator;
    const why = detected.marker === null ? 'no generator config found' : `found ${path.relative(io.cwd, detected.marker) || detected.marker}`;
    io.err(`ask: generator ${generator} (${why}; --generator to choose)`);
  } else if (isGeneratorName(asked)) {
    generator = asked;
  } else {
    throw new UsageError(`ask ${command}: --generator must be auto or one of ${GENERATOR_NAMES.join(', ')}, got '${asked}'`);
  }
  const defaults = generatorNamed(generator).urlStyle;
  return {
    generator,
    urlStyle: {
      trailingSlash: values['trailing-slash'] ?? defaults.trailingSlash,
      htmlExtension: values['html-extension'] ?? defaults.htmlExtension,
    },
    exclude: values.exclude ?? [],
  };
}
