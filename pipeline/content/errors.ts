import { AskError } from '../errors.ts';

/** A problem with one content file: names the file and says what to do. */
export class ContentError extends AskError {
  override readonly name = 'ContentError';
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}
