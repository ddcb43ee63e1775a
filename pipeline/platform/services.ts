/**
 * What every route of the reference platform works with, and the helpers that
 * turn a request into a caller and a checked body.
 */
import type { z } from 'zod';
import { issuesToValidations, readBodyLimited } from '../proxy/validate.ts';
import type { AgentRuntime } from './agent-runtime.ts';
import { authenticate, type Actor } from './credentials.ts';
import type { PlatformDb, Sql } from './database.ts';
import { badRequest, forbidden, PlatformError, unauthorized } from './errors.ts';
import type { InboxHub } from './inbox-hub.ts';
import { deliver, type Delivery, type InboxNotificationView } from './inbox-store.ts';
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

export const SESSION_TOKEN_HEADER = 'Svc-Session-Token';

/** The caller behind `Svc-Session-Token`, or 401. */
export async function requireActor(services: PlatformServices, request: Request): Promise<Actor> {
  const token = request.headers.get(SESSION_TOKEN_HEADER)?.trim() ?? '';
  if (token === '') throw unauthorized('Authentication required: send the Svc-Session-Token header.');
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

/** Request bodies over this are refused with 413 (the proxy in front has the same default). */
export const PLATFORM_MAX_BODY_BYTES = 1024 * 1024;

/** Reads and checks a JSON body; 413 when too large, 400 with `validations` when not the schema's. */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const read = await readBodyLimited(request, PLATFORM_MAX_BODY_BYTES);
  if (read.kind === 'too-large') {
    throw new PlatformError(413, 'Request body too large.', { detail: `the limit is ${PLATFORM_MAX_BODY_BYTES} bytes` });
  }
  const text = new TextDecoder().decode(read.bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('Invalid request body.', [{ field: 'body', detail: text.trim() === '' ? 'a JSON body is required' : 'invalid JSON' }]);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest('Invalid request body.', issuesToValidations(result.error.issues, 'body'));
  return result.data;
}

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
