/** Scopes, the authorization check, password login, one-time passcodes, password rules, login conversion. */
import type { Hono } from 'hono';
import { schemas as s } from '../pipeline/platform-api/index.ts';
import { accountClientKey, accountKey, PASSCODE_MAX_FAILED_ATTEMPTS, type AccountSecurity } from './account-security.ts';
import { isAllowed } from './authorization.ts';
import { API_KEY_SCOPES, issueSessionToken, revokeUserCredentials } from './credentials.ts';
import { badRequest, forbidden, notFound, PlatformError, unauthorized } from './errors.ts';
import { checkPassword } from './password-rules.ts';
import { hashPassword, hashSecret, isWeakerThan, randomCode, sameHash, verifyPassword } from './secrets.ts';
import { inTransaction, readBody, requireUser, type PlatformServices } from './services.ts';
import { admit, tooManyAttempts } from './throttle.ts';
import { findUserByEmail, resolveUserParam } from './users.ts';
import { randomBytes } from 'node:crypto';

const ONE_TIME_PASSCODE_LIFETIME_MINUTES = 15;
const LOGIN_CONVERSION_LIFETIME_MINUTES = 5;
/** Login types an account can convert to here: `github`, completed through the simulated git provider. */
const CONVERTIBLE_LOGIN_TYPES: readonly string[] = ['github'];

/** `XXXX-XXXX` from an alphabet without look-alikes: 40 bits. */
function newPasscode(): string {
  return `${randomCode(4)}-${randomCode(4)}`;
}

/** Passcodes are compared case- and space-insensitively, as people type them. */
function passcodeHash(typed: string): string {
  return hashSecret(typed.trim().toUpperCase());
}

function passcodeMail(passcode: string): { subject: string; text: string } {
  return {
    subject: 'Your one-time passcode',
    text: [
      `Use the passcode ${passcode} to change your password. It expires in ${ONE_TIME_PASSCODE_LIFETIME_MINUTES} minutes`,
      `and is void after ${PASSCODE_MAX_FAILED_ATTEMPTS} wrong tries.`,
      '',
      'If you did not ask for it, ignore this message: your password stays as it is.',
      '',
    ].join('\n'),
  };
}

export function registerLoginRoutes(app: Hono, services: PlatformServices, security: AccountSecurity): void {
  const { throttles } = security;
  // Verified against when the account does not exist or has no password, so every failed login costs one scrypt.
  const decoyHash = hashPassword(randomBytes(16).toString('hex'), security.passwordHashCost);

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
    const client = security.client(c);
    const attempt = accountClientKey(accountKey(body.email), client);
    // Counted as a failure before the password is hashed (so concurrent guesses are counted, not all evaluated),
    // handed back on success; checked first, so a right guess while closed is refused like a wrong one.
    const verdict = admit([throttles.loginFailuresByAccountAndClient, attempt], [throttles.failuresByClient, client]);
    if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
    const user = await findUserByEmail(services.db, body.email);
    const ok = await verifyPassword(body.password, user?.password_hash ?? (await decoyHash));
    if (user === null || user.is_system || !ok) throw unauthorized('Incorrect email or password.');
    throttles.loginFailuresByAccountAndClient.reset(attempt);
    throttles.failuresByClient.refund(client);
    if (user.login_type !== 'password') throw forbidden(`Password login is not enabled for this account (login type ${user.login_type}).`);
    if (isWeakerThan(user.password_hash, security.passwordHashCost)) {
      // Hashes made at an older, lower cost are upgraded now that the password is at hand; only if unchanged meanwhile.
      await services.db.query('update users set password_hash = $2 where id = $1 and password_hash = $3',
        [user.id, await hashPassword(body.password, security.passwordHashCost), user.password_hash]);
    }
    return c.json({ session_token: await issueSessionToken(services.db, user.id) }, 201);
  });

  /**
   * Answers before doing anything that depends on the account: the throttles
   * are keyed by the email as typed, the passcode and its hash are made for
   * every request, and the one statement that stores it (or finds no password
   * account and stores nothing) runs after the answer, as does the mail.
   */
  app.post('/api/v2/users/otp/request', async (c) => {
    const body = await readBody(c.req.raw, s.RequestOneTimePasscodeRequest);
    const account = accountKey(body.email);
    const client = security.client(c);
    // A reset in progress is not replaced while its account's window is closed.
    const verdict = admit([throttles.passcodeRequestsByAccount, account], [throttles.passcodeRequestsByClient, client]);
    if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
    const passcode = newPasscode();
    const codeHash = passcodeHash(passcode);
    security.background.start('issuing a one-time passcode', async () => {
      const { rows } = await services.db.query<{ email: string }>(
        `with account as (
           select id, email from users where lower(email) = lower($1) and login_type = 'password' and not is_system
         ), stored as (
           insert into one_time_passcodes (user_id, code_hash, expires_at, failed_attempts)
           select id, $2, now() + make_interval(mins => $3), 0 from account
           on conflict (user_id) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at, failed_attempts = 0
           returning user_id
         )
         select account.email from account join stored on stored.user_id = account.id`,
        [account, codeHash, ONE_TIME_PASSCODE_LIFETIME_MINUTES],
      );
      const recipient = rows[0];
      if (recipient !== undefined) await security.mailbox.send({ to: recipient.email, ...passcodeMail(passcode) });
    });
    return c.body(null, 204);
  });

  app.post('/api/v2/users/otp/change-password', async (c) => {
    const body = await readBody(c.req.raw, s.ChangePasswordWithOneTimePasscodeRequest);
    const client = security.client(c);
    // Counted as a failure before anything is looked up, handed back once the passcode proves right.
    const verdict = admit([throttles.failuresByClient, client]);
    if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
    // One answer for every refusal: an unknown email, a non-password account, a wrong, used, expired or void passcode.
    const wrong = () => unauthorized('Incorrect email or one-time passcode.');
    const user = await findUserByEmail(services.db, body.email);
    if (user === null || user.is_system || user.login_type !== 'password') throw wrong();
    const codeHash = passcodeHash(body.one_time_passcode);
    // A first look, so that the password rules and the costly hashing run only for the right passcode; the
    // statement that consumes it below decides, atomically.
    const { rows } = await services.db.query<{ code_hash: string }>(
      'select code_hash from one_time_passcodes where user_id = $1 and expires_at > now() and failed_attempts < $2',
      [user.id, PASSCODE_MAX_FAILED_ATTEMPTS]);
    const stored = rows[0];
    if (stored === undefined) throw wrong();
    if (!sameHash(stored.code_hash, codeHash)) {
      const counted = await services.db.query<{ failed_attempts: number }>(
        'update one_time_passcodes set failed_attempts = failed_attempts + 1 where user_id = $1 returning failed_attempts', [user.id]);
      if ((counted.rows[0]?.failed_attempts ?? 0) >= PASSCODE_MAX_FAILED_ATTEMPTS) {
        await services.db.query('delete from one_time_passcodes where user_id = $1 and failed_attempts >= $2', [user.id, PASSCODE_MAX_FAILED_ATTEMPTS]);
      }
      throw wrong();
    }
    throttles.failuresByClient.refund(client);
    // A refused new password leaves the passcode valid, so the user can try a better one.
    const problem = checkPassword(body.password, { username: user.username, email: user.email });
    if (problem !== null) throw badRequest('Invalid password.', [{ field: 'password', detail: problem }]);
    if (await verifyPassword(body.password, user.password_hash)) {
      throw badRequest('Invalid password.', [{ field: 'password', detail: 'The new password must differ from the old one.' }]);
    }
    const passwordHash = await hashPassword(body.password, security.passwordHashCost);
    await inTransaction(services, async (tx) => {
      // Single use under concurrency: of several requests holding the same passcode, one deletes the row.
      const consumed = await tx.query(
        `delete from one_time_passcodes where user_id = $1 and code_hash = $2 and expires_at > now() and failed_attempts < $3
         returning user_id`,
        [user.id, codeHash, PASSCODE_MAX_FAILED_ATTEMPTS]);
      if (consumed.rows.length === 0) throw wrong();
      const changed = await tx.query(
        `update users set password_hash = $2, updated_at = now() where id = $1 and login_type = 'password' returning id`,
        [user.id, passwordHash]);
      if (changed.rows.length === 0) throw wrong();
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
    // The password is checked here too: the same throttle as login, or a session token would be a guessing oracle.
    const attempt = accountClientKey(accountKey(caller.email), security.client(c));
    const verdict = admit([throttles.loginFailuresByAccountAndClient, attempt]);
    if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
    if (!(await verifyPassword(body.password, caller.password_hash))) throw new PlatformError(403, 'Incorrect password.');
    throttles.loginFailuresByAccountAndClient.reset(attempt);
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
