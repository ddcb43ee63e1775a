// The runtime entry: the one web-standard handler and its adapters' building blocks.
export { createAskHandler, normalizeEndpoint, type AskHandler, type AskHandlerOptions, type AskRequestContext } from './handler.ts';
export { parseDigestFiles, DigestLoadError, type AskData, type DigestFiles } from './digest-data.ts';
export { streamAgenticAnswerFor } from './agentic-answer.ts';
export { openApiDocument, openApiYaml } from './openapi.ts';
export { type AskLogEntry, type FeedbackLogEntry, type QueryLogEntry, type QueryLogSink } from './query-log.ts';
