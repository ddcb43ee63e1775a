/**
 * What documentation generators read out of a code block and never show as code: Shiki's notation
 * comments (VitePress, and any site on @shikijs/transformers: `// [!code ++]`, `# [!code focus]`,
 * `<!-- [!code word:foo] -->`), Docusaurus's magic comments (`// highlight-next-line`,
 * `// highlight-start`, `// highlight-end`, in any of its comment styles), and the fence's meta
 * after the language (`{1,4-6}`, `title="x"`, `[label]`, `:line-numbers`, `twoslash`).
 *
 * Used for the clean Markdown's code blocks and a section's plain text, never for facts, which
 * stay byte for byte the source.
 */

/** A comment holding one Shiki notation (`[!code xxx]`, `[!code xxx:3]`, `[!code word:foo]`) at a line's end. */
const SHIKI_NOTATION = /[ \t]*(?:\{\/\*|\/\*|<!--|\/\/|--|%{1,2}|;{1,2}|#|"|')[ \t]*\[!code [^\]\n]+\][ \t]*(?:\*\/\}|\*\/|-->)?[ \t]*$/;
/** Shiki's escaped notation (`[!!code`), shown as the notation itself. */
const ESCAPED_NOTATION = /\[!!code /g;
/** A line that is only a Docusaurus magic comment (the default `highlight` ones). */
const MAGIC_COMMENT = /^[ \t]*(?:\{\/\*|\/\*|<!--|\/\/|--|%|;|#)[ \t]*highlight-(?:next-line|start|end)[ \t]*(?:\*\/\}|\*\/|-->)?[ \t]*$/;

/**
 * One line of code as the site shows it: a trailing notation comment removed, escaped notations
 * unescaped. Null when the line was nothing but an annotation (the site drops it).
 */
function shownLine(line: string): string | null {
  if (MAGIC_COMMENT.test(line)) return null;
  const notation = SHIKI_NOTATION.exec(line);
  if (notation) {
    const kept = line.slice(0, notation.index);
    if (kept.trim() === '') return null;
    return kept.replace(ESCAPED_NOTATION, '[!code ');
  }
  return line.replace(ESCAPED_NOTATION, '[!code ');
}

/** Whether a line of code carries an annotation the site does not show. */
function isAnnotated(line: string): boolean {
  return MAGIC_COMMENT.test(line) || SHIKI_NOTATION.test(line) || line.includes('[!!code ');
}

/** A code block's text as the site shows it: annotation comments and annotation-only lines removed. */
export function withoutCodeAnnotations(code: string): string {
  if (!code.includes('[!') && !code.includes('highlight-')) return code;
  return code
    .split('\n')
    .map(shownLine)
    .filter((line): line is string => line !== null)
    .join('\n');
}

/** Removes the annotations of code lines given one by one; a removed line is null. */
export function shownCodeLine(line: string): string | null {
  return isAnnotated(line) ? shownLine(line) : line;
}

/** A fence's info string, read: the language, and a title or tab label the site shows above the code. */
export interface FenceInfo {
  readonly language: string;
  readonly label: string | null;
}

/** `[label]` (VitePress code groups and titles). */
const BRACKET_LABEL = /\[([^\]\n]+)\]/;
/** `title="x"` / `title='x'` (Docusaurus, MkDocs Material, Starlight's Expressive Code). */
const TITLE_ATTRIBUTE = /\btitle=(?:"([^"\n]*)"|'([^'\n]*)')/;

/**
 * The language (the info string's first word, up to a `{`, `[` or `:` that starts meta, or the
 * first class of a `{ .lang }` attribute list) and the
 * label of a fence's info string (`ts{4} [config.ts]`, `js title="/src/a.js" {1,3}`).
 */
export function readFenceInfo(info: string): FenceInfo {
  const trimmed = info.trim();
  const first = /^[^\s{[:]*/.exec(trimmed)?.[0] ?? '';
  // pymdownx.superfences: `{ .sh .no-copy }`, the first class is the language
  const language = /[="']/.test(first) ? '' : first === '' ? (/^\{\s*\.([\w#+-]+)/.exec(trimmed)?.[1] ?? '') : first;
  const meta = trimmed.slice(language.length);
  const title = TITLE_ATTRIBUTE.exec(meta);
  const bracket = title ? null : BRACKET_LABEL.exec(meta);
  const label = (title ? (title[1] ?? title[2] ?? '') : (bracket?.[1] ?? '')).trim();
  return { language, label: label === '' ? null : label };
}
