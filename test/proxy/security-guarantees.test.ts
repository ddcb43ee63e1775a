/**
 * Guarantees of docs/security.md that the other proxy suites did not hold
 * yet: which client headers never reach the platform, which upstream each
 * operation may reach, the default body limit, and what a log line leaves out.
 */
import { describe, expect, it } from 'vitest';
import { PLATFORM_OPERATIONS } from '../../pipeline/platform-api/index.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../../pipeline/proxy/index.ts';
import { useScriptedProxy } from '../support/proxy-harness.ts';

const TOKEN = 'abcdef0123-guaranteeguaranteeguarantee';

const suite = useScriptedProxy({ separateAgent: true });
const { logLines, sendRaw } = suite;

describe('headers', () => {
  it('never forwards the client Host, Forwarded, X-Forwarded-*, X-Real-IP, Cookie or Authorization headers', async () => {
    const status = await sendRaw('/api/v2/workspaces', {
      host: 'docs.attacker.test',
      'svc-session-token': TOKEN,
      forwarded: 'for=10.0.0.1;host=internal.test;proto=https',
      'x-forwarded-for': '10.0.0.1',
      'x-forwarded-host': 'internal.test',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      'x-forwarded-prefix': '/admin',
      'x-real-ip': '10.0.0.1',
      'x-original-url': '/api/v2/users/login',
      cookie: 'session=stolen',
      authorization: 'Bearer other',
    });
    expect(status).toBe(200);
    const sent = suite.platform.requests[0]?.headers ?? {};
    expect(sent['svc-session-token']).toBe(TOKEN);
    // The Host the platform sees is its own, as the proxy's fetch addressed it.
    expect(sent.host).toBe(new URL(suite.platform.url).host);
    for (const name of ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port',
      'x-forwarded-prefix', 'x-real-ip', 'x-original-url', 'cookie', 'authorization']) {
      expect(sent[name], name).toBeUndefined();
    }
  });
});

describe('upstreams', () => {
  it('sends /debug operations to the agent debug server only, and /api/v2 operations to the platform only', async () => {
    const debugOperations = PLATFORM_OPERATIONS.filter((op) => op.upstream === 'agent-debug');
    expect(debugOperations.length).toBeGreaterThan(0);
    expect(PLATFORM_OPERATIONS.every((op) => (op.upstream === 'agent-debug') === op.path.startsWith('/debug/'))).toBe(true);
    for (const operation of debugOperations) {
      const path = operation.path.replace('{state}', 'true');
      expect(await sendRaw(path, { 'svc-session-token': TOKEN }), path).toBe(200);
    }
    expect(await sendRaw('/api/v2/auth/scopes', {})).toBe(200);
    expect(suite.agent.requests.map((request) => request.url)).toEqual(debugOperations.map((op) => op.path.replace('{state}', 'true')));
    expect(suite.platform.requests.map((request) => request.url)).toEqual(['/api/v2/auth/scopes']);
  });
});

describe('request bodies', () => {
  it(`refuses a body over the default limit (${DEFAULT_MAX_BODY_BYTES} bytes) with 413, forwarding nothing`, async () => {
    const body = Buffer.from(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(DEFAULT_MAX_BODY_BYTES) }));
    const status = await sendRaw('/api/v2/users/login', { 'content-type': 'application/json', 'content-length': String(body.length) }, 'POST', body);
    expect(status).toBe(413);
    expect(suite.platform.requests).toHaveLength(0);
  });
});

describe('log lines', () => {
  it('name the operation by its pattern, never the path parameters the client sent', async () => {
    await sendRaw('/api/v2/users/private.person%40example.com/notifications/preferences', { 'svc-session-token': TOKEN });
    await sendRaw('/api/v2/external-auth/secret-provider-name', { 'svc-session-token': TOKEN });
    expect(logLines).toHaveLength(2);
    expect(logLines[0]).toMatch(/^platform-proxy GET \/api\/v2\/users\/\{user\}\/notifications\/preferences -> 200 \d+ms$/);
    expect(logLines[1]).toMatch(/^platform-proxy GET \/api\/v2\/external-auth\/\{externalauth\} -> 200 \d+ms$/);
    for (const line of logLines) {
      expect(line).not.toContain('private.person');
      expect(line).not.toContain('secret-provider-name');
      expect(line).not.toContain(TOKEN);
    }
  });
});
