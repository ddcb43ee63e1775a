/** `--comment-out FILE --max-chars N --full-diff-at TEXT` of `ask digest diff`: checked before any work, the comment written at the end. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MIN_COMMENT_CHARS, reviewComment, type DiffParts } from './digest-diff-comment.ts';
import { UsageError } from './io.ts';

/** The longest `--full-diff-at` taken: the closing line must leave room for the diff in the smallest comment. */
const MAX_FULL_DIFF_AT = 400;

export interface CommentOptions {
  readonly 'comment-out'?: string | undefined;
  readonly 'max-chars': string;
  readonly 'full-diff-at': string;
}

/** What writes the comment, or null without `--comment-out`; a usage error for a cap or a text it cannot keep. */
export function commentWriter(values: CommentOptions, cwd: string): ((parts: DiffParts) => Promise<void>) | null {
  const file = values['comment-out'];
  if (file === undefined) return null;
  const maxChars = Number(values['max-chars']);
  if (!Number.isInteger(maxChars) || maxChars < MIN_COMMENT_CHARS) throw new UsageError(`ask digest diff: --max-chars takes a whole number of at least ${MIN_COMMENT_CHARS}, got '${values['max-chars']}'`);
  const fullDiffAt = values['full-diff-at'].trim();
  if (fullDiffAt === '' || fullDiffAt.length > MAX_FULL_DIFF_AT) throw new UsageError(`ask digest diff: --full-diff-at takes a text of 1 to ${MAX_FULL_DIFF_AT} characters`);
  const target = path.resolve(cwd, file);
  return (parts) => writeFile(target, reviewComment(parts, maxChars, fullDiffAt));
}
