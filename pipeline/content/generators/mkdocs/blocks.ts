/**
 * The block containers of MkDocs sites whose body is indented by four spaces under a marker
 * line: admonitions (`!!! note "Title"`), collapsible details (`??? tip`, `???+ tip`), content
 * tabs (`=== "Label"`, pymdownx.tabbed), definition-list definitions (`:   text`, def_list) and
 * footnote definitions (`[^1]: text`, footnotes), whose bodies are indented four spaces too.
 */

export type ContainerKind = 'admonition' | 'details' | 'tab' | 'definition' | 'footnote';

/** A container's opening line, as read from the line's text (after the enclosing containers' indentation). */
export interface ContainerMarker {
  readonly kind: ContainerKind;
  /** Characters of the line before the marker (its indentation). */
  readonly indent: number;
  /** What the marker line reads as: the quoted title or tab label, '' when there is none. */
  readonly title: string;
  /** For a definition or footnote: characters of `:` or `[^1]:` and the blanks after it, which go; its text stays. */
  readonly markerLength: number;
}

/** `!!! type [more classes] ["Title"]` (Python-Markdown admonition). */
const ADMONITION = /^([ \t]*)!!![ ]?[\p{L}\p{N}_-]+(?: +[\p{L}\p{N}_-]+)*(?: +"(.*?)")? *\r?$/u;
/** `???[+] type [more classes] ["Title"]` (pymdownx.details). */
const DETAILS = /^([ \t]*)\?\?\?\+?[ ]?[\p{L}\p{N}_-]+(?: +[\p{L}\p{N}_-]+)*(?: +"(.*?)")? *\r?$/u;
/** `===[+|!|+!|!+] "Label"` (pymdownx.tabbed). */
const TAB = /^([ \t]*)===(?:\+!|!\+|\+|!)? +"(.*?)" *\r?$/;
/** `:` then one to three spaces, then the definition's text (def_list). */
const DEFINITION = /^( {0,3}):( {1,3})(?=\S)/;
/** `[^label]:` then the note's text, on this line or indented below (footnotes). */
const FOOTNOTE = /^( {0,3})\[\^[^\]\s]+\]:[ \t]*/;

/** True for the containers whose marker line keeps its text (definitions, footnotes) rather than becoming a title. */
export function keepsItsText(kind: ContainerKind): boolean {
  return kind === 'definition' || kind === 'footnote';
}

/** The container a line opens, or null. A definition only counts under a term (`afterText`). */
export function containerMarker(text: string, afterText: boolean): ContainerMarker | null {
  for (const [kind, pattern] of [['admonition', ADMONITION], ['details', DETAILS], ['tab', TAB]] as const) {
    const match = pattern.exec(text);
    if (match) return { kind, indent: match[1]?.length ?? 0, title: (match[2] ?? '').trim(), markerLength: 0 };
  }
  const definition = afterText ? DEFINITION.exec(text) : null;
  if (definition) return { kind: 'definition', indent: definition[1]?.length ?? 0, title: '', markerLength: 1 + (definition[2]?.length ?? 0) };
  const footnote = FOOTNOTE.exec(text);
  if (footnote) return { kind: 'footnote', indent: footnote[1]?.length ?? 0, title: '', markerLength: footnote[0].length - (footnote[1]?.length ?? 0) };
  return null;
}

/**
 * A title as a line of prose: a leading ASCII punctuation mark is escaped, so a title such as
 * `# Note` or `> Quote` or a fence never turns into a heading, a quote or code of its own.
 */
export function titleAsProse(title: string): string {
  return /^[!-/:-@[-`{-~]/.test(title) ? `\\${title}` : title;
}

/** A line that would turn the line above it into a setext heading (`===`, `---`, a lone `-`). */
export function isSetextUnderline(text: string): boolean {
  return /^ {0,3}(?:=+|-+)[ \t]*\r?$/.test(text);
}
