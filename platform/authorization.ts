/**
 * The role model behind `POST /api/v2/authcheck`.
 *
 * - owner: every action on every resource type, including the wildcard `*`.
 * - member:
 *   - user-owned types (OWNED_TYPES): every action, when `owner_id` is the
 *     member (or `me`) and `organization_id`, if given, is the member's own;
 *   - organization types (ORG_READABLE_TYPES): `read`, when `organization_id`
 *     is the member's organization or `any_org` is true;
 *   - `user`: `read` any user; any action on their own user (`resource_id` or
 *     `owner_id` is them);
 *   - anything else, and `*`: denied.
 * System users hold no permissions.
 */
import type { UserRow } from './users.ts';

export interface AuthorizationObject {
  readonly any_org?: boolean | undefined;
  readonly organization_id?: string | undefined;
  readonly owner_id?: string | undefined;
  readonly resource_id?: string | undefined;
  readonly resource_type: string;
}

/** Resource types a member may fully manage when they own the object. */
const OWNED_TYPES: readonly string[] = [
  'workspace', 'api_key', 'inbox_notification', 'notification_preference', 'external_auth_link', 'user_secret', 'workspace_agent',
];

/** Resource types a member of an organization may read. */
const ORG_READABLE_TYPES: readonly string[] = ['template', 'organization', 'organization_member', 'group', 'provisioner_daemon'];

function isSelf(user: UserRow, id: string | undefined): boolean {
  return id !== undefined && (id === user.id || id === 'me');
}

/** Whether `user` may do `action` on `object`. */
export function isAllowed(user: UserRow, action: string, object: AuthorizationObject): boolean {
  if (user.is_system) return false;
  if (user.role === 'owner') return true;
  const type = object.resource_type;
  const organization = object.organization_id ?? '';
  if (OWNED_TYPES.includes(type)) {
    const orgOk = object.any_org === true || organization === '' || organization === user.organization_id;
    return isSelf(user, object.owner_id) && orgOk;
  }
  if (ORG_READABLE_TYPES.includes(type)) {
    return action === 'read' && (object.any_org === true || organization === user.organization_id);
  }
  if (type === 'user') {
    if (isSelf(user, object.resource_id) || isSelf(user, object.owner_id)) return true;
    return action === 'read';
  }
  return false;
}
