import { GoogleGenAI, type GenerateContentResponse, type GenerateContentResponseUsageMetadata } from '@google/genai';
import { toProviderError } from './errors.ts';
import { parseJsonText, type AdapterOptions, type StructuredCall, type StructuredModel } from './structured.ts';

/**
 * The Gemini client. Its SDK retries only when `retryOptions` is set; it backs off
 * exponentially from `initialDelay` and does not read `retry-after`.
 */
export function geminiClient(options: Omit<AdapterOptions, 'model'>): GoogleGenAI {
  return new GoogleGenAI({
    apiKey: options.apiKey,
    httpOptions: {
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      timeout: options.timeoutMs,
      retryOptions: { attempts: options.maxRetries + 1, initialDelay: options.retryDelayMs / 1000, maxDelay: 60 },
    },
  });
}

/** Gemini counts cached input inside `promptTokenCount`; thinking is billed as output. */
export function geminiUsage(usage: GenerateContentResponseUsageMetadata | undefined): {
  input: number;
  output: number;
  cached: number;
} {
  return {
    input: usage?.promptTokenCount ?? 0,
    output: (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0),
    cached: usage?.cachedContentTokenCount ?? 0,
  };
}

/** The answer text of a response (or a stream chunk): text parts of the first candidate, thoughts left out. */
export function geminiText(response: GenerateContentResponse): string {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return parts
    .filter((part) => typeof part.text === 'string' && part.thought !== true)
    .map((part) => part.text)
    .join('');
}

/** Structured output through `generateContent` with a response JSON Schema. Gemini caches repeated prefixes implicitly. */
export function createGeminiModel(options: AdapterOptions): StructuredModel {
  const client = geminiClient(options);
  return async (call: StructuredCall) => {
    const spec = call.outputs.find((o) => o.name === call.use);
    if (!spec) throw new Error(`no output named ${call.use}`);
    try {
      const response = await client.models.generateContent({
        model: options.model,
        contents: [{ role: 'user', parts: [{ text: call.user }] }],
        config: {
          systemInstruction: call.system.join('\n\n'),
          responseMimeType: 'application/json',
          responseJsonSchema: spec.schema,
          maxOutputTokens: call.maxTokens,
        },
      });
      return { value: parseJsonText(geminiText(response)), usage: geminiUsage(response.usageMetadata) };
    } catch (error) {
      throw toProviderError('gemini', call.action, error, options.apiKey, options.maxRetries);
    }
  };
}
