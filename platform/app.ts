/** The reference platform's HTTP routes, assembled over the shared services. */
import { Hono } from 'hono';
import type { AccountSecurity } from './account-security.ts';
import { messageResponse, renderError } from './errors.ts';
import { registerApplicationRoutes } from './routes-applications.ts';
import { registerExternalAuthRoutes } from './routes-external-auth.ts';
import { registerInboxRoutes } from './routes-inbox.ts';
import { registerLoginRoutes } from './routes-login.ts';
import { registerNotificationRoutes } from './routes-notifications.ts';
import { registerWorkspaceRoutes } from './routes-workspaces.ts';
import type { PlatformServices } from './services.ts';

export function createPlatformApp(services: PlatformServices, accountSecurity: AccountSecurity): Hono {
  const app = new Hono();
  registerLoginRoutes(app, services, accountSecurity);
  registerExternalAuthRoutes(app, services);
  registerApplicationRoutes(app, services);
  registerNotificationRoutes(app, services);
  registerInboxRoutes(app, services, (c) => accountSecurity.client(c));
  registerWorkspaceRoutes(app, services);
  app.get('/', (c) => c.text('Reference platform: the API is under /api/v2 (see docs/platform.md).\n'));
  app.notFound((c) => messageResponse(404, 'Not found.', { detail: `${c.req.method} ${new URL(c.req.url).pathname}` }));
  app.onError((error) => renderError(error, services.log));
  return app;
}
