export { PLATFORM_OPERATIONS, DEBUG_LOGS_LIMIT_BYTES } from './operations.ts';
export type { PlatformOperation, HttpMethod, Credential, Passage, Upstream, ParameterSpec, ResponseSpec } from './operation.ts';
export { platformSchemas, type PlatformResponseBody } from './schemas.ts';
export { SESSION_TOKEN_HEADER } from './session-header.ts';
export { responseBody, type Validation, type ResponseBodyExtra } from './response-body.ts';
