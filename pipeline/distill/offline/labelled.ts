/**
 * Definitions written as a label and its text, found in one paragraph:
 * - bold:    "A **workspace agent** is a ..." anywhere, at the start of a sentence (the verbs of
 *            `matchDefinition`); "**Term** (also known as *alias*) is a ..." gives the alias;
 * - colon:   "**Term**: definition", "**Term** — definition", "**Term:** definition",
 *            "**Term** (also known as *alias*): definition", "**Term (TLA)**: definition" at the
 *            start of a paragraph or list item. In a glossary-like section any definition of 3+
 *            words that is not an explanation ("since ...", "if ...") counts, and `inline code`
 *            labels too; elsewhere (and without an "also known as") the label must name a thing
 *            (`isLabelPhrase`) and the definition must be a noun phrase opening with an article
 *            (`isClause`): "**Owner**: The user with full control" is a definition, "**No
 *            conflicts** — each worktree has its own tree" and "**Elapsed time**: The time taken
 *            is logged" are not;
 * - deflist: "Term\n: definition", or a one-line paragraph followed by one opening with ": "
 *            (Pandoc, PHP Markdown Extra, MkDocs); a `code` term only in a glossary-like section;
 * - abbreviations: "*[HTML]: Hyper Text Markup Language" (MkDocs, PHP Markdown Extra).
 * Lists of option values are not glossaries (`isOptionList`): "**hoisted** - a flat node_modules
 * is created" under `nodeLinker`, "**ndjson** - the most verbose reporter".
 */
import type { List, ListItem, Nodes, Paragraph } from 'mdast';
import { expansionFor, isAcronym } from './acronyms.ts';
import { isClause, isLabelPhrase, opensSubordinate } from './grammar.ts';
import { aliasesFrom, isTermLike, matchDefinition, splitParenthesis, type FoundDefinition } from './term-shape.ts';
import { endSentence, plainText, sentences, squash, upperFirst } from './text.ts';

const ARTICLE_START = /^(?:a|an|the|one|any|each)\s/i;

/** True when a label's text defines it: loosely in a glossary-like section, as a noun phrase elsewhere. */
function definesLabel(term: string, definition: string, lenient: boolean): boolean {
  if (lenient) return definition.split(' ').length >= 3 && !opensSubordinate(definition);
  return ARTICLE_START.test(definition) && !isClause(definition) && !isLabelPhrase(term);
}

/** Bold and colon definitions in one paragraph. */
export function fromParagraph(paragraph: Paragraph, heading: string, glossaryLike: boolean): FoundDefinition[] {
  const found: FoundDefinition[] = [];
  paragraph.children.forEach((child, i) => {
    const isTerm = child.type === 'strong' || (glossaryLike && child.type === 'inlineCode');
    if (!isTerm) return;
    const before = paragraph.children.slice(0, i).map((node) => plainText(node)).join('');
    const after = squash(paragraph.children.slice(i + 1).map((node: Nodes) => plainText(node)).join(''));
    const raw = squash(plainText(child));
    const inside = splitParenthesis(raw.replace(/[:\s]+$/, ''));
    // "**Term** (also known as *alias*): definition": the parenthesis after the label
    const outside = inside.parenthetical === undefined ? /^\(([^()]{1,80})\)\s*/.exec(after) : null;
    const parenthetical = inside.parenthetical ?? outside?.[1];
    const rest = outside ? after.slice(outside[0].length) : after;
    const term = inside.term;
    if (!isTermLike(term)) return;
    const colon = raw.endsWith(':') || /^[:—–]/.test(rest) || /^-\s/.test(rest);
    if (before.trim() === '' && colon) {
      const aliases = aliasesFrom(term, parenthetical);
      const definition = sentences(upperFirst(rest.replace(/^[:—–-]\s*/, '')))[0] ?? '';
      const named = aliases.length > 0 && !isAcronym(aliases[0] ?? '');
      if (definesLabel(term, definition, glossaryLike || named)) {
        found.push({ term, aliases, definition, source: 'colon', plural: false, heading });
      }
      return;
    }
    const lead = /(?:^|[.!?]\s+)((?:A|An|The)\s+)?$/.exec(squash(before) === '' ? '' : `${squash(before)} `);
    if (child.type !== 'strong' || !lead) return;
    const sentence = sentences(squash(`${lead[1] ?? ''}${raw} ${after}`))[0] ?? '';
    const match = matchDefinition(sentence);
    if (!match || match.subject !== raw) return;
    found.push({
      term,
      aliases: aliasesFrom(term, match.parenthetical),
      definition: sentence,
      source: 'bold',
      plural: match.plural,
      heading,
    });
  });
  return found;
}

/** The term of a definition-list entry: one short line, a `code` one only when `codeOk`. */
function deflistTerm(paragraph: Paragraph, codeOk: boolean): string | null {
  const only = paragraph.children.length === 1 ? paragraph.children[0] : undefined;
  if (only?.type === 'inlineCode' && !codeOk) return null;
  const term = squash(plainText(paragraph));
  return isTermLike(term) && !/[:\n]/.test(term) ? term : null;
}

function deflistEntry(term: string, text: string, heading: string): FoundDefinition | null {
  const definition = sentences(squash(text))[0] ?? '';
  if (definition.split(' ').length < 3) return null;
  const { term: name, parenthetical } = splitParenthesis(term);
  return { term: name, aliases: aliasesFrom(name, parenthetical), definition: upperFirst(definition), source: 'deflist', plural: false, heading };
}

/** True when only blank lines separate two blocks (nothing the body leaves out, like an HTML comment). */
function adjacent(first: Nodes, second: Nodes): boolean {
  const end = first.position?.end.line;
  const start = second.position?.start.line;
  return end === undefined || start === undefined || start - end <= 2;
}

/**
 * A definition-list entry: "Term\n: definition" in one paragraph, or, when `previous` is the
 * paragraph before, a term paragraph and a ": definition" paragraph.
 */
export function fromDefinitionList(paragraph: Paragraph, previous: Nodes | undefined, heading: string, glossaryLike: boolean): FoundDefinition | null {
  const text = plainText(paragraph);
  const inline = /^([^\n:]{2,60})\n:\s+(.+)$/s.exec(text);
  if (inline) {
    const first = paragraph.children[0];
    const codeTerm = first?.type === 'inlineCode' && /^\n:/.test(text.slice(first.value.length));
    return codeTerm && !glossaryLike ? null : deflistEntry(squash(inline[1] ?? ''), inline[2] ?? '', heading);
  }
  if (!/^:\s+\S/.test(text) || previous?.type !== 'paragraph' || !adjacent(previous, paragraph)) return null;
  const term = deflistTerm(previous, glossaryLike);
  return term === null ? null : deflistEntry(term, text.replace(/^:\s+/, ''), heading);
}

/**
 * An abbreviation and its meaning as a definition: the expansion as the term and the
 * abbreviation as its alias when the meaning spells it ("HTML" / "Hyper Text Markup
 * Language"), else the abbreviation as the term.
 */
export function abbreviationEntry(abbreviation: string, meaning: string, heading: string, source: FoundDefinition['source']): FoundDefinition | null {
  const text = squash(meaning).replace(/[.;]+$/, '');
  if (!isTermLike(abbreviation) || text === '') return null;
  const parts = text.split(/\s+/);
  if (isAcronym(abbreviation) && expansionFor(abbreviation, parts) === text && isTermLike(text)) {
    return { term: text, aliases: [abbreviation], definition: `${abbreviation} is short for ${text}.`, source, plural: false, heading };
  }
  return { term: abbreviation, aliases: [], definition: endSentence(upperFirst(text)), source, plural: false, heading };
}

/** "*[HTML]: Hyper Text Markup Language" lines of a paragraph. */
export function fromAbbreviations(paragraph: Paragraph, heading: string): FoundDefinition[] {
  const found: FoundDefinition[] = [];
  for (const line of plainText(paragraph).split('\n')) {
    const match = /^\*\[([^\]]{1,30})\]:\s*(.+)$/.exec(line.trim());
    const entry = match ? abbreviationEntry(match[1] ?? '', match[2] ?? '', heading, 'deflist') : null;
    if (entry) found.push(entry);
  }
  return found;
}

/** The label an item opens with (bold or inline code), and whether it is code. */
function itemLabel(item: ListItem): { text: string; code: boolean } | null {
  const first = item.children[0];
  const lead = first?.type === 'paragraph' ? first.children[0] : undefined;
  if (lead?.type === 'inlineCode') return { text: lead.value, code: true };
  if (lead?.type !== 'strong') return null;
  return { text: squash(plainText(lead)).replace(/:$/, ''), code: lead.children[0]?.type === 'inlineCode' };
}

/** True for a heading that names an option, field or value rather than a concept (`nodeLinker`, `--reporter=<name>`). */
function isIdentifierHeading(heading: string): boolean {
  const text = heading.trim();
  return /^\S+$/.test(text) && (/^-/.test(text) || /[_=<.`/]/.test(text) || /[a-z][A-Z]/.test(text) || /[a-z]-[a-z]/.test(text));
}

/**
 * True for a list of option values, not of terms: its section names an option (`nodeLinker`),
 * or it has two or more labelled items and every label is code or one lower-case word
 * ("**append-only**", "**ndjson**").
 */
export function isOptionList(list: List, heading: string): boolean {
  const labels = list.children.map(itemLabel).filter((label): label is { text: string; code: boolean } => label !== null);
  if (labels.length === 0) return false;
  if (isIdentifierHeading(heading)) return true;
  return labels.length >= 2 && labels.every((label) => label.code || /^[a-z0-9][a-z0-9._-]*$/.test(label.text));
}
