export {
  createPlatformProxy, isPlatformPath, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_BUFFERED_RESPONSE_BYTES, DEFAULT_UPSTREAM_TIMEOUT_MS,
} from './proxy.ts';
export type { PlatformProxyOptions } from './proxy.ts';
export { platformOpenApiPaths, platformOpenApiComponents } from './openapi.ts';
export { PLATFORM_OPERATIONS, DEBUG_LOGS_LIMIT_BYTES } from './operations.ts';
export type { PlatformOperation, HttpMethod, Credential, Passage, Upstream } from './operation.ts';
export { SESSION_TOKEN_HEADER, FORWARDED_REQUEST_HEADERS, HOP_BY_HOP_HEADERS } from './headers.ts';
