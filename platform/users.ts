/** Accounts: rows, lookups, creation, and the owner created on first start. */
import type { Sql, PlatformDb } from './database.ts';
import { checkPassword } from './password-rules.ts';
import { DEFAULT_SCRYPT_COST, hashPassword, type ScryptCost } from './secrets.ts';
import { randomBytes } from 'node:crypto';

export type Role = 'owner' | 'member';
export type LoginType = 'password' | 'github' | 'oidc' | 'none';

export interface UserRow {
  readonly id: string;
  readonly email: string;
  readonly username: string;
  readonly name: string;
  readonly role: Role;
  readonly is_system: boolean;
  readonly login_type: LoginType;
  readonly password_hash: string | null;
  readonly organization_id: string;
}

const USER_COLUMNS = 'id, email, username, name, role, is_system, login_type, password_hash, organization_id';

export async function findUserById(sql: Sql, id: string): Promise<UserRow | null> {
  const { rows } = await sql.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | null> {
  const { rows } = await sql.query<UserRow>(`select ${USER_COLUMNS} from users where lower(email) = lower($1)`, [email.trim()]);
  return rows[0] ?? null;
}

export async function findUserByName(sql: Sql, username: string): Promise<UserRow | null> {
  const { rows } = await sql.query<UserRow>(`select ${USER_COLUMNS} from users where lower(username) = lower($1)`, [username]);
  return rows[0] ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `{user}` path parameter: `me`, a user id, or a username. */
export async function resolveUserParam(sql: Sql, caller: UserRow, param: string): Promise<UserRow | null> {
  if (param === 'me') return caller;
  if (UUID.test(param)) return findUserById(sql, param);
  return findUserByName(sql, param);
}

export interface NewUser {
  readonly email: string;
  readonly username: string;
  readonly name?: string;
  readonly role: Role;
  /** Checked against the password rules; absent: an account that cannot log in with a password. */
  readonly password?: string;
}

/** Creates an account (password hashed with scrypt at `passwordHashCost`) in the default organization. */
export async function createUser(sql: Sql, user: NewUser, passwordHashCost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<UserRow> {
  let passwordHash: string | null = null;
  if (user.password !== undefined) {
    const problem = checkPassword(user.password, { username: user.username, email: user.email });
    if (problem !== null) throw new Error(`password for ${user.email} rejected: ${problem}`);
    passwordHash = await hashPassword(user.password, passwordHashCost);
  }
  const { rows } = await sql.query<UserRow>(
    `insert into users (email, username, name, role, login_type, password_hash, organization_id)
     select lower($1), $2, $3, $4, $5, $6, id from organizations where name = 'default'
     returning ${USER_COLUMNS}`,
    [user.email.trim(), user.username, user.name ?? '', user.role, passwordHash === null ? 'none' : 'password', passwordHash],
  );
  const created = rows[0];
  if (created === undefined) throw new Error('the default organization is missing');
  return created;
}

/** A generated initial password that passes the rules. */
export function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(15).toString('base64url');
    if (checkPassword(candidate) === null) return candidate;
  }
}

export interface OwnerBootstrap {
  readonly email: string;
  /** Only when generated at this start: shown once, never stored in the clear. */
  readonly password?: string;
  readonly created: boolean;
}

/**
 * On first start (no owner yet) creates the owner account, its workspace `dev`
 * and that workspace's agent `main`, in one transaction. The password is the
 * given one, else generated and returned once.
 */
export async function ensureOwner(
  db: PlatformDb,
  wanted: { email?: string; password?: string },
  passwordHashCost: ScryptCost = DEFAULT_SCRYPT_COST,
): Promise<OwnerBootstrap> {
  return db.transaction(async (tx) => {
    const existing = await tx.query<{ email: string }>(`select email from users where role = 'owner' and not is_system order by created_at limit 1`);
    const found = existing.rows[0];
    if (found !== undefined) return { email: found.email, created: false };
    const email = (wanted.email ?? 'owner@example.com').toLowerCase();
    const generated = wanted.password === undefined ? generatePassword() : undefined;
    const username = email.split('@')[0]?.replace(/[^a-z0-9-]/g, '-').replace(/^-+|-+$/g, '') || 'owner';
    const owner = await createUser(tx, { email, username, name: 'Owner', role: 'owner', password: wanted.password ?? generated ?? '' }, passwordHashCost);
    const workspace = await tx.query<{ id: string }>(
      `insert into workspaces (owner_id, name, template_name, deadline) values ($1, 'dev', 'docker', now() + interval '8 hours') returning id`,
      [owner.id],
    );
    await tx.query(`insert into workspace_agents (workspace_id, name) values ($1, 'main')`, [workspace.rows[0]?.id]);
    return generated === undefined ? { email, created: true } : { email, password: generated, created: true };
  });
}
