/**
 * Every operation of spec/platform-api.md, one row each. Only these are forwarded.
 */
import { z } from 'zod';
import type { PlatformOperation, ResponseSpec } from './operation.ts';
import * as p from './parameters.ts';
import * as s from './schemas.ts';

/** `/debug/logs` never passes more than this (spec section 8). */
export const DEBUG_LOGS_LIMIT_BYTES = 10 * 1024 * 1024;

const json = (description: string, body: z.ZodType): ResponseSpec => ({ description, body });
const empty = (description: string): ResponseSpec => ({ description });
const message = (description: string): ResponseSpec => ({ description, body: s.PlatformResponse });
/** The throttles' answer (the embedded platform's login throttles and watch caps), with `Retry-After`. */
const tooMany = (description: string): ResponseSpec => message(`${description} The \`Retry-After\` header gives the seconds to wait.`);

export const PLATFORM_OPERATIONS: readonly PlatformOperation[] = [
  // Authorization and login
  {
    id: 'listApiKeyScopes', method: 'GET', path: '/api/v2/auth/scopes', upstream: 'platform', credential: 'none',
    tag: 'Authorization', summary: 'List API key scopes', passage: 'buffered',
    responses: { 200: json('The scopes.', s.ExternalAPIKeyScopes) },
  },
  {
    id: 'checkAuthorization', method: 'POST', path: '/api/v2/authcheck', upstream: 'platform', credential: 'session',
    tag: 'Authorization', summary: 'Check authorization', passage: 'buffered', body: s.AuthorizationRequest,
    responses: { 200: json('Each check, allowed or not.', s.AuthorizationResponse) },
  },
  {
    id: 'loginWithPassword', method: 'POST', path: '/api/v2/users/login', upstream: 'platform', credential: 'none',
    tag: 'Login', summary: 'Log in with email and password', passage: 'buffered', body: s.LoginWithPasswordRequest,
    responses: { 201: json('A session token.', s.LoginWithPasswordResponse), 401: message('Wrong email or password.'), 429: tooMany('Too many failed attempts for this account or client.') },
  },
  {
    id: 'changePasswordWithOneTimePasscode', method: 'POST', path: '/api/v2/users/otp/change-password', upstream: 'platform',
    credential: 'none', tag: 'Login', summary: 'Change a password with a one-time passcode', passage: 'buffered',
    body: s.ChangePasswordWithOneTimePasscodeRequest,
    responses: { 204: empty('Password changed.'), 401: message('Wrong or expired passcode.'), 429: tooMany('Too many failed attempts from this client.') },
  },
  {
    id: 'requestOneTimePasscode', method: 'POST', path: '/api/v2/users/otp/request', upstream: 'platform', credential: 'none',
    tag: 'Login', summary: 'Request a one-time passcode', passage: 'buffered', body: s.RequestOneTimePasscodeRequest,
    responses: { 204: empty('Requested (the answer does not say whether the account exists).'), 429: tooMany('Too many requests for this account or from this client.') },
  },
  {
    id: 'validateUserPassword', method: 'POST', path: '/api/v2/users/validate-password', upstream: 'platform',
    credential: 'session', tag: 'Login', summary: 'Validate a password against the rules', passage: 'buffered',
    body: s.ValidateUserPasswordRequest,
    responses: { 200: json('Whether it is valid, and why not.', s.ValidateUserPasswordResponse) },
  },
  {
    id: 'convertUserLogin', method: 'POST', path: '/api/v2/users/{user}/convert-login', upstream: 'platform',
    credential: 'session', tag: 'Login', summary: "Convert a user's login type", passage: 'buffered',
    pathParams: { user: p.userParam }, body: s.ConvertLoginRequest,
    responses: { 201: json('The pending conversion.', s.OAuthConversionResponse), 429: tooMany('Too many failed password checks for this account.') },
  },

  // External auth
  {
    id: 'getExternalAuthLink', method: 'GET', path: '/api/v2/external-auth', upstream: 'platform', credential: 'session',
    tag: 'External auth', summary: "The caller's external-auth link", passage: 'buffered',
    responses: { 200: json('The link.', s.ExternalAuthLink) },
  },
  {
    id: 'getExternalAuth', method: 'GET', path: '/api/v2/external-auth/{externalauth}', upstream: 'platform',
    credential: 'session', tag: 'External auth', summary: 'A git provider as the caller sees it', passage: 'buffered',
    pathParams: { externalauth: p.externalAuthParam },
    responses: { 200: json('The provider.', s.ExternalAuth) },
  },
  {
    id: 'deleteExternalAuth', method: 'DELETE', path: '/api/v2/external-auth/{externalauth}', upstream: 'platform',
    credential: 'session', tag: 'External auth', summary: 'Unlink a git provider', passage: 'buffered',
    pathParams: { externalauth: p.externalAuthParam },
    responses: { 200: json('The link is gone; whether the provider revoked the token.', s.DeleteExternalAuthByIDResponse) },
  },
  {
    id: 'startExternalAuthDevice', method: 'GET', path: '/api/v2/external-auth/{externalauth}/device', upstream: 'platform',
    credential: 'session', tag: 'External auth', summary: 'Start a device flow', passage: 'buffered',
    pathParams: { externalauth: p.externalAuthParam },
    responses: { 200: json('The device code and where to enter it.', s.ExternalAuthDevice) },
  },
  {
    id: 'exchangeExternalAuthDevice', method: 'POST', path: '/api/v2/external-auth/{externalauth}/device', upstream: 'platform',
    credential: 'session', tag: 'External auth', summary: 'Complete the device flow', passage: 'buffered',
    pathParams: { externalauth: p.externalAuthParam },
    responses: { 204: empty('Linked.'), 400: message('Not authorized at the provider yet, or expired.') },
  },

  // Applications
  {
    id: 'applicationAuthRedirect', method: 'GET', path: '/api/v2/applications/auth-redirect', upstream: 'platform',
    credential: 'session', tag: 'Applications', summary: 'Redirect to an application with an encrypted API key',
    passage: 'buffered', query: { redirect_uri: p.redirectUriQuery },
    responses: { 307: empty('To the destination, with the encrypted API key in its query.') },
  },
  {
    id: 'getApplicationHost', method: 'GET', path: '/api/v2/applications/host', upstream: 'platform', credential: 'session',
    tag: 'Applications', summary: 'The application host', passage: 'buffered',
    responses: { 200: json('The wildcard host.', s.AppHostResponse) },
  },

  // Agent debug routes
  {
    id: 'agentDebugLogs', method: 'GET', path: '/debug/logs', upstream: 'agent-debug', credential: 'session',
    tag: 'Agent debug', summary: "The first 10 MiB of the agent's log file", passage: 'bytes',
    maxResponseBytes: DEBUG_LOGS_LIMIT_BYTES,
    responses: { 200: { description: 'The log text.', contentType: 'text/plain', rawSchema: { type: 'string' } } },
  },
  {
    id: 'agentDebugMagicsock', method: 'GET', path: '/debug/magicsock', upstream: 'agent-debug', credential: 'session',
    tag: 'Agent debug', summary: "The state of the agent's network socket layer", passage: 'bytes',
    responses: { 200: { description: 'Debug information (format not specified).', contentType: 'application/json', rawSchema: { type: 'object' } } },
  },
  {
    id: 'agentDebugMagicsockLogging', method: 'GET', path: '/debug/magicsock/debug-logging/{state}', upstream: 'agent-debug',
    credential: 'session', tag: 'Agent debug', summary: 'Turn the network layer debug logging on or off', passage: 'buffered',
    pathParams: { state: p.debugStateParam },
    responses: { 200: { description: 'Updated.', contentType: 'text/plain', rawSchema: { type: 'string' } } },
  },
  {
    id: 'agentDebugManifest', method: 'GET', path: '/debug/manifest', upstream: 'agent-debug', credential: 'session',
    tag: 'Agent debug', summary: 'The manifest the agent fetched on startup', passage: 'buffered',
    responses: { 200: json('The manifest.', s.AgentManifest) },
  },

  // Notifications
  {
    id: 'sendCustomNotification', method: 'POST', path: '/api/v2/notifications/custom', upstream: 'platform',
    credential: 'session', tag: 'Notifications', summary: 'Send a custom notification to oneself', passage: 'buffered',
    body: s.CustomNotificationRequest,
    responses: {
      204: empty('Sent.'),
      400: message('Invalid request body (title and message both empty).'),
      403: message('System users cannot send custom notifications.'),
      500: message('Failed to send the custom notification.'),
    },
  },
  {
    id: 'listNotificationDispatchMethods', method: 'GET', path: '/api/v2/notifications/dispatch-methods', upstream: 'platform',
    credential: 'session', tag: 'Notifications', summary: 'Dispatch methods', passage: 'buffered',
    responses: { 200: json('The methods.', z.array(s.NotificationMethodsResponse)) },
  },
  {
    id: 'listInboxNotifications', method: 'GET', path: '/api/v2/notifications/inbox', upstream: 'platform',
    credential: 'session', tag: 'Notifications', summary: 'List inbox notifications, newest first', passage: 'buffered',
    query: { ...p.inboxFilterQuery, starting_before: p.startingBeforeQuery },
    responses: { 200: json('A page of notifications.', s.ListInboxNotificationsResponse) },
  },
  {
    id: 'markAllInboxNotificationsRead', method: 'PUT', path: '/api/v2/notifications/inbox/mark-all-as-read',
    upstream: 'platform', credential: 'session', tag: 'Notifications', summary: 'Mark every notification read',
    passage: 'buffered', responses: { 204: empty('Done.') },
  },
  {
    id: 'watchInboxNotifications', method: 'GET', path: '/api/v2/notifications/inbox/watch', upstream: 'platform',
    credential: 'session', tag: 'Notifications', summary: 'Watch for new inbox notifications', passage: 'stream',
    query: { ...p.inboxFilterQuery, format: p.watchFormatQuery },
    responses: {
      200: {
        description: 'A server-sent event stream; each `notification` event carries a GetInboxNotificationResponse.',
        contentType: 'text/event-stream',
        rawSchema: { type: 'string', contentSchema: { $ref: '#/components/schemas/GetInboxNotificationResponse' } },
      },
      429: tooMany('Too many open watches for this user or client.'),
    },
  },
  {
    id: 'markInboxNotificationRead', method: 'PUT', path: '/api/v2/notifications/inbox/{id}/read-status', upstream: 'platform',
    credential: 'session', tag: 'Notifications', summary: 'Mark one notification read', passage: 'buffered',
    pathParams: { id: p.notificationIdParam },
    responses: { 200: message('Marked read.'), 404: message('No such notification in your inbox.') },
  },
  {
    id: 'getNotificationSettings', method: 'GET', path: '/api/v2/notifications/settings', upstream: 'platform',
    credential: 'session', tag: 'Notifications', summary: 'Notification settings', passage: 'buffered',
    responses: { 200: json('The settings.', s.NotificationsSettings) },
  },
  {
    id: 'updateNotificationSettings', method: 'PUT', path: '/api/v2/notifications/settings', upstream: 'platform',
    credential: 'session', tag: 'Notifications', summary: 'Update notification settings', passage: 'buffered',
    body: s.NotificationsSettings,
    responses: { 200: json('The new settings.', s.NotificationsSettings), 304: empty('Not modified.') },
  },
  {
    id: 'listCustomNotificationTemplates', method: 'GET', path: '/api/v2/notifications/templates/custom', upstream: 'platform',
    credential: 'session', tag: 'Notifications', summary: 'Custom notification templates', passage: 'buffered',
    responses: { 200: json('The templates.', z.array(s.NotificationTemplate)), 500: message('Failed to retrieve the custom templates.') },
  },
  {
    id: 'listSystemNotificationTemplates', method: 'GET', path: '/api/v2/notifications/templates/system', upstream: 'platform',
    credential: 'session', tag: 'Notifications', summary: 'System notification templates', passage: 'buffered',
    responses: { 200: json('The templates.', z.array(s.NotificationTemplate)), 500: message('Failed to retrieve the system templates.') },
  },
  {
    id: 'sendTestNotification', method: 'POST', path: '/api/v2/notifications/test', upstream: 'platform',
    credential: 'session', tag: 'Notifications', summary: 'Send a test notification', passage: 'buffered',
    responses: { 200: empty('Sent.') },
  },
  {
    id: 'getUserNotificationPreferences', method: 'GET', path: '/api/v2/users/{user}/notifications/preferences',
    upstream: 'platform', credential: 'session', tag: 'Notifications', summary: "A user's notification preferences",
    passage: 'buffered', pathParams: { user: p.userParam },
    responses: { 200: json('The preferences.', z.array(s.NotificationPreference)) },
  },
  {
    id: 'updateUserNotificationPreferences', method: 'PUT', path: '/api/v2/users/{user}/notifications/preferences',
    upstream: 'platform', credential: 'session', tag: 'Notifications', summary: "Update a user's notification preferences",
    passage: 'buffered', pathParams: { user: p.userParam }, body: s.UpdateUserNotificationPreferences,
    responses: { 200: json('The preferences.', z.array(s.NotificationPreference)) },
  },

  // Automation
  {
    id: 'listWorkspaces', method: 'GET', path: '/api/v2/workspaces', upstream: 'platform', credential: 'user-or-agent',
    tag: 'Automation', summary: 'List workspaces', passage: 'buffered', query: { q: p.workspaceFilterQuery },
    responses: { 200: json('The workspaces the caller may see.', s.WorkspacesResponse) },
  },
  {
    id: 'patchWorkspaceAgentLogs', method: 'PATCH', path: '/api/v2/workspaceagents/me/logs', upstream: 'platform',
    credential: 'agent', tag: 'Automation', summary: 'Upload agent logs', passage: 'buffered', body: s.PatchAgentLogsRequest,
    responses: { 200: message('Appended.') },
  },
  {
    id: 'extendWorkspace', method: 'PUT', path: '/api/v2/workspaces/{workspace_id}/extend', upstream: 'platform',
    credential: 'user-or-agent', tag: 'Automation', summary: "Extend a workspace's deadline", passage: 'buffered',
    pathParams: { workspace_id: p.workspaceIdParam }, body: s.ExtendWorkspaceRequest,
    responses: { 200: message('Extended.') },
  },
];
