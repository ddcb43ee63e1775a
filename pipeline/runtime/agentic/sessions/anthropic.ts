import type Anthropic from '@anthropic-ai/sdk';
import { anthropicClient, anthropicUsage, cachedSystem } from '../../../model/anthropic.ts';
import { addUsage, TruncatedStreamError, type AgentSession, type SessionOptions, type ToolCall, type ToolResult } from './session.ts';

type Block = Anthropic.ContentBlockParam;

/** A session on Anthropic's Messages API: tool use for research, a streamed message for the answer. */
export function createAnthropicSession(options: SessionOptions): AgentSession {
  const client = anthropicClient(options);
  const usage = { input: 0, output: 0, cached: 0 };
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: [{ type: 'text', text: options.question }] }];
  let pending: Block[] = [];
  const base = {
    model: options.model,
    system: cachedSystem([options.system]),
    tools: options.tools.map((t): Anthropic.Tool => ({ name: t.name, description: t.description, input_schema: { ...t.parameters, type: 'object' } })),
  };

  /** Adds blocks to the user turn: appended to the last message when it is a user turn already. */
  function pushUser(blocks: Block[]): void {
    const last = messages.at(-1);
    if (last?.role === 'user') {
      const content = typeof last.content === 'string' ? [{ type: 'text' as const, text: last.content }] : last.content;
      last.content = [...content, ...blocks];
    } else if (blocks.length > 0) {
      messages.push({ role: 'user', content: blocks });
    }
  }
  function add(u: Parameters<typeof anthropicUsage>[0]): void {
    addUsage(usage, anthropicUsage(u));
  }

  return {
    async step() {
      pushUser(pending);
      pending = [];
      const message = await client.messages.create(
        { ...base, max_tokens: options.maxStepTokens, tool_choice: { type: 'auto' }, messages },
        { signal: options.signal },
      );
      add(message.usage);
      const kept: Block[] = [];
      const calls: ToolCall[] = [];
      for (const block of message.content) {
        if (block.type === 'text' && block.text.length > 0) kept.push({ type: 'text', text: block.text });
        if (block.type === 'tool_use') {
          kept.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
          const args = typeof block.input === 'object' && block.input !== null ? { ...block.input } : {};
          calls.push({ id: block.id, name: block.name, args });
        }
      }
      if (kept.length > 0) messages.push({ role: 'assistant', content: kept });
      return calls;
    },

    answer(results: readonly ToolResult[]) {
      pending = results.map((r) => ({ type: 'tool_result', tool_use_id: r.call.id, content: r.content }));
    },

    async *streamAnswer(instruction: string) {
      pushUser([...pending, { type: 'text', text: instruction }]);
      pending = [];
      const stream = await client.messages.create(
        { ...base, max_tokens: options.maxOutputTokens, tool_choice: { type: 'none' }, messages, stream: true },
        { signal: options.signal },
      );
      let finished = false;
      let started: Parameters<typeof anthropicUsage>[0] | undefined;
      for await (const event of stream) {
        if (event.type === 'message_start') started = event.message.usage;
        else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') yield event.delta.text;
        else if (event.type === 'message_delta' && started) started = { ...started, output_tokens: event.usage.output_tokens };
        else if (event.type === 'message_stop') finished = true;
      }
      if (started) add(started);
      if (!finished) throw new TruncatedStreamError();
    },

    usage: () => ({ ...usage }),
  };
}
