/** Characters per token in the one estimate: close enough for English prose and code, and the same everywhere. */
const CHARACTERS_PER_TOKEN = 4;

/**
 * The project's one token estimate (budgets of the read routes and of the MCP tools): a token
 * for every four UTF-16 code units, rounded up, so an empty text costs nothing and any other at
 * least one. No tokenizer: a budget is a bound an agent sets, not a bill.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}

/** The estimate of a value as it is sent: its JSON text, quotes and escapes included. */
export function estimateJsonTokens(value: unknown): number {
  return estimateTokens(JSON.stringify(value));
}
