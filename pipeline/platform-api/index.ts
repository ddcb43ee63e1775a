export { PLATFORM_OPERATIONS, DEBUG_LOGS_LIMIT_BYTES } from './operations.ts';
export type { PlatformOperation, ParameterSpec } from './operation.ts';
export { SESSION_TOKEN_HEADER } from './session-header.ts';
export { responseBody, type Validation } from './response-body.ts';
// what the embedded platform (platform/) takes from here: it imports this entry only
export * as schemas from './schemas.ts';
export * as parameters from './parameters.ts';
export { InboxNotificationAction } from './schemas.ts';
export { parseBooleanSegment } from './parameters.ts';
export { CLIENT_ADDRESS_HEADER } from './client-address-header.ts';
export { hasNulCharacter, NUL_CHARACTER_DETAIL, nulCharacterValidations, printableField } from './nul-characters.ts';
export { decodeUtf8, issuesToValidations, readBodyLimited } from './validate.ts';
