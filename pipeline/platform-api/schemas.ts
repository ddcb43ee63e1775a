/**
 * The resources of spec/platform-api.md section 2 as zod schemas.
 *
 * Request bodies are validated by the proxy (and by the reference platform) with
 * these; response schemas document the routes in OpenAPI and let the tests hold
 * the reference platform to the same shapes. Every schema is registered in
 * `platformSchemas` under the spec's type name, which becomes its OpenAPI
 * component name.
 */
import { z } from 'zod';

/** Named schemas: the key of `#/components/schemas/<id>`. */
export const platformSchemas = z.registry<{ id: string; description?: string }>();

function named<S extends z.ZodType>(id: string, description: string, schema: S): S {
  platformSchemas.add(schema, { id, description });
  return schema;
}

const dateTime = z.iso.datetime({ offset: true });
const uuid = z.uuid();

// Generic -------------------------------------------------------------------

const ValidationError = named('ValidationError', 'One field that failed validation.', z.object({
  field: z.string(),
  detail: z.string(),
}));

export const PlatformResponse = named('Response', 'The generic message and error body.', z.object({
  message: z.string(),
  detail: z.string().optional(),
  validations: z.array(ValidationError).optional(),
}));
export type PlatformResponseBody = z.infer<typeof PlatformResponse>;

// Authorization ---------------------------------------------------------------

export const ExternalAPIKeyScopes = named('ExternalAPIKeyScopes', 'Scopes an API key can be created with.', z.object({
  external: z.array(z.string()),
}));

const AuthorizationObject = named('AuthorizationObject', 'The object an action is checked against.', z.object({
  any_org: z.boolean().optional(),
  organization_id: z.string().optional(),
  owner_id: z.string().optional(),
  resource_id: z.string().optional(),
  resource_type: z.string(),
}));

const AuthorizationCheck = named('AuthorizationCheck', 'One action on one object.', z.object({
  action: z.string(),
  object: AuthorizationObject,
}));

export const AuthorizationRequest = named('AuthorizationRequest', 'Checks keyed by a caller-chosen name.', z.object({
  checks: z.record(z.string(), AuthorizationCheck),
}));

export const AuthorizationResponse = named('AuthorizationResponse', 'The same keys, each allowed or not.',
  z.record(z.string(), z.boolean()));

// Login -------------------------------------------------------------------------

export const LoginWithPasswordRequest = named('LoginWithPasswordRequest', 'Email and password.', z.object({
  email: z.string().min(1),
  password: z.string(),
}));

export const LoginWithPasswordResponse = named('LoginWithPasswordResponse', 'A new session token.', z.object({
  session_token: z.string(),
}));

export const ChangePasswordWithOneTimePasscodeRequest = named('ChangePasswordWithOneTimePasscodeRequest',
  'A new password, allowed by a one-time passcode.', z.object({
    email: z.string().min(1),
    one_time_passcode: z.string().min(1),
    password: z.string(),
  }));

export const RequestOneTimePasscodeRequest = named('RequestOneTimePasscodeRequest', 'Who asks for a passcode.', z.object({
  email: z.string().min(1),
}));

export const ValidateUserPasswordRequest = named('ValidateUserPasswordRequest', 'A candidate password.', z.object({
  password: z.string(),
}));

export const ValidateUserPasswordResponse = named('ValidateUserPasswordResponse', 'Whether it passes the rules.', z.object({
  details: z.string(),
  valid: z.boolean(),
}));

export const ConvertLoginRequest = named('ConvertLoginRequest', 'The current password and the login type to move to.', z.object({
  password: z.string(),
  to_type: z.string().min(1),
}));

export const OAuthConversionResponse = named('OAuthConversionResponse', 'A pending login-type conversion.', z.object({
  expires_at: dateTime,
  state_string: z.string(),
  to_type: z.string(),
  user_id: uuid,
}));

// External auth -------------------------------------------------------------------

const ExternalAuthUser = named('ExternalAuthUser', 'The account at the git provider.', z.object({
  avatar_url: z.string(),
  id: z.int(),
  login: z.string(),
  name: z.string(),
  profile_url: z.string(),
}));

const ExternalAuthInstallation = named('ExternalAuthInstallation', 'An app installation at the provider.', z.object({
  account: ExternalAuthUser,
  configure_url: z.string(),
  id: z.int(),
}));

export const ExternalAuthLink = named('ExternalAuthLink', "The caller's link to a git provider.", z.object({
  authenticated: z.boolean(),
  created_at: dateTime,
  expires: dateTime,
  has_refresh_token: z.boolean(),
  provider_id: z.string(),
  updated_at: dateTime,
  validate_error: z.string(),
}));

export const ExternalAuth = named('ExternalAuth', 'A git provider as the caller sees it.', z.object({
  app_install_url: z.string(),
  app_installable: z.boolean(),
  authenticated: z.boolean(),
  device: z.boolean(),
  display_name: z.string(),
  installations: z.array(ExternalAuthInstallation),
  supports_revocation: z.boolean(),
  user: ExternalAuthUser.nullable(),
}));

export const DeleteExternalAuthByIDResponse = named('DeleteExternalAuthByIDResponse', 'The outcome of unlinking.', z.object({
  token_revocation_error: z.string(),
  token_revoked: z.boolean(),
}));

export const ExternalAuthDevice = named('ExternalAuthDevice', 'A started device flow.', z.object({
  device_code: z.string(),
  expires_in: z.int(),
  interval: z.int(),
  user_code: z.string(),
  verification_uri: z.string(),
}));

// Applications and agent ------------------------------------------------------------

export const AppHostResponse = named('AppHostResponse', 'The wildcard host applications are served on.', z.object({
  host: z.string(),
}));

export const AgentManifest = named('Manifest', 'What the agent fetched from the platform on startup.', z.looseObject({
  agent_id: uuid,
  agent_name: z.string(),
  workspace_id: uuid,
  workspace_name: z.string(),
  owner_name: z.string(),
}));

// Notifications ------------------------------------------------------------------------

/**
 * The most a custom notification's title and message may hold, in UTF-8 bytes:
 * what one notification can cost every watcher that renders it is bounded
 * (issue 11, defect 1). Enforced by the proxy and by the reference platform.
 */
const CUSTOM_NOTIFICATION_TITLE_MAX_BYTES = 4 * 1024;
const CUSTOM_NOTIFICATION_MESSAGE_MAX_BYTES = 64 * 1024;

/** The UTF-8 length of a string, without encoding it (a lone surrogate counts as U+FFFD, 3 bytes). */
function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

const boundedText = (maxBytes: number) => z.string()
  .refine((text) => utf8ByteLength(text) <= maxBytes, `must be at most ${maxBytes} bytes (UTF-8)`)
  .meta({ description: `At most ${maxBytes} bytes of UTF-8.` });

export const CustomNotificationRequest = named('CustomNotificationRequest', 'A notification to oneself.', z.object({
  content: z.object({
    title: boundedText(CUSTOM_NOTIFICATION_TITLE_MAX_BYTES).optional(),
    message: boundedText(CUSTOM_NOTIFICATION_MESSAGE_MAX_BYTES).optional(),
  }),
}).superRefine((value, context) => {
  if ((value.content.title ?? '').trim() === '' && (value.content.message ?? '').trim() === '') {
    for (const field of ['title', 'message'] as const) {
      context.addIssue({ code: 'custom', path: ['content', field], message: 'title or message must be non-empty' });
    }
  }
}));

export const NotificationMethodsResponse = named('NotificationMethodsResponse', 'Dispatch methods.', z.object({
  available: z.array(z.string()),
  default: z.string(),
}));

export const InboxNotificationAction = named('InboxNotificationAction', 'A link shown with a notification.', z.object({
  label: z.string(),
  url: z.string(),
}));

const InboxNotification = named('InboxNotification', 'One notification in a user inbox.', z.object({
  actions: z.array(InboxNotificationAction),
  content: z.string(),
  created_at: dateTime,
  icon: z.string(),
  id: uuid,
  read_at: z.string().nullable(),
  targets: z.array(uuid),
  template_id: uuid,
  title: z.string(),
  user_id: uuid,
}));

export const ListInboxNotificationsResponse = named('ListInboxNotificationsResponse', 'A page of the inbox.', z.object({
  notifications: z.array(InboxNotification),
  unread_count: z.int(),
}));

// registered only: the inbox watch stream's events name it (a $ref in operations.ts)
named('GetInboxNotificationResponse', 'One notification and the unread count.', z.object({
  notification: InboxNotification,
  unread_count: z.int(),
}));

export const NotificationsSettings = named('NotificationsSettings', 'Deployment-wide notification settings.', z.object({
  notifier_paused: z.boolean(),
}));

export const NotificationTemplate = named('NotificationTemplate', 'A notification template.', z.object({
  actions: z.string(),
  body_template: z.string(),
  enabled_by_default: z.boolean(),
  group: z.string(),
  id: uuid,
  kind: z.string(),
  method: z.string(),
  name: z.string(),
  title_template: z.string(),
}));

export const NotificationPreference = named('NotificationPreference', "A user's choice for one template.", z.object({
  disabled: z.boolean(),
  id: uuid,
  updated_at: dateTime,
}));

export const UpdateUserNotificationPreferences = named('UpdateUserNotificationPreferences', 'Templates to disable or enable.', z.object({
  template_disabled_map: z.record(z.string(), z.boolean()),
}));

// Automation ----------------------------------------------------------------------------

const AgentLog = named('AgentLog', 'One line of agent output.', z.object({
  created_at: dateTime,
  level: z.string(),
  output: z.string(),
}));

export const PatchAgentLogsRequest = named('PatchAgentLogsRequest', 'Lines to append to the agent log.', z.object({
  logs: z.array(AgentLog),
}));

export const ExtendWorkspaceRequest = named('ExtendWorkspaceRequest', 'The new deadline.', z.object({
  deadline: dateTime,
}));

const Workspace = named('Workspace', 'A workspace (fields beyond the spec, which shows none).', z.object({
  id: uuid,
  name: z.string(),
  owner_id: uuid,
  owner_name: z.string(),
  template_name: z.string(),
  created_at: dateTime,
  updated_at: dateTime,
  deadline: dateTime.nullable(),
}));

export const WorkspacesResponse = named('WorkspacesResponse', 'Workspaces matching the filter.', z.object({
  workspaces: z.array(Workspace),
  count: z.int(),
}));
