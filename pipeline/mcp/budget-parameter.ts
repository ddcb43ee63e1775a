import { z } from 'zod';
import { MAX_BUDGET_TOKENS } from '../runtime/budget-route.ts';

/** The tools' optional token budget: a positive whole number of tokens, estimated as the routes do (characters / 4), at most the routes' maximum. */
export const budgetParameter = z
  .number()
  .int()
  .positive()
  .max(MAX_BUDGET_TOKENS)
  .optional()
  .describe(`Most tokens the answer may use (estimated as characters / 4; at most ${MAX_BUDGET_TOKENS}); the most relevant parts come first, and the answer says what was left out`);
