export { createModelDistiller, type ModelDistillerOptions } from './distiller.ts';
export { loadPrompts, promptHashes } from './templates.ts';
