import type OpenAI from 'openai';
import { openaiClient, openaiUsage } from '../../../model/openai.ts';
import { addUsage, TruncatedStreamError, parseArgs, type AgentSession, type SessionOptions, type ToolCall, type ToolResult } from './session.ts';

type Message = OpenAI.Chat.ChatCompletionMessageParam;

/** A session on Chat Completions (OpenAI or any compatible server): function tools, then a streamed answer. */
export function createOpenAISession(options: SessionOptions): AgentSession {
  const client = openaiClient(options);
  const usage = { input: 0, output: 0, cached: 0 };
  const messages: Message[] = [
    { role: 'system', content: options.system },
    { role: 'user', content: options.question },
  ];
  const tools: OpenAI.Chat.ChatCompletionTool[] = options.tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: { ...t.parameters } },
  }));
  function add(u: OpenAI.CompletionUsage | undefined): void {
    addUsage(usage, openaiUsage(u));
  }

  return {
    async step() {
      const completion = await client.chat.completions.create(
        { model: options.model, messages, tools, tool_choice: 'auto', max_completion_tokens: options.maxStepTokens },
        { signal: options.signal },
      );
      add(completion.usage);
      const message = completion.choices[0]?.message;
      const functionCalls = (message?.tool_calls ?? []).filter((c) => c.type === 'function');
      const calls: ToolCall[] = functionCalls.map((c) => ({ id: c.id, name: c.function.name, args: parseArgs(c.function.arguments) }));
      if (functionCalls.length > 0) {
        messages.push({ role: 'assistant', content: message?.content ?? null, tool_calls: functionCalls });
      } else if (message?.content) {
        messages.push({ role: 'assistant', content: message.content });
      }
      return calls;
    },

    answer(results: readonly ToolResult[]) {
      for (const r of results) messages.push({ role: 'tool', tool_call_id: r.call.id, content: r.content });
    },

    async *streamAnswer(instruction: string) {
      messages.push({ role: 'user', content: instruction });
      const stream = await client.chat.completions.create(
        {
          model: options.model,
          messages,
          tools,
          tool_choice: 'none',
          max_completion_tokens: options.maxOutputTokens,
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal: options.signal },
      );
      let finished = false;
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        const text = choice?.delta?.content;
        if (text) yield text;
        if (choice?.finish_reason) finished = true;
        if (chunk.usage) add(chunk.usage);
      }
      if (!finished) throw new TruncatedStreamError();
    },

    usage: () => ({ ...usage }),
  };
}
