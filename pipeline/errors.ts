/**
 * The one error base of the pipeline. Every error a user may be told about carries what to
 * tell them: the HTTP status and body message the handler answers with, and the exit code the
 * command line ends with. The handler's `onError` and the command line's error report are the
 * only places that turn an error into what a user sees. Web-standard: no `node:` imports.
 */

/** The body message of a 500 whose cause is not for users to read. */
export const INTERNAL_ERROR_MESSAGE = 'Internal error.';

export interface AskErrorOptions {
  /** The HTTP status the handler answers with; default 500. */
  readonly status?: number;
  /**
   * What a user may read: never a key, a token or a path of the server. Without it the error
   * is internal: the handler answers the generic message, the command line prints `ask: <message>`.
   */
  readonly userMessage?: string;
  /** The command line's exit code; default 1 (2 for a usage mistake). */
  readonly exitCode?: number;
  /** Headers the handler's answer carries besides its body (`allow` on a 405). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

export class AskError extends Error {
  override readonly name: string = 'AskError';
  /** The HTTP status the handler answers with. */
  readonly status: number;
  /** The `{ error }` body message, or the generic one when the error is internal. */
  readonly userMessage: string;
  /** True when `userMessage` was written for the user, false when it stands in for an internal message. */
  readonly forUser: boolean;
  /** The command line's exit code. */
  readonly exitCode: number;
  /** Headers of the handler's answer besides its body. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(message: string, options: AskErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status ?? 500;
    this.forUser = options.userMessage !== undefined;
    this.userMessage = options.userMessage ?? INTERNAL_ERROR_MESSAGE;
    this.exitCode = options.exitCode ?? 1;
    this.headers = options.headers ?? {};
  }
}
