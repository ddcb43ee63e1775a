export {
  createPlatformProxy, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_BUFFERED_RESPONSE_BYTES, DEFAULT_UPSTREAM_TIMEOUT_MS,
} from './proxy.ts';
export type { PlatformProxyOptions } from './proxy.ts';
export { platformOpenApiPaths, platformOpenApiComponents } from './openapi.ts';
export { FORWARDED_REQUEST_HEADERS, HOP_BY_HOP_HEADERS } from './headers.ts';
export { peerAddressOf, rememberPeerAddress } from './peer-address.ts';
