// The Astro entry of the package (`<package>/astro`): the integration, default and named.
export { ask, ask as default, type AskAstroOptions } from './integration.ts';
