import Anthropic from '@anthropic-ai/sdk';
import { toProviderError } from './errors.ts';
import type { AdapterOptions, OutputSpec, StructuredCall, StructuredModel } from './structured.ts';

/** A tool per output: forcing `tool_choice` to one of them is Anthropic's structured output. */
function toolOf(spec: OutputSpec): Anthropic.Tool {
  return { name: spec.name, description: spec.description, input_schema: { ...spec.schema, type: 'object' } };
}

/** The system blocks; the last one carries `cache_control`, so tools + system are one cached prefix. */
export function cachedSystem(blocks: readonly string[]): Anthropic.TextBlockParam[] {
  return blocks.map((text, index) =>
    index === blocks.length - 1 ? { type: 'text', text, cache_control: { type: 'ephemeral' } } : { type: 'text', text },
  );
}

/** Anthropic reports cached input apart from `input_tokens`; we count it in the input total. */
export function anthropicUsage(usage: {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}): { input: number; output: number; cached: number } {
  const cached = usage.cache_read_input_tokens ?? 0;
  return {
    input: usage.input_tokens + cached + (usage.cache_creation_input_tokens ?? 0),
    output: usage.output_tokens,
    cached,
  };
}

export function anthropicClient(options: Omit<AdapterOptions, 'model' | 'retryDelayMs'>): Anthropic {
  return new Anthropic({
    apiKey: options.apiKey,
    // undefined lets the SDK read ANTHROPIC_BASE_URL itself, as it does by default.
    ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
    maxRetries: options.maxRetries,
    timeout: options.timeoutMs,
  });
}

/** Structured output through Anthropic's Messages API and a forced tool call. */
export function createAnthropicModel(options: AdapterOptions): StructuredModel {
  const client = anthropicClient(options);
  return async (call: StructuredCall) => {
    try {
      const message = await client.messages.create({
        model: options.model,
        max_tokens: call.maxTokens,
        system: cachedSystem(call.system),
        tools: call.outputs.map(toolOf),
        tool_choice: { type: 'tool', name: call.use },
        messages: [{ role: 'user', content: call.user }],
      });
      const block = message.content.find((b) => b.type === 'tool_use' && b.name === call.use);
      return { value: block?.type === 'tool_use' ? block.input : undefined, usage: anthropicUsage(message.usage) };
    } catch (error) {
      throw toProviderError('anthropic', call.action, error, options.apiKey, options.maxRetries);
    }
  };
}
