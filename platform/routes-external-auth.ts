/**
 * External-auth links to the simulated git provider (device flow, status,
 * revocation) and the provider's own pages under `/simgit/` (entering a device
 * code, signing in to finish a login conversion).
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import { revokeUserCredentials } from './credentials.ts';
import { badRequest, notFound } from './errors.ts';
import {
  accountFor, approveUserCode, exchangeDeviceFlow, findProvider, revokeAccessToken, SIMGIT, startDeviceFlow,
  validateAccessToken, type GitProviderConfig,
} from './git-provider.ts';
import { hashSecret, seal, unseal } from './secrets.ts';
import { inTransaction, readBody, readFormOrJsonBody, requireUser, type PlatformServices } from './services.ts';
import type { UserRow } from './users.ts';

/** Go's zero time: what a link that does not exist shows for its dates. */
const ZERO_TIME = '0001-01-01T00:00:00Z';

interface LinkRow {
  readonly access_token_sealed: string;
  readonly refresh_token_sealed: string | null;
  readonly expires_at: Date;
  readonly created_at: Date;
  readonly updated_at: Date;
}

export function registerExternalAuthRoutes(app: Hono, services: PlatformServices): void {
  const providerUrl = () => `${services.address().publicUrl}/simgit`;

  function providerOr404(id: string): GitProviderConfig {
    const provider = findProvider(id);
    if (provider === null) throw notFound(`No external-auth provider '${id}'.`);
    return provider;
  }

  async function loadLink(user: UserRow, provider: GitProviderConfig) {
    const { rows } = await services.db.query<LinkRow>(
      `select access_token_sealed, refresh_token_sealed, expires_at, created_at, updated_at
       from external_auth_links where user_id = $1 and provider_id = $2`, [user.id, provider.id]);
    const link = rows[0];
    if (link === undefined) return null;
    const token = unseal(services.sealingKey, link.access_token_sealed);
    const check = token === null ? { error: 'the stored token cannot be read' } : await validateAccessToken(services.db, token);
    return { link, token, check };
  }

  app.get('/api/v2/external-auth', async (c) => {
    const user = await requireUser(services, c.req.raw);
    const found = await loadLink(user, SIMGIT);
    if (found === null) {
      return c.json({
        authenticated: false, created_at: ZERO_TIME, expires: ZERO_TIME, has_refresh_token: false,
        provider_id: SIMGIT.id, updated_at: ZERO_TIME, validate_error: '',
      });
    }
    return c.json({
      authenticated: !('error' in found.check),
      created_at: found.link.created_at.toISOString(),
      expires: found.link.expires_at.toISOString(),
      has_refresh_token: found.link.refresh_token_sealed !== null,
      provider_id: SIMGIT.id,
      updated_at: found.link.updated_at.toISOString(),
      validate_error: 'error' in found.check ? found.check.error : '',
    });
  });

  app.get('/api/v2/external-auth/:externalauth', async (c) => {
    const user = await requireUser(services, c.req.raw);
    const provider = providerOr404(c.req.param('externalauth'));
    const found = await loadLink(user, provider);
    const account = found !== null && !('error' in found.check)
      ? accountFor(found.check.login, user.name, providerUrl(), found.check.accountId)
      : null;
    return c.json({
      app_install_url: '', app_installable: false, authenticated: account !== null, device: true,
      display_name: provider.displayName, installations: [], supports_revocation: true, user: account,
    });
  });

  app.delete('/api/v2/external-auth/:externalauth', async (c) => {
    const user = await requireUser(services, c.req.raw);
    const provider = providerOr404(c.req.param('externalauth'));
    const found = await loadLink(user, provider);
    if (found === null) throw notFound(`You have no link to '${provider.id}'.`);
    const revoked = found.token === null ? false : await revokeAccessToken(services.db, found.token);
    await services.db.query('delete from external_auth_links where user_id = $1 and provider_id = $2', [user.id, provider.id]);
    return c.json({ token_revoked: revoked, token_revocation_error: revoked ? '' : 'the provider did not know the token' });
  });

  app.get('/api/v2/external-auth/:externalauth/device', async (c) => {
    const user = await requireUser(services, c.req.raw);
    const provider = providerOr404(c.req.param('externalauth'));
    return c.json(await startDeviceFlow(services.db, provider, user.id, providerUrl()));
  });

  app.post('/api/v2/external-auth/:externalauth/device', async (c) => {
    const user = await requireUser(services, c.req.raw);
    const provider = providerOr404(c.req.param('externalauth'));
    const account = accountFor(user.username, user.name, providerUrl());
    await inTransaction(services, async (tx) => {
      const outcome = await exchangeDeviceFlow(tx, provider, user.id, account.login, account.id);
      if (outcome.kind === 'none') throw badRequest('No device flow was started: GET this route first.');
      if (outcome.kind === 'expired') throw badRequest('expired_token: the device code has expired; start again.');
      if (outcome.kind === 'pending') throw badRequest('authorization_pending: enter the user code at the verification URI first.');
      await tx.query(
        `insert into external_auth_links (user_id, provider_id, access_token_sealed, refresh_token_sealed, expires_at)
         values ($1, $2, $3, $4, $5)
         on conflict (user_id, provider_id) do update set access_token_sealed = excluded.access_token_sealed,
           refresh_token_sealed = excluded.refresh_token_sealed, expires_at = excluded.expires_at, updated_at = now()`,
        [user.id, provider.id, seal(services.sealingKey, outcome.accessToken), seal(services.sealingKey, outcome.refreshToken), outcome.expiresAt],
      );
    });
    return c.body(null, 204);
  });

  // The simulated provider's pages, reached by a person, not through the proxy.
  app.get('/simgit/login/device', (c) => c.html(
    `<!doctype html><title>SimGit device activation</title><form method="post">
     <label>Code <input name="user_code" autocomplete="off"></label> <button>Authorize</button></form>`,
  ));

  app.post('/simgit/login/device', async (c) => {
    const form = await readFormOrJsonBody(c.req.raw, z.object({ user_code: z.string() }));
    if (!(await approveUserCode(services.db, form.user_code))) throw badRequest('Unknown or expired code.');
    return c.text('Device authorized. You can close this page.');
  });

  /** Signing in at the provider with a conversion's state finishes the login-type conversion. */
  app.post('/simgit/oauth/authorize', async (c) => {
    const body = await readBody(c.req.raw, z.object({ state: z.string().min(1) }));
    await inTransaction(services, async (tx) => {
      const { rows } = await tx.query<{ user_id: string; to_type: string }>(
        `delete from login_conversions where state_hash = $1 and expires_at > now() returning user_id, to_type`, [hashSecret(body.state)]);
      const conversion = rows[0];
      if (conversion === undefined) throw badRequest('Unknown or expired state.');
      await tx.query(`update users set login_type = $2, password_hash = null, updated_at = now() where id = $1`,
        [conversion.user_id, conversion.to_type]);
      await revokeUserCredentials(tx, conversion.user_id);
    });
    return c.text('Signed in with SimGit: the account now logs in through the provider.');
  });
}
