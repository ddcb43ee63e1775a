import { z } from 'zod';

/** The tools' optional token budget: a positive whole number of tokens, estimated as the routes do (characters / 4). */
export const budgetParameter = z
  .number()
  .int()
  .positive()
  .optional()
  .describe('Most tokens the answer may use (estimated as characters / 4); the most relevant parts come first, and the answer says what was left out');
