import { ANSWER_INSTRUCTION } from '../../../templates/prompts/answer.ts';
import type { LoopBounds } from './bounds.ts';
import type { AgentSession, ToolResult } from './sessions/session.ts';
import type { ToolBox } from './tools.ts';

/**
 * The research phase: up to `maxSteps` model calls with the tools offered. It ends
 * when the model makes no tool call, or when the steps run out (the last results are
 * still handed over with the answer request). Tools refuse calls past their bounds.
 */
export async function research(session: AgentSession, tools: ToolBox, bounds: LoopBounds, signal: AbortSignal): Promise<void> {
  for (let step = 0; step < bounds.maxSteps; step += 1) {
    signal.throwIfAborted();
    const calls = await session.step();
    if (calls.length === 0) return;
    const answers: ToolResult[] = [];
    for (const call of calls) {
      await tools.readAhead(call);
      answers.push({ call, content: tools.run(call) });
    }
    session.answer(answers);
  }
}

/** The answer phase: the streamed Markdown answer, tools disabled. */
export function streamAnswer(session: AgentSession): AsyncGenerator<string, void, undefined> {
  return session.streamAnswer(ANSWER_INSTRUCTION);
}
