/**
 * Defect 1 of issue 11, at the proxy: a custom notification whose title is over
 * 4 KiB or whose message is over 64 KiB (UTF-8 bytes) is refused with 400 and
 * validations before anything is forwarded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProxyOverScriptedUpstream, type ProxyOverScriptedUpstream } from '../support/platform-harness.ts';
import { answerJson } from '../support/scripted-upstream.ts';

const TOKEN = 'abcdef0123-tokentokentokentoken';
const KiB = 1024;

let harness: ProxyOverScriptedUpstream;

beforeAll(async () => {
  harness = await startProxyOverScriptedUpstream();
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.upstream.requests.length = 0;
  harness.upstream.handle = (_request, response) => {
    response.writeHead(204);
    response.end();
  };
});

function sendCustom(content: { title?: string; message?: string }): Promise<Response> {
  return fetch(`${harness.proxyUrl}/api/v2/notifications/custom`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'svc-session-token': TOKEN }, body: JSON.stringify({ content }),
  });
}

describe('custom notification limits at the proxy', () => {
  it('refuses 200,000 `[` in the message without forwarding it', async () => {
    const response = await sendCustom({ title: 'x', message: '['.repeat(200_000) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; validations: { field: string; detail: string }[] };
    expect(body.message).toBe('Invalid request body.');
    expect(body.validations).toEqual([{ field: 'content.message', detail: expect.stringContaining('65536 bytes') as unknown }]);
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('refuses a title over 4 KiB of UTF-8, and forwards one at the limit', async () => {
    const over = await sendCustom({ title: '€'.repeat(1366) }); // 4,098 bytes
    expect(over.status).toBe(400);
    expect(((await over.json()) as { validations: { field: string }[] }).validations.map((v) => v.field)).toEqual(['content.title']);
    expect(harness.upstream.requests).toHaveLength(0);
    harness.upstream.handle = answerJson(200, { ok: true });
    const atLimit = await sendCustom({ title: 'x'.repeat(4 * KiB), message: 'y'.repeat(64 * KiB) });
    expect(atLimit.status).toBe(200);
    expect(harness.upstream.requests).toHaveLength(1);
  });
});
