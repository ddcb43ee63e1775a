export { streamAgenticAnswer, type AgenticAnswerOptions } from './stream.ts';
export { resolveBounds } from './bounds.ts';
export { createLinkFilter } from './link-filter.ts';
export { createLinkPolicy } from './link-policy.ts';
export type { SearchHit } from './sources.ts';
