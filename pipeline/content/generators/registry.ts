import { docusaurus } from './docusaurus/index.ts';
import { hugo } from './hugo/index.ts';
import { mintlify } from './mintlify/index.ts';
import { mkdocs } from './mkdocs/index.ts';
import { nextra } from './nextra/index.ts';
import { plain } from './plain/index.ts';
import { starlight } from './starlight/index.ts';
import type { Generator, GeneratorName } from './types.ts';
import { GENERATOR_NAMES } from './types.ts';
import { vitepress } from './vitepress/index.ts';

const GENERATORS: Readonly<Record<GeneratorName, Generator>> = { plain, vitepress, docusaurus, starlight, mkdocs, nextra, mintlify, hugo };

/** The generator of that name. */
export function generatorNamed(name: GeneratorName): Generator {
  return GENERATORS[name];
}

/** True when `name` is one of `GENERATOR_NAMES`. */
export function isGeneratorName(name: string): name is GeneratorName {
  return (GENERATOR_NAMES as readonly string[]).includes(name);
}

/** Every generator but `plain`, in the order detection tries them. */
export function detectableGenerators(): Generator[] {
  return GENERATOR_NAMES.filter((name) => name !== 'plain').map((name) => GENERATORS[name]);
}
