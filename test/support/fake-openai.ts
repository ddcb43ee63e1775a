import {
  deltasOf,
  scriptedError,
  sseFrame,
  startFakeModelServer,
  usageOf,
  type ErrorNames,
  type FakeModelServer,
  type ScriptedReply,
  type WireFrame,
  type WireProtocol,
} from './fake-model-server.ts';

/**
 * A fake of OpenAI's Chat Completions API (`POST /chat/completions` under the base URL):
 * completions with content or `tool_calls`, streamed `chat.completion.chunk`s ending in
 * `[DONE]` (with the usage chunk when `stream_options.include_usage`), and error bodies.
 */

const ERRORS: ErrorNames = {
  byStatus: { 400: 'invalid_request_error', 401: 'invalid_request_error', 429: 'rate_limit_exceeded', 500: 'server_error', 503: 'server_error' },
  otherwise: 'server_error',
  defaultMessage: 'The server had an error',
};

function usage(reply: ScriptedReply) {
  const u = usageOf(reply);
  return {
    prompt_tokens: u.input,
    completion_tokens: u.output,
    total_tokens: u.input + u.output,
    prompt_tokens_details: { cached_tokens: u.cached },
  };
}

function chunk(serial: number, model: unknown, choices: unknown[], extra: Record<string, unknown> = {}, delta = false): WireFrame {
  return sseFrame({ id: `chatcmpl-fake-${serial}`, object: 'chat.completion.chunk', created: 1_700_000_000, model, choices, ...extra }, { delta });
}

export const openaiProtocol: WireProtocol = {
  isStream: (request) => request.body.stream === true,
  error: (reply) => {
    const { status, name, message } = scriptedError(reply, ERRORS);
    return { status, body: { error: { message, type: name, param: null, code: null } } };
  },
  message: (reply, request, serial) => {
    const calls = (reply.toolCalls ?? []).map((call, index) => ({
      id: `call_fake_${serial}_${index}`,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    }));
    const text = reply.json !== undefined ? JSON.stringify(reply.json) : deltasOf(reply).join('') || null;
    return {
      id: `chatcmpl-fake-${serial}`,
      object: 'chat.completion',
      created: 1_700_000_000,
      model: request.body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
          finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
          logprobs: null,
        },
      ],
      usage: usage(reply),
    };
  },
  stream: (reply, request, serial) => {
    const model = request.body.model;
    const options = request.body.stream_options;
    const includeUsage = typeof options === 'object' && options !== null && 'include_usage' in options && options.include_usage === true;
    return [
      chunk(serial, model, [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null, logprobs: null }]),
      ...deltasOf(reply).map((content) => chunk(serial, model, [{ index: 0, delta: { content }, finish_reason: null, logprobs: null }], {}, true)),
      chunk(serial, model, [{ index: 0, delta: {}, finish_reason: 'stop', logprobs: null }]),
      ...(includeUsage ? [chunk(serial, model, [], { usage: usage(reply) })] : []),
      { data: 'data: [DONE]\n\n' },
    ];
  },
};

export function startFakeOpenAI(): Promise<FakeModelServer> {
  return startFakeModelServer(openaiProtocol, '/v1');
}
