export { createOfflineDistiller } from './distiller.ts';
export { OFFLINE_ALGORITHMS, OFFLINE_MODEL, OFFLINE_PROVIDER, OFFLINE_TEMPLATE_HASHES } from './version.ts';
export { distillSectionOffline } from './section.ts';
export { buildGlossary } from './glossary.ts';
export { suggest } from './suggestions.ts';
export { writeContextText } from './context.ts';
