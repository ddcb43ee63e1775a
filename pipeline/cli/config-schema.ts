/**
 * `ask.config.json`: the build flags in camelCase, each optional, nothing else (`$schema` aside,
 * for editors, and ignored). Each key's error says what it takes; the file's reading and the
 * lookup are `config-file.ts`.
 */
import { z } from 'zod';
import { GENERATOR_NAMES } from '../content/generators/index.ts';

export const CONFIG_FILE = 'ask.config.json';

/** Keys the contract keeps for a later issue: refused, never read and ignored. */
export const RESERVED_KEYS = ['locales', 'versions'] as const;

const text = (takes: string) => z.string({ error: `takes ${takes}` }).refine((value) => value.trim() !== '', { error: `takes ${takes}, not a blank one` });
const flag = z.boolean({ error: 'takes true or false' });

export const AskConfigSchema = z.strictObject({
  $schema: z.string({ error: 'takes the URL or path of a JSON schema' }).optional(),
  content: text('a folder (relative to this file)').optional(),
  out: text('a folder (relative to this file)').optional(),
  config: text("the generator's config file (relative to this file)").optional(),
  generator: z.enum(['auto', ...GENERATOR_NAMES], { error: `takes auto or one of ${GENERATOR_NAMES.join(', ')}` }).optional(),
  siteUrl: text('the published site, e.g. "https://docs.example.com"').optional(),
  siteName: text("the site's name").optional(),
  siteDescription: text("the site's one-line description").optional(),
  exclude: z.array(text('a glob'), { error: 'takes an array of globs (strings)' }).optional(),
  trailingSlash: flag.optional(),
  htmlExtension: flag.optional(),
  provider: text('a provider: anthropic, openai, gemini or offline').optional(),
  model: text("a model's name").optional(),
});

export type AskConfig = Omit<z.infer<typeof AskConfigSchema>, '$schema'>;

/** A key of the file that gives a flag its value (`$schema` gives none). */
export type ConfigKey = keyof AskConfig;

/** Every key a flag reads, in the schema's order. */
export const CONFIG_KEYS = Object.keys(AskConfigSchema.shape).filter((key): key is ConfigKey => key !== '$schema');

/** The keys whose value is a path, relative to the folder of the file that states it. */
export const PATH_KEYS: readonly ConfigKey[] = ['content', 'out', 'config'];
