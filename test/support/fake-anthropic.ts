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
  type WireFrame,
  type WireProtocol,
} from './fake-model-server.ts';

/**
 * A fake of Anthropic's Messages API (`POST /v1/messages`): JSON messages with text and
 * `tool_use` blocks, the streaming events (`message_start`, `content_block_*`,
 * `message_delta`, `message_stop`, `ping`, `error`), and error bodies as the API sends them.
 */

const ERRORS: ErrorNames = {
  byStatus: { 400: 'invalid_request_error', 401: 'authentication_error', 429: 'rate_limit_error', 500: 'api_error', 529: 'overloaded_error' },
  otherwise: 'api_error',
  defaultMessage: 'Internal server error',
};

function forcedTool(request: RecordedRequest): string {
  const choice = request.body.tool_choice;
  if (typeof choice === 'object' && choice !== null && 'name' in choice && typeof choice.name === 'string') return choice.name;
  return 'unknown_tool';
}

function blocks(reply: ScriptedReply, request: RecordedRequest, serial: number): Record<string, unknown>[] {
  const content: Record<string, unknown>[] = [];
  const text = deltasOf(reply).join('');
  if (text) content.push({ type: 'text', text, citations: null });
  if (reply.json !== undefined) content.push({ type: 'tool_use', id: `toolu_fake_${serial}`, name: forcedTool(request), input: reply.json });
  (reply.toolCalls ?? []).forEach((call, index) =>
    content.push({ type: 'tool_use', id: `toolu_fake_${serial}_${index}`, name: call.name, input: call.args }),
  );
  return content;
}

function usage(reply: ScriptedReply) {
  const u = usageOf(reply);
  return { input_tokens: u.input - u.cached, output_tokens: u.output, cache_read_input_tokens: u.cached, cache_creation_input_tokens: 0 };
}

function frame(event: string, data: unknown, delta = false): WireFrame {
  return sseFrame(data, { event, delta });
}

export const anthropicProtocol: WireProtocol = {
  isStream: (request) => request.body.stream === true,
  error: (reply) => {
    const { status, name, message } = scriptedError(reply, ERRORS);
    return { status, body: { type: 'error', error: { type: name, message } } };
  },
  message: (reply, request, serial) => {
    const content = blocks(reply, request, serial);
    return {
      id: `msg_fake_${serial}`,
      type: 'message',
      role: 'assistant',
      model: request.body.model,
      content,
      stop_reason: content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: usage(reply),
    };
  },
  stream: (reply, request, serial) => {
    const u = usage(reply);
    const frames: WireFrame[] = [
      frame('message_start', {
        type: 'message_start',
        message: { id: `msg_fake_${serial}`, type: 'message', role: 'assistant', model: request.body.model, content: [], stop_reason: null, stop_sequence: null, usage: { ...u, output_tokens: 1 } },
      }),
      frame('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      frame('ping', { type: 'ping' }),
      ...deltasOf(reply).map((text) => frame('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }, true)),
    ];
    if (reply.streamError !== undefined) {
      return [...frames, frame('error', { type: 'error', error: { type: reply.streamError, message: 'Overloaded' } })];
    }
    return [
      ...frames,
      frame('content_block_stop', { type: 'content_block_stop', index: 0 }),
      frame('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: u.output_tokens } }),
      frame('message_stop', { type: 'message_stop' }),
    ];
  },
};

export function startFakeAnthropic(): Promise<FakeModelServer> {
  return startFakeModelServer(anthropicProtocol);
}
