/** A problem with one content file: names the file and says what to do. */
export class ContentError extends Error {
  override readonly name = 'ContentError';
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}
