/**
 * Bearer credentials: session tokens (from login), application keys (from the
 * auth redirect) and agent tokens. Only a hash of each secret is stored; expiry
 * is checked on every use.
 */
import type { Sql } from './database.ts';
import { hashSecret, newToken, sameHash, splitToken } from './secrets.ts';
import { findUserById, type UserRow } from './users.ts';

const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const APP_KEY_LIFETIME_MS = 60 * 60 * 1000;

/** Scopes an API key can carry. `all`: every operation; `application_connect`: only reaching workspace apps. */
export const API_KEY_SCOPES = ['all', 'application_connect'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export type Actor =
  | { readonly kind: 'user'; readonly user: UserRow; readonly scope: ApiKeyScope; readonly credentialId: string }
  | { readonly kind: 'agent'; readonly agentId: string; readonly workspaceId: string; readonly ownerId: string };

interface CredentialRow {
  readonly id: string;
  readonly kind: 'session' | 'app' | 'agent';
  readonly secret_hash: string;
  readonly user_id: string | null;
  readonly agent_id: string | null;
  readonly scope: string;
  readonly expired: boolean;
}

/** Stores a new user credential and returns the token (the only time it exists in the clear). */
export async function issueUserCredential(
  sql: Sql,
  userId: string,
  kind: 'session' | 'app',
  scope: ApiKeyScope,
  lifetimeMs: number,
): Promise<string> {
  const token = newToken();
  await sql.query(`delete from credentials where expires_at <= now()`);
  await sql.query(
    `insert into credentials (id, kind, secret_hash, user_id, scope, expires_at)
     values ($1, $2, $3, $4, $5, now() + ($6 || ' milliseconds')::interval)`,
    [token.id, kind, hashSecret(token.secret), userId, scope, String(lifetimeMs)],
  );
  return token.token;
}

/** Issues a session token (scope `all`). */
export function issueSessionToken(sql: Sql, userId: string): Promise<string> {
  return issueUserCredential(sql, userId, 'session', 'all', SESSION_LIFETIME_MS);
}

/** Replaces every token of an agent with a new one (tokens are rotated on each start). */
export async function rotateAgentToken(sql: Sql, agentId: string): Promise<string> {
  const token = newToken();
  await sql.query(`delete from credentials where kind = 'agent' and agent_id = $1`, [agentId]);
  await sql.query(
    `insert into credentials (id, kind, secret_hash, agent_id, scope) values ($1, 'agent', $2, $3, 'agent')`,
    [token.id, hashSecret(token.secret), agentId],
  );
  return token.token;
}

/** Removes every session and key of a user (after a password change or a login conversion). */
export async function revokeUserCredentials(sql: Sql, userId: string): Promise<void> {
  await sql.query(`delete from credentials where user_id = $1`, [userId]);
}

/** Who a `Svc-Session-Token` belongs to; null when unknown, wrong or expired. */
export async function authenticate(sql: Sql, token: string): Promise<Actor | null> {
  const parts = splitToken(token);
  if (parts === null) return null;
  const { rows } = await sql.query<CredentialRow>(
    `select id, kind, secret_hash, user_id, agent_id, scope, (expires_at is not null and expires_at <= now()) as expired
     from credentials where id = $1`,
    [parts.id],
  );
  const row = rows[0];
  if (row === undefined || row.expired || !sameHash(row.secret_hash, hashSecret(parts.secret))) return null;
  if (row.kind === 'agent' && row.agent_id !== null) {
    const agent = await sql.query<{ workspace_id: string; owner_id: string }>(
      `select a.workspace_id, w.owner_id from workspace_agents a join workspaces w on w.id = a.workspace_id where a.id = $1`,
      [row.agent_id],
    );
    const found = agent.rows[0];
    return found === undefined ? null : { kind: 'agent', agentId: row.agent_id, workspaceId: found.workspace_id, ownerId: found.owner_id };
  }
  if (row.user_id === null) return null;
  const user = await findUserById(sql, row.user_id);
  const scope = API_KEY_SCOPES.find((known) => known === row.scope);
  if (user === null || scope === undefined) return null;
  return { kind: 'user', user, scope, credentialId: row.id };
}
