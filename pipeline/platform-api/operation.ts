/**
 * The shape of one row of the operations table. Routing, validation, forwarding
 * and the OpenAPI document all read these rows; nothing else decides what passes.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Which server an operation lives on: the platform (`--platform-url`) or the agent (`--agent-debug-url`). */
type Upstream = 'platform' | 'agent-debug';

/**
 * The credential the spec states: `none` (login, passcodes, scopes), `session`
 * (marked "yes"; a user's session token or API key), `agent` (an agent token),
 * `user-or-agent` (the spec names a user token for listing workspaces). Every
 * value but `none` needs a `Svc-Session-Token` header to be forwarded.
 */
type Credential = 'none' | 'session' | 'agent' | 'user-or-agent';

/** A path or query parameter: a zod schema over the raw string. */
export interface ParameterSpec {
  readonly description: string;
  readonly schema: z.ZodType<string>;
  /** The OpenAPI schema when it differs from the string the zod schema checks (a boolean path segment). */
  readonly openapi?: Readonly<Record<string, unknown>>;
}

/** One documented response. `body` absent: no body (204, 304, 307, the test notification's 200). */
export interface ResponseSpec {
  readonly description: string;
  readonly body?: z.ZodType;
  /** Defaults to application/json when `body` is set. */
  readonly contentType?: string;
  /** Set when the body is not JSON (text, an event stream): the OpenAPI schema of the body. */
  readonly rawSchema?: Readonly<Record<string, unknown>>;
}

/** How the proxy passes the response body back. */
type Passage =
  /** Buffered within the upstream timeout, then sent. */
  | 'buffered'
  /** Streamed chunk by chunk with no deadline once headers arrive (`inbox/watch`). */
  | 'stream'
  /** Streamed, deadline until headers only, cut at `maxResponseBytes`. */
  | 'bytes';

export interface PlatformOperation {
  /** OpenAPI operationId. */
  readonly id: string;
  readonly method: HttpMethod;
  /** The path with `{name}` parameters, exactly as in the spec. */
  readonly path: string;
  readonly upstream: Upstream;
  readonly credential: Credential;
  readonly tag: string;
  readonly summary: string;
  readonly pathParams?: Readonly<Record<string, ParameterSpec>>;
  readonly query?: Readonly<Record<string, ParameterSpec>>;
  /** A required JSON body checked before forwarding; absent: no body is forwarded. */
  readonly body?: z.ZodType;
  readonly responses: Readonly<Record<number, ResponseSpec>>;
  readonly passage: Passage;
  /** Only with `passage: 'bytes'`: the most bytes passed back. */
  readonly maxResponseBytes?: number;
}
