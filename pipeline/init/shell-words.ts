/** Words joined into one POSIX shell command line, each quoted only when the shell would split or expand it. */

/** A word as the shell reads it back: bare when it holds only safe characters, else in single quotes. */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_./:@%+=,-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A command (`npx --no -- ask-docs`, `ask`) and its words: the words quoted, the command as written. */
export function commandLine(prefix: string, words: readonly string[]): string {
  return [prefix, ...words.map(shellWord)].join(' ');
}
