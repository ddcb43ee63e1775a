/**
 * What every route of the reference platform works with, and the helpers that
 * turn a request into a caller and a checked body.
 */
import { SESSION_TOKEN_HEADER } from '../pipeline/platform-api/index.ts';
import type { AgentRuntime } from './agent-runtime.ts';
import { authenticate, type Actor } from './credentials.ts';
import type { PlatformDb, Sql } from './database.ts';
import { forbidden, unauthorized } from './errors.ts';
import type { InboxHub } from './inbox-hub.ts';
import { deliver, type Delivery, type InboxNotificationView } from './inbox-store.ts';
import { refuseNulCharactersInUrl } from './request-input.ts';
import type { UserRow } from './users.ts';

export interface PlatformAddress {
  /** Where the platform is reached, e.g. `http://127.0.0.1:4322`. */
  readonly publicUrl: string;
  /** The wildcard host applications are served on, e.g. `*.apps.localhost:4322`. */
  readonly appHost: string;
}

export interface PlatformServices {
  readonly db: PlatformDb;
  readonly hub: InboxHub;
  readonly agent: AgentRuntime;
  /** AES-256-GCM key for application keys and git-provider tokens (base64url). */
  readonly sealingKey: string;
  /** Known once the server listens. */
  readonly address: () => PlatformAddress;
  readonly log: (line: string) => void;
}

/**
 * The caller behind `Svc-Session-Token`, or 401. Every route that reads a path
 * or query parameter authenticates first, so this is also where a parameter
 * holding U+0000 is refused (400), before any of them reaches SQL.
 */
export async function requireActor(services: PlatformServices, request: Request): Promise<Actor> {
  refuseNulCharactersInUrl(request);
  const token = request.headers.get(SESSION_TOKEN_HEADER)?.trim() ?? '';
  if (token === '') throw unauthorized(`Authentication required: send the ${SESSION_TOKEN_HEADER} header.`);
  const actor = await authenticate(services.db, token);
  if (actor === null) throw unauthorized('Invalid or expired session token.');
  return actor;
}

/** A user with a full-scope credential, or 401/403. */
export async function requireUser(services: PlatformServices, request: Request): Promise<UserRow> {
  const actor = await requireActor(services, request);
  if (actor.kind !== 'user') throw forbidden('This operation takes a user token, not an agent token.');
  if (actor.scope !== 'all') throw forbidden(`A key with scope '${actor.scope}' cannot call this operation.`);
  return actor.user;
}

/** An owner (role), or 401/403. */
export async function requireOwner(services: PlatformServices, request: Request): Promise<UserRow> {
  const user = await requireUser(services, request);
  if (user.role !== 'owner') throw forbidden('Only an owner can do this.');
  return user;
}

export { readBody, readFormOrJsonBody } from './request-input.ts';

/**
 * Runs a multi-step change in one transaction, with a `notify` that delivers
 * inbox notifications inside it; watchers hear of them only after the commit.
 */
export async function inTransaction<T>(
  services: PlatformServices,
  work: (tx: Sql, notify: (delivery: Delivery) => Promise<void>) => Promise<T>,
): Promise<T> {
  const outbox: InboxNotificationView[] = [];
  const result = await services.db.transaction((tx) =>
    work(tx, async (delivery) => {
      const view = await deliver(tx, { baseUrl: services.address().publicUrl, ...delivery });
      if (view !== null) outbox.push(view);
    }),
  );
  for (const view of outbox) services.hub.publish(view);
  return result;
}
