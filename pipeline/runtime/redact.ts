import { redactSecret } from '../model/errors.ts';

/**
 * What the server logs about an error, with every secret it may carry taken out. Web-standard:
 * the environments are passed in (a worker's `env` included), never read from `node:`.
 */

/** Names whose values are secrets: `*_API_KEY` and any other `*_KEY` (TELEMETRY_KEY), `*_TOKEN`, `*PASSWORD`, `*SECRET`. */
const SECRET_NAME = /(?:_KEY|_TOKEN|PASSWORD|PASSCODE|SECRET)$/i;

/**
 * Key-shaped text, whatever environment it came from: provider keys (`sk-…`, `sk-ant-…`, `AIza…`),
 * a bearer token, and the value of a header or field that carries a key (`x-api-key: …`,
 * `"authorization": "…"`), as an SDK's error may echo its request.
 */
const KEY_SHAPES: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{8,}/g,
  /\bAIza[A-Za-z0-9_-]{20,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi,
];
const KEY_FIELD = /\b((?:x-(?:goog-)?api-key|api[-_]?key|authorization|svc-session-token)["']?\s*[:=]\s*["']?)(?:Bearer\s+)?[^\s"',;}]+/gi;
const REDACTED = '[redacted]';

export type Environment = Readonly<Record<string, unknown>> | undefined;

/** The secret values of some environments (as set and trimmed), longest first so that none is redacted in part. */
function secretValues(...environments: readonly Environment[]): string[] {
  const values = new Set<string>();
  for (const environment of environments) {
    if (environment === undefined) continue;
    for (const [name, value] of Object.entries(environment)) {
      if (typeof value !== 'string' || !SECRET_NAME.test(name)) continue;
      for (const form of [value, value.trim()]) if (form.length > 0) values.add(form);
    }
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/** `text` with every value of `secrets` (and its long prefixes, `redactSecret`) and every key-shaped run replaced. */
function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = secrets.reduce((current, secret) => redactSecret(current, secret), text);
  for (const shape of KEY_SHAPES) out = out.replace(shape, REDACTED);
  return out.replace(KEY_FIELD, (_match, field: string) => `${field}${REDACTED}`);
}

/** `process.env` where there is one (Node, and a worker with Node compatibility), else undefined. */
function hostProcessEnv(): Environment {
  return typeof process !== 'undefined' && typeof process.env === 'object' ? process.env : undefined;
}

/** A redactor over the secrets of some environments and of `process.env` where there is one, for the log lines of one error. */
export function redactorOf(...environments: readonly Environment[]): (text: string) => string {
  const secrets = secretValues(...environments, hostProcessEnv());
  return (text) => redactSecrets(text, secrets);
}
