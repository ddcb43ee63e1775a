export { detectGenerator } from './detect.ts';
export { generatorNamed, isGeneratorName } from './registry.ts';
export { GENERATOR_NAMES, type GeneratorName, type UrlStyle } from './types.ts';
