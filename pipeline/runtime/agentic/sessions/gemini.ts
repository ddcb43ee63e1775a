import { FunctionCallingConfigMode, type Content, type GenerateContentConfig, type GenerateContentResponseUsageMetadata, type Part } from '@google/genai';
import { geminiClient, geminiText, geminiUsage } from '../../../model/gemini.ts';
import { addUsage, TruncatedStreamError, type AgentSession, type SessionOptions, type ToolCall, type ToolResult } from './session.ts';

/** The Gemini SDK's first retry delay on the answer path (it does not read `retry-after`). */
const RETRY_DELAY_MS = 500;

/** A session on Gemini's generateContent: function calling, then streamGenerateContent for the answer. */
export function createGeminiSession(options: SessionOptions): AgentSession {
  const client = geminiClient({ ...options, retryDelayMs: RETRY_DELAY_MS });
  const usage = { input: 0, output: 0, cached: 0 };
  const contents: Content[] = [{ role: 'user', parts: [{ text: options.question }] }];
  let pending: Part[] = [];
  /** Ids we made up for calls the API sent without one (they must not be sent back). */
  const synthetic = new Set<string>();
  const base: GenerateContentConfig = {
    systemInstruction: options.system,
    tools: [
      {
        functionDeclarations: options.tools.map((t) => ({ name: t.name, description: t.description, parametersJsonSchema: t.parameters })),
      },
    ],
    abortSignal: options.signal,
  };

  function pushUser(parts: Part[]): void {
    const last = contents.at(-1);
    if (last?.role === 'user') last.parts = [...(last.parts ?? []), ...parts];
    else if (parts.length > 0) contents.push({ role: 'user', parts });
  }
  function add(u: GenerateContentResponseUsageMetadata | undefined): void {
    addUsage(usage, geminiUsage(u));
  }

  return {
    async step() {
      pushUser(pending);
      pending = [];
      const response = await client.models.generateContent({
        model: options.model,
        contents,
        config: { ...base, maxOutputTokens: options.maxStepTokens, toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } } },
      });
      add(response.usageMetadata);
      const content = response.candidates?.[0]?.content;
      // The model's turn goes back as it came (thought signatures included), as Gemini asks.
      if (content?.parts && content.parts.length > 0) contents.push({ role: 'model', parts: content.parts });
      const calls: ToolCall[] = [];
      for (const part of content?.parts ?? []) {
        if (!part.functionCall?.name) continue;
        let id = part.functionCall.id;
        if (id === undefined) {
          id = `call-${synthetic.size + 1}`;
          synthetic.add(id);
        }
        calls.push({ id, name: part.functionCall.name, args: part.functionCall.args ?? {} });
      }
      return calls;
    },

    answer(results: readonly ToolResult[]) {
      pending = results.map((r) => ({
        functionResponse: {
          ...(synthetic.has(r.call.id) ? {} : { id: r.call.id }),
          name: r.call.name,
          response: { output: r.content },
        },
      }));
    },

    async *streamAnswer(instruction: string) {
      pushUser([...pending, { text: instruction }]);
      pending = [];
      const stream = await client.models.generateContentStream({
        model: options.model,
        contents,
        config: { ...base, maxOutputTokens: options.maxOutputTokens, toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } } },
      });
      let finished = false;
      let last: GenerateContentResponseUsageMetadata | undefined;
      for await (const chunk of stream) {
        const text = geminiText(chunk);
        if (text) yield text;
        if (chunk.usageMetadata) last = chunk.usageMetadata;
        if (chunk.candidates?.[0]?.finishReason) finished = true;
      }
      add(last);
      if (!finished) throw new TruncatedStreamError();
    },

    usage: () => ({ ...usage }),
  };
}
