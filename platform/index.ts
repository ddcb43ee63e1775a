export { startReferencePlatform, servePlatform, ownerFromEnvironment } from './server.ts';
export { openPlatformCore } from './core.ts';
export { PASSCODE_MAX_FAILED_ATTEMPTS } from './account-security.ts';
export { type ScryptCost } from './secrets.ts';
export type { PlatformCore } from './core.ts';
export { createUser } from './users.ts';
export { issueSessionToken } from './credentials.ts';
export { SYSTEM_USER_ID, TEMPLATE_IDS } from './migrations.ts';
