export { createModelDistiller, type ModelDistillerOptions } from './distiller.ts';
export { loadPrompts, promptHashes, type Prompts } from './templates.ts';
