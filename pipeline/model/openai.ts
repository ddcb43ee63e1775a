import OpenAI from 'openai';
import { toProviderError } from './errors.ts';
import { parseJsonText, type AdapterOptions, type StructuredCall, type StructuredModel } from './structured.ts';

export function openaiClient(options: Omit<AdapterOptions, 'model' | 'retryDelayMs'>): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    // undefined lets the SDK read OPENAI_BASE_URL itself, as it does by default.
    ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
    maxRetries: options.maxRetries,
    timeout: options.timeoutMs,
  });
}

/** OpenAI counts cached input inside `prompt_tokens` and reports it in `prompt_tokens_details`. */
export function openaiUsage(usage: OpenAI.CompletionUsage | undefined): { input: number; output: number; cached: number } {
  return {
    input: usage?.prompt_tokens ?? 0,
    output: usage?.completion_tokens ?? 0,
    cached: usage?.prompt_tokens_details?.cached_tokens ?? 0,
  };
}

/**
 * Structured output through Chat Completions and a strict `json_schema` response format,
 * which OpenAI-compatible servers (vLLM, llama.cpp, gateways) understand too. OpenAI
 * caches a repeated prompt prefix by itself; the system message comes first for that.
 */
export function createOpenAIModel(options: AdapterOptions): StructuredModel {
  const client = openaiClient(options);
  return async (call: StructuredCall) => {
    const spec = call.outputs.find((o) => o.name === call.use);
    if (!spec) throw new Error(`no output named ${call.use}`);
    try {
      const completion = await client.chat.completions.create({
        model: options.model,
        max_completion_tokens: call.maxTokens,
        messages: [
          { role: 'system', content: call.system.join('\n\n') },
          { role: 'user', content: call.user },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: spec.name, description: spec.description, schema: { ...spec.schema }, strict: true },
        },
      });
      const message = completion.choices[0]?.message;
      return { value: parseJsonText(message?.content), usage: openaiUsage(completion.usage) };
    } catch (error) {
      throw toProviderError('openai', call.action, error, options.apiKey, options.maxRetries);
    }
  };
}
