/** Scopes, the authorization check, password login, one-time passcodes, password rules, login conversion. */
import type { Hono } from 'hono';
import * as s from '../proxy/schemas.ts';
import { isAllowed } from './authorization.ts';
import { API_KEY_SCOPES, issueSessionToken, revokeUserCredentials } from './credentials.ts';
import { badRequest, forbidden, notFound, PlatformError, unauthorized } from './errors.ts';
import { TEMPLATE_IDS } from './migrations.ts';
import { checkPassword } from './password-rules.ts';
import { hashPassword, hashSecret, randomCode, sameHash, verifyPassword } from './secrets.ts';
import { inTransaction, readBody, requireUser, type PlatformServices } from './services.ts';
import { findUserByEmail, resolveUserParam } from './users.ts';
import { randomBytes } from 'node:crypto';

export const ONE_TIME_PASSCODE_LIFETIME_MINUTES = 15;
export const LOGIN_CONVERSION_LIFETIME_MINUTES = 5;
/** Login types an account can convert to here: `github`, completed through the simulated git provider. */
export const CONVERTIBLE_LOGIN_TYPES: readonly string[] = ['github'];

/** A hash to verify against when the account does not exist, so both cases take as long (made on first use). */
let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

export function registerLoginRoutes(app: Hono, services: PlatformServices): void {
  app.get('/api/v2/auth/scopes', (c) => c.json({ external: [...API_KEY_SCOPES] }));

  app.post('/api/v2/authcheck', async (c) => {
    const user = await requireUser(services, c.req.raw);
    const body = await readBody(c.req.raw, s.AuthorizationRequest);
    const answer: Record<string, boolean> = {};
    for (const [key, check] of Object.entries(body.checks)) answer[key] = isAllowed(user, check.action, check.object);
    return c.json(answer);
  });

  app.post('/api/v2/users/login', async (c) => {
    const body = await readBody(c.req.raw, s.LoginWithPasswordRequest);
    const user = await findUserByEmail(services.db, body.email);
    const ok = await verifyPassword(body.password, user?.password_hash ?? (await decoy()));
    if (user === null || user.is_system || !ok) throw unauthorized('Incorrect email or password.');
    if (user.login_type !== 'password') throw forbidden(`Password login is not enabled for this account (login type ${user.login_type}).`);
    return c.json({ session_token: await issueSessionToken(services.db, user.id) }, 201);
  });

  app.post('/api/v2/users/otp/request', async (c) => {
    const body = await readBody(c.req.raw, s.RequestOneTimePasscodeRequest);
    const user = await findUserByEmail(services.db, body.email);
    // The answer is the same whether or not the account exists.
    if (user !== null && !user.is_system && user.login_type === 'password') {
      const passcode = `${randomCode(4)}-${randomCode(4)}`;
      await inTransaction(services, async (tx, notify) => {
        await tx.query(
          `insert into one_time_passcodes (user_id, code_hash, expires_at) values ($1, $2, now() + make_interval(mins => $3))
           on conflict (user_id) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at`,
          [user.id, hashSecret(passcode), ONE_TIME_PASSCODE_LIFETIME_MINUTES],
        );
        await notify({ userId: user.id, templateId: TEMPLATE_IDS.oneTimePasscode, labels: { passcode }, targets: [user.id] });
      });
    }
    return c.body(null, 204);
  });

  app.post('/api/v2/users/otp/change-password', async (c) => {
    const body = await readBody(c.req.raw, s.ChangePasswordWithOneTimePasscodeRequest);
    const wrong = () => unauthorized('Incorrect email or one-time passcode.');
    const user = await findUserByEmail(services.db, body.email);
    if (user === null) throw wrong();
    const { rows } = await services.db.query<{ code_hash: string; expired: boolean }>(
      'select code_hash, expires_at <= now() as expired from one_time_passcodes where user_id = $1', [user.id]);
    const stored = rows[0];
    if (stored === undefined || stored.expired || !sameHash(stored.code_hash, hashSecret(body.one_time_passcode.trim().toUpperCase()))) {
      throw wrong();
    }
    const problem = checkPassword(body.password, { username: user.username, email: user.email });
    if (problem !== null) throw badRequest('Invalid password.', [{ field: 'password', detail: problem }]);
    if (await verifyPassword(body.password, user.password_hash)) {
      throw badRequest('Invalid password.', [{ field: 'password', detail: 'The new password must differ from the old one.' }]);
    }
    const passwordHash = await hashPassword(body.password);
    await inTransaction(services, async (tx) => {
      await tx.query(`update users set password_hash = $2, updated_at = now() where id = $1`, [user.id, passwordHash]);
      await tx.query('delete from one_time_passcodes where user_id = $1', [user.id]);
      await revokeUserCredentials(tx, user.id);
    });
    return c.body(null, 204);
  });

  app.post('/api/v2/users/validate-password', async (c) => {
    const user = await requireUser(services, c.req.raw);
    const body = await readBody(c.req.raw, s.ValidateUserPasswordRequest);
    const problem = checkPassword(body.password, { username: user.username, email: user.email });
    return c.json({ valid: problem === null, details: problem ?? '' });
  });

  app.post('/api/v2/users/:user/convert-login', async (c) => {
    const caller = await requireUser(services, c.req.raw);
    const target = await resolveUserParam(services.db, caller, c.req.param('user'));
    if (target === null) throw notFound('No such user.');
    if (target.id !== caller.id) throw forbidden('You can only convert your own login type.');
    const body = await readBody(c.req.raw, s.ConvertLoginRequest);
    if (!CONVERTIBLE_LOGIN_TYPES.includes(body.to_type)) {
      throw badRequest('Unsupported login type.', [{ field: 'to_type', detail: `must be one of: ${CONVERTIBLE_LOGIN_TYPES.join(', ')}` }]);
    }
    if (caller.login_type !== 'password') throw badRequest(`Only password accounts can convert (this one is ${caller.login_type}).`);
    if (!(await verifyPassword(body.password, caller.password_hash))) throw new PlatformError(403, 'Incorrect password.');
    const state = randomBytes(24).toString('base64url');
    const { rows } = await services.db.query<{ expires_at: Date }>(
      `insert into login_conversions (state_hash, user_id, to_type, expires_at) values ($1, $2, $3, now() + make_interval(mins => $4))
       returning expires_at`,
      [hashSecret(state), caller.id, body.to_type, LOGIN_CONVERSION_LIFETIME_MINUTES],
    );
    const expiresAt = rows[0]?.expires_at ?? new Date();
    return c.json({ expires_at: expiresAt.toISOString(), state_string: state, to_type: body.to_type, user_id: caller.id }, 201);
  });
}
