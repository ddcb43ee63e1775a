/**
 * A simulated git provider ("SimGit"), standing where GitHub would: it runs
 * device flows, issues and validates access tokens, revokes them, and signs
 * users in for a login-type conversion. Its state is in its own tables
 * (`git_device_codes`, `git_access_tokens`); the platform reaches it through
 * these functions, and a person reaches its pages under `/simgit/`.
 */
import type { Sql } from './database.ts';
import { hashSecret, randomCode } from './secrets.ts';
import { createHash, randomBytes } from 'node:crypto';

export interface GitProviderConfig {
  readonly id: string;
  readonly displayName: string;
  readonly deviceCodeLifetimeSeconds: number;
  readonly pollIntervalSeconds: number;
  readonly tokenLifetimeMs: number;
}

export const SIMGIT: GitProviderConfig = {
  id: 'simgit',
  displayName: 'SimGit (simulated git provider)',
  deviceCodeLifetimeSeconds: 15 * 60,
  pollIntervalSeconds: 5,
  tokenLifetimeMs: 8 * 60 * 60 * 1000,
};

const GIT_PROVIDERS: readonly GitProviderConfig[] = [SIMGIT];

export function findProvider(id: string): GitProviderConfig | null {
  return GIT_PROVIDERS.find((provider) => provider.id === id) ?? null;
}

/** The provider's account of a platform user: the same login, a stable numeric id. */
export interface GitAccount {
  readonly id: number;
  readonly login: string;
  readonly name: string;
  readonly avatar_url: string;
  readonly profile_url: string;
}

export function accountFor(login: string, name: string, providerUrl: string, accountId?: number): GitAccount {
  const id = accountId ?? Number.parseInt(createHash('sha256').update(login).digest('hex').slice(0, 7), 16) + 1;
  return { id, login, name, avatar_url: `${providerUrl}/avatars/${login}.png`, profile_url: `${providerUrl}/${login}` };
}

export interface DeviceStart {
  readonly device_code: string;
  readonly user_code: string;
  readonly expires_in: number;
  readonly interval: number;
  readonly verification_uri: string;
}

/** The alphabet of user codes: no I, O, 0 or 1, which a person misreads. */
const USER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** What a person may type for a user code: `XXXX-XXXX` over that alphabet, in either case, with spaces around. */
const USER_CODE_SHAPE = /^\s*[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\s*$/i;

/** Starts a device flow for a platform user (only the device code's hash is kept). */
export async function startDeviceFlow(sql: Sql, provider: GitProviderConfig, userId: string, providerUrl: string): Promise<DeviceStart> {
  const deviceCode = randomBytes(20).toString('hex');
  const userCode = `${randomCode(4, USER_CODE_ALPHABET)}-${randomCode(4, USER_CODE_ALPHABET)}`;
  await sql.query(`delete from git_device_codes where expires_at <= now()`);
  await sql.query(
    `insert into git_device_codes (device_code_hash, user_code, provider_id, user_id, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [hashSecret(deviceCode), userCode, provider.id, userId, provider.deviceCodeLifetimeSeconds],
  );
  return {
    device_code: deviceCode,
    user_code: userCode,
    expires_in: provider.deviceCodeLifetimeSeconds,
    interval: provider.pollIntervalSeconds,
    verification_uri: `${providerUrl}/login/device`,
  };
}

/**
 * The person entered `userCode` on the provider's page and approved it; false
 * when unknown or expired. Text that is not a user code's shape is unknown
 * without asking the database (whatever a person typed, NULs included).
 */
export async function approveUserCode(sql: Sql, userCode: string): Promise<boolean> {
  if (!USER_CODE_SHAPE.test(userCode)) return false;
  const { rows } = await sql.query<{ user_code: string }>(
    `update git_device_codes set approved = true where user_code = upper($1) and expires_at > now() returning user_code`,
    [userCode.trim()],
  );
  return rows.length > 0;
}

export type DeviceExchange =
  | { readonly kind: 'none' }
  | { readonly kind: 'pending' }
  | { readonly kind: 'expired' }
  | { readonly kind: 'ok'; readonly accessToken: string; readonly refreshToken: string; readonly expiresAt: Date };

/** Exchanges the user's latest device flow for tokens, once it is approved; the flow is then spent. */
export async function exchangeDeviceFlow(sql: Sql, provider: GitProviderConfig, userId: string, login: string, accountId: number): Promise<DeviceExchange> {
  const { rows } = await sql.query<{ device_code_hash: string; approved: boolean; expired: boolean }>(
    `select device_code_hash, approved, expires_at <= now() as expired from git_device_codes
     where provider_id = $1 and user_id = $2 order by created_at desc limit 1`,
    [provider.id, userId],
  );
  const flow = rows[0];
  if (flow === undefined) return { kind: 'none' };
  if (flow.expired) return { kind: 'expired' };
  if (!flow.approved) return { kind: 'pending' };
  await sql.query(`delete from git_device_codes where device_code_hash = $1`, [flow.device_code_hash]);
  const accessToken = `sgo_${randomBytes(24).toString('base64url')}`;
  const refreshToken = `sgr_${randomBytes(24).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + provider.tokenLifetimeMs);
  await sql.query(
    `insert into git_access_tokens (token_hash, provider_id, login, account_id, expires_at) values ($1, $2, $3, $4, $5)`,
    [hashSecret(accessToken), provider.id, login, accountId, expiresAt],
  );
  return { kind: 'ok', accessToken, refreshToken, expiresAt };
}

/** The provider's view of an access token: its account's login, or why it is not valid. */
export async function validateAccessToken(sql: Sql, token: string): Promise<{ login: string; accountId: number } | { error: string }> {
  const { rows } = await sql.query<{ login: string; account_id: number; revoked: boolean; expired: boolean }>(
    `select login, account_id, revoked, expires_at <= now() as expired from git_access_tokens where token_hash = $1`,
    [hashSecret(token)],
  );
  const row = rows[0];
  if (row === undefined) return { error: 'the provider does not know this token' };
  if (row.revoked) return { error: 'the token was revoked at the provider' };
  if (row.expired) return { error: 'the token has expired' };
  return { login: row.login, accountId: row.account_id };
}

/** Revokes an access token at the provider; false when it did not know it. */
export async function revokeAccessToken(sql: Sql, token: string): Promise<boolean> {
  const { rows } = await sql.query<{ login: string }>(
    `update git_access_tokens set revoked = true where token_hash = $1 returning login`, [hashSecret(token)]);
  return rows.length > 0;
}
