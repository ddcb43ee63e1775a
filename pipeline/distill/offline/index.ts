export { createOfflineDistiller } from './distiller.ts';
export { OFFLINE_ALGORITHMS, OFFLINE_MODEL, OFFLINE_PROVIDER, OFFLINE_TEMPLATE_HASHES } from './version.ts';
export { distillSectionOffline, distillSectionRoot } from './section.ts';
export { definitionsStatedIn, statedDefinitions } from './stated.ts';
export type { FoundDefinition } from './definitions.ts';
export { buildGlossary } from './glossary.ts';
export { suggest } from './suggestions.ts';
export { writeContextText } from './context.ts';
