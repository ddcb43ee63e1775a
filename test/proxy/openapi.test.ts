import { describe, expect, it } from 'vitest';
import { PLATFORM_OPERATIONS } from '../../pipeline/platform-api/index.ts';
import { platformOpenApiComponents, platformOpenApiPaths } from '../../pipeline/proxy/index.ts';

type Json = Record<string, unknown>;
const paths = platformOpenApiPaths() as Record<string, Record<string, Json>>;
const components = platformOpenApiComponents() as { schemas: Record<string, Json>; securitySchemes: Json };

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner)));
}

describe('the OpenAPI paths come from the operations table', () => {
  it('documents every operation, and nothing else', () => {
    const documented = Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(PLATFORM_OPERATIONS.map((op) => `${op.method} ${op.path}`).sort());
  });

  it('gives each operation a unique id, its path parameters and its body schema', () => {
    const ids = PLATFORM_OPERATIONS.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of PLATFORM_OPERATIONS) {
      const object = paths[operation.path]?.[operation.method.toLowerCase()] as Json;
      expect(object['operationId']).toBe(operation.id);
      const parameters = (object['parameters'] ?? []) as { name: string; in: string }[];
      const templated = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(templated);
      expect(object['requestBody'] !== undefined).toBe(operation.body !== undefined);
      expect(object['security']).toEqual(operation.credential === 'none' ? [] : [{ SessionToken: [] }]);
      const responses = object['responses'] as Json;
      for (const status of Object.keys(operation.responses)) expect(responses).toHaveProperty(status);
      if (operation.credential !== 'none') expect(responses).toHaveProperty('401');
      expect(responses).toHaveProperty('502');
      expect(responses).toHaveProperty('504');
    }
  });

  it("documents the embedded platform's throttles (429 with Retry-After) on the operations it throttles", () => {
    const throttled = ['POST /api/v2/users/login', 'POST /api/v2/users/otp/request', 'POST /api/v2/users/otp/change-password', 'POST /api/v2/users/{user}/convert-login', 'GET /api/v2/notifications/inbox/watch'];
    for (const operation of throttled) {
      const [method = '', path = ''] = operation.split(' ');
      const responses = (paths[path]?.[method.toLowerCase()] as Json)['responses'] as Record<string, { description: string }>;
      expect(responses['429']?.description, operation).toMatch(/Retry-After/);
    }
  });

  it('resolves every schema reference to a component', () => {
    const refs = [...refsIn(paths), ...refsIn(components.schemas)];
    expect(refs.length).toBeGreaterThan(30);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(components.schemas).toHaveProperty(ref.replace('#/components/schemas/', ''));
    }
    expect(components.securitySchemes).toEqual({ SessionToken: { type: 'apiKey', in: 'header', name: 'Svc-Session-Token' } });
  });

  it('documents the spec types by their names', () => {
    for (const name of ['Response', 'AuthorizationRequest', 'LoginWithPasswordRequest', 'ExternalAuth', 'InboxNotification',
      'NotificationTemplate', 'UpdateUserNotificationPreferences', 'CustomNotificationRequest', 'ExternalAuthDevice']) {
      expect(components.schemas).toHaveProperty(name);
    }
    expect(components.schemas['LoginWithPasswordRequest']).toMatchObject({ type: 'object', required: ['email', 'password'] });
  });

  it('keeps the tags the end-to-end suites cover', () => {
    expect([...new Set(PLATFORM_OPERATIONS.map((op) => op.tag))].sort()).toEqual(
      ['Agent debug', 'Applications', 'Authorization', 'Automation', 'External auth', 'Login', 'Notifications'],
    );
  });
});
