/**
 * Splitting prose into sentences: the one splitter of the project, used by the offline
 * distiller to pick sentences and by the sentence check to read a summary back.
 */

/** Abbreviations after which a period does not end a sentence. */
const ABBREVIATIONS = new Set(['e.g', 'i.e', 'etc', 'vs', 'cf', 'approx', 'no', 'fig', 'mr', 'ms', 'dr', 'eg', 'ie']);

/**
 * Splits prose into sentences at `.`, `!`, `?` followed by whitespace and a letter, digit,
 * quote or bracket (before a lower-case letter only a `.` after a word of two or more
 * letters: docs start sentences with `ask`); abbreviations such as `e.g.` and version numbers do
 * not split.
 */
export function sentences(text: string): string[] {
  const out: string[] = [];
  const boundary = /[.!?]+["')\]]?\s+(?=[A-Za-z0-9"'`(\[])/g;
  let start = 0;
  for (let match = boundary.exec(text); match; match = boundary.exec(text)) {
    const before = text.slice(start, match.index);
    const lastWord = /([A-Za-z.]+)$/.exec(before)?.[1]?.toLowerCase() ?? '';
    if (ABBREVIATIONS.has(lastWord.replace(/\.$/, ''))) continue;
    // a list number at the start of a text or a quotation ("2. Setup") does not end a sentence
    if (/(?:^|["'“‘(\[])\d+$/.test(before)) continue;
    // Before a lower-case word only a full stop after a real word ends a sentence ("ask mcp" starts one).
    const next = text.charAt(match.index + match[0].length);
    if (/[a-z]/.test(next) && (!match[0].startsWith('.') || lastWord.length < 2)) continue;
    const end = match.index + match[0].trimEnd().length;
    const sentence = text.slice(start, end).trim();
    if (sentence) out.push(sentence);
    start = match.index + match[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}
