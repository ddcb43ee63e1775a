/** The application host and the auth redirect that hands an application an encrypted API key. */
import type { Hono } from 'hono';
import { APP_KEY_LIFETIME_MS, issueUserCredential } from './credentials.ts';
import { badRequest } from './errors.ts';
import { seal } from './secrets.ts';
import { requireUser, type PlatformServices } from './services.ts';

/** The query parameter of the redirect that carries the sealed application key. */
const APP_KEY_QUERY_PARAM = 'svc_application_connect_api_key';

/** True when `host` (with port) is one label in front of the wildcard `pattern` (`*.apps.localhost:4322`). */
function matchesAppHost(pattern: string, host: string): boolean {
  if (!pattern.startsWith('*.')) return false;
  const suffix = pattern.slice(1).toLowerCase();
  const lowered = host.toLowerCase();
  if (!lowered.endsWith(suffix)) return false;
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(lowered.slice(0, -suffix.length));
}

export function registerApplicationRoutes(app: Hono, services: PlatformServices): void {
  app.get('/api/v2/applications/host', async (c) => {
    await requireUser(services, c.req.raw);
    return c.json({ host: services.address().appHost });
  });

  app.get('/api/v2/applications/auth-redirect', async (c) => {
    const user = await requireUser(services, c.req.raw);
    const raw = c.req.query('redirect_uri');
    if (raw === undefined || raw === '') throw badRequest('Missing redirect_uri.', [{ field: 'redirect_uri', detail: 'is required' }]);
    let target: URL;
    try {
      target = new URL(raw);
    } catch {
      throw badRequest('Invalid redirect_uri.', [{ field: 'redirect_uri', detail: 'must be an absolute URL' }]);
    }
    const platformHost = new URL(services.address().publicUrl).host;
    const allowed = (target.protocol === 'http:' || target.protocol === 'https:')
      && (matchesAppHost(services.address().appHost, target.host) || target.host === platformHost);
    if (!allowed) {
      throw badRequest('Invalid redirect_uri.', [{ field: 'redirect_uri', detail: 'must be on the application host or this platform' }]);
    }
    const key = await issueUserCredential(services.db, user.id, 'app', 'application_connect', APP_KEY_LIFETIME_MS);
    target.searchParams.set(APP_KEY_QUERY_PARAM, seal(services.sealingKey, key));
    return new Response(null, { status: 307, headers: { location: target.href, 'cache-control': 'no-store' } });
  });
}
