/** The path and query parameters of the spec, as zod schemas over their raw strings. */
import { z } from 'zod';
import type { ParameterSpec } from './operation.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its canonical textual form (any version). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The spellings of a boolean a path segment may use (as Go's strconv.ParseBool). */
const BOOLEAN_SPELLINGS = ['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False'] as const;

/** Reads one of BOOLEAN_SPELLINGS; null for anything else. */
export function parseBooleanSegment(value: string): boolean | null {
  if (!(BOOLEAN_SPELLINGS as readonly string[]).includes(value)) return null;
  return ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value);
}

const uuidString = z.string().refine(isUuid, 'must be a UUID');
const uuidList = z.string().refine(
  (value) => value.split(',').filter((item) => item.trim() !== '').every((item) => isUuid(item.trim())),
  'must be comma-separated UUIDs',
);

export const userParam: ParameterSpec = {
  description: 'User ID, username, or `me`.',
  schema: z.string().min(1),
};

export const externalAuthParam: ParameterSpec = {
  description: 'Git provider ID.',
  schema: z.string().min(1),
};

export const notificationIdParam: ParameterSpec = {
  description: 'Notification ID.',
  schema: uuidString,
  openapi: { type: 'string', format: 'uuid' },
};

export const workspaceIdParam: ParameterSpec = {
  description: 'Workspace ID.',
  schema: uuidString,
  openapi: { type: 'string', format: 'uuid' },
};

export const debugStateParam: ParameterSpec = {
  description: 'Turn the debug logging on (`true`) or off (`false`).',
  schema: z.enum(BOOLEAN_SPELLINGS),
  openapi: { type: 'boolean' },
};

export const inboxFilterQuery: Readonly<Record<string, ParameterSpec>> = {
  targets: { description: 'Comma-separated target IDs.', schema: uuidList },
  templates: { description: 'Comma-separated template IDs.', schema: uuidList },
  read_status: { description: 'Filter by read status.', schema: z.enum(['read', 'unread', 'all']) },
};

export const startingBeforeQuery: ParameterSpec = {
  description: 'ID of the last notification of the current page; returns older notifications.',
  schema: uuidString,
  openapi: { type: 'string', format: 'uuid' },
};

export const watchFormatQuery: ParameterSpec = {
  description: 'Output format of notification title and body.',
  schema: z.enum(['markdown', 'plaintext']),
};

export const redirectUriQuery: ParameterSpec = {
  description: 'Redirect destination.',
  schema: z.string(),
};

export const workspaceFilterQuery: ParameterSpec = {
  description: 'Filter expression, e.g. `owner:me`, `owner:<name>`, `name:<part>`.',
  schema: z.string(),
};
