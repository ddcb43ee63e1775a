export { startReferencePlatform, servePlatform, ownerFromEnvironment } from './server.ts';
export type { ReferencePlatform, ReferencePlatformOptions } from './server.ts';
export { openPlatformCore } from './core.ts';
export type { PlatformCore, PlatformCoreOptions } from './core.ts';
export { createUser, type NewUser, type UserRow } from './users.ts';
export { issueSessionToken } from './credentials.ts';
export { checkPassword } from './password-rules.ts';
export { SIMGIT } from './git-provider.ts';
export { SYSTEM_USER_ID, TEMPLATE_IDS } from './migrations.ts';
