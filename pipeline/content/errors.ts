import { AskError } from '../errors.ts';
import { printable } from '../text/printable.ts';

/**
 * A problem with one content file: names the file and says what to do. Its message is one line:
 * the file name and the problem with their control characters escaped (`printable`), as a file
 * name may hold any character but `/` and NUL.
 */
export class ContentError extends AskError {
  override readonly name = 'ContentError';
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${printable(file)}: ${printable(problem)}`);
  }
}
