export { streamAgenticAnswer, type AgenticAnswerOptions } from './stream.ts';
export { DEFAULT_BOUNDS, resolveBounds, ANSWER_MAX_RETRIES, ANSWER_TIMEOUT_MS, type LoopBounds } from './bounds.ts';
export { createLinkFilter, HOLD_LIMIT, type LinkFilter } from './link-filter.ts';
export { createLinkPolicy } from './link-policy.ts';
export { encodeFrame, type AnswerEvent, type Source } from './sse.ts';
export type { SearchHit } from './sources.ts';
export type { OpenedSection } from './tools.ts';
