import type { ModelProvider } from '../../../model/defaults.ts';
import type { AgentSession, SessionOptions } from './session.ts';

/** Opens a session with `provider`, loading only that provider's SDK. */
export async function openSession(provider: ModelProvider, options: SessionOptions): Promise<AgentSession> {
  switch (provider) {
    case 'anthropic':
      return (await import('./anthropic.ts')).createAnthropicSession(options);
    case 'openai':
      return (await import('./openai.ts')).createOpenAISession(options);
    case 'gemini':
      return (await import('./gemini.ts')).createGeminiSession(options);
  }
}

export type { AgentSession, SessionOptions } from './session.ts';
