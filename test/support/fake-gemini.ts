import {
  deltasOf,
  scriptedError,
  sseFrame,
  startFakeModelServer,
  usageOf,
  type ErrorNames,
  type FakeModelServer,
  type RecordedRequest,
  type ScriptedReply,
  type WireProtocol,
} from './fake-model-server.ts';

/**
 * A fake of the Gemini API: `POST /v1beta/models/{model}:generateContent` and
 * `:streamGenerateContent?alt=sse`, with text and `functionCall` parts, `usageMetadata`,
 * and Google's error bodies (`{ error: { code, message, status } }`).
 */

const STATUSES: ErrorNames = {
  byStatus: { 400: 'INVALID_ARGUMENT', 403: 'PERMISSION_DENIED', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' },
  otherwise: 'INTERNAL',
  defaultMessage: 'Internal error encountered.',
};

function usage(reply: ScriptedReply) {
  const u = usageOf(reply);
  return { promptTokenCount: u.input, candidatesTokenCount: u.output, totalTokenCount: u.input + u.output, cachedContentTokenCount: u.cached };
}

function modelOf(request: RecordedRequest): string {
  return /models\/([^:]+):/.exec(request.path)?.[1] ?? 'unknown';
}

function parts(reply: ScriptedReply): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  if (reply.json !== undefined) out.push({ text: JSON.stringify(reply.json) });
  const text = deltasOf(reply).join('');
  if (text) out.push({ text });
  for (const call of reply.toolCalls ?? []) out.push({ functionCall: { name: call.name, args: call.args } });
  return out;
}

export const geminiProtocol: WireProtocol = {
  isStream: (request) => request.path.endsWith(':streamGenerateContent'),
  error: (reply) => {
    const { status, name, message } = scriptedError(reply, STATUSES);
    return { status, body: { error: { code: status, message, status: name } } };
  },
  message: (reply, request, serial) => ({
    candidates: [{ content: { role: 'model', parts: parts(reply) }, finishReason: 'STOP', index: 0 }],
    usageMetadata: usage(reply),
    modelVersion: modelOf(request),
    responseId: `fake-${serial}`,
  }),
  stream: (reply, request, serial) => {
    const deltas = deltasOf(reply);
    return deltas.map((text, index) => {
      const last = index === deltas.length - 1;
      const body = {
        candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) }],
        usageMetadata: usage(reply),
        modelVersion: modelOf(request),
        responseId: `fake-${serial}`,
      };
      return sseFrame(body, { delta: true, lineEnd: '\r\n' });
    });
  },
};

export function startFakeGemini(): Promise<FakeModelServer> {
  return startFakeModelServer(geminiProtocol);
}
