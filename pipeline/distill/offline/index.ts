export { createOfflineDistiller } from './distiller.ts';
export { OFFLINE_MODEL } from './version.ts';
export { distillSectionOffline } from './section.ts';
export { buildGlossary } from './glossary.ts';
export { suggest } from './suggestions.ts';
export { writeContextText } from './context.ts';
