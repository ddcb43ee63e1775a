/**
 * Definitions the docs state, found in one section:
 * - heading:  the first sentence of a section reads "X is a/an/the ..." (or
 *             "Xs are [word] <plural noun> ...", "X refers to / means / stands
 *             for ...") and the section's heading (the page title for an intro
 *             chunk) names X: it has every word of X, ignoring case, articles,
 *             plurals and "What is", or X's acronym ("The MCP server"); on a
 *             glossary page, a heading (any level) that is a term and the first
 *             sentence under it, whatever its form ("Also known as X." adds X);
 * - bold, colon, deflist: a label and its text (labelled.ts): "A **term** is
 *             ...", "**Term** (also known as *alias*): definition", "Term\n:
 *             definition", "*[ABBR]: meaning";
 * - table:    the rows of a term table (term-tables.ts);
 * - acronym:  an acronym spelled out anywhere ("its time to live (TTL)"): the
 *             expansion is the term, the acronym its alias, the definition the
 *             sentence when it defines the expansion, else "TTL is short for
 *             time to live." (the weakest source: any other definition wins).
 * A parenthesis after the term that spells it as an acronym ("(OTP)") or says
 * "or/also/aka/also known as X" becomes an alias. A section is glossary-like
 * when its heading says glossary, terms, terminology, definitions, key
 * concepts or vocabulary, or its page's title or file name says glossary,
 * terminology or vocabulary; there labelled definitions are read loosely.
 */
import type { Nodes, Paragraph, RootContent } from 'mdast';
import type { Section } from '../../types.ts';
import { findAcronyms, singularPair } from './acronyms.ts';
import { fromAbbreviations, fromDefinitionList, fromParagraph, isOptionList } from './labelled.ts';
import { walkAll } from './parse.ts';
import { fromTermTable, mayHoldTermTable } from './term-tables.ts';
import { aliasesFrom, conceptKey, isTermLike, matchDefinition, namesHeading, splitParenthesis, type FoundDefinition } from './term-shape.ts';
import { proseOf, sentences, squash } from './text.ts';

export { conceptKey, isTermLike, SOURCE_RANK } from './term-shape.ts';
export type { FoundDefinition } from './term-shape.ts';

const GLOSSARY_HEADING = /\b(?:glossary|terms|terminology|definitions|key concepts|vocabulary)\b/i;
const GLOSSARY_TITLE = /\b(?:glossary|terminology|vocabulary)\b/i;
const GLOSSARY_SLUG = /(?:^|\/)(?:glossary|terminology|vocabulary)$/i;

/** True when the section's page is a glossary (its title or file name says so). */
function onGlossaryPage(section: Section): boolean {
  return GLOSSARY_TITLE.test(section.title) || GLOSSARY_SLUG.test(section.pageSlug);
}

/** True when labelled definitions of the section are read loosely: its heading or page says glossary. */
export function isGlossaryLike(section: Section): boolean {
  return GLOSSARY_HEADING.test(section.heading ?? section.title) || onGlossaryPage(section);
}

/** The heading-based definition of a section, if its first sentence defines its heading. */
function fromHeading(body: readonly RootContent[], heading: string): FoundDefinition | null {
  const first = body.slice(0, 2).find((node): node is Paragraph => node.type === 'paragraph');
  const sentence = first ? sentences(proseOf(first))[0] : undefined;
  if (!sentence) return null;
  const match = matchDefinition(sentence);
  if (!match || !namesHeading(match.subject, match.parenthetical, heading)) return null;
  return {
    term: match.subject,
    aliases: aliasesFrom(match.subject, match.parenthetical),
    definition: sentence,
    source: 'heading',
    plural: match.plural,
    heading,
  };
}

/** "Also known as X." / "Also called X, Y." / "Synonyms: X." in a glossary entry: the names it gives. */
function statedAliases(text: string): string[] {
  return sentences(text).flatMap((sentence) => {
    const match = /^(?:also known as|also called|aka|a\.k\.a\.|synonyms?:|other names?:|sometimes called)\s+(.+?)\.?$/i.exec(sentence);
    return match ? aliasesFrom('', `also known as ${match[1] ?? ''}`) : [];
  });
}

/** On a glossary page: the section's heading as the term, the first sentence under it as the definition. */
function fromGlossaryHeading(body: readonly RootContent[], section: Section): FoundDefinition | null {
  const heading = section.heading;
  if (heading === null || GLOSSARY_HEADING.test(heading)) return null;
  const { term, parenthetical } = splitParenthesis(heading.replace(/`/g, ''));
  const first = body.find((node): node is Paragraph => node.type === 'paragraph');
  const text = first ? proseOf(first) : '';
  const definition = sentences(text)[0] ?? '';
  if (!isTermLike(term) || definition.split(' ').length < 3) return null;
  const aliases = [...aliasesFrom(term, parenthetical), ...statedAliases(text)];
  return { term, aliases, definition, source: 'heading', plural: false, heading };
}

/**
 * A cheap test on a section's source and plain text: false when no pattern
 * above can match, so the glossary pass need not parse the section (parsing
 * dominates its cost on a large corpus).
 */
export function mayDefine(section: Section): boolean {
  const heading = section.heading ?? section.title;
  if (/\*\*|__|\n:\s|^\*\[/m.test(section.source) || isGlossaryLike(section) || mayHoldTermTable(section.source)) return true;
  const first = sentences(squash(section.text))[0] ?? '';
  const match = matchDefinition(first);
  return match !== null && namesHeading(match.subject, match.parenthetical, heading);
}

/** Every definition stated in one section, in document order. */
export function definitionsIn(section: Section, body: readonly RootContent[]): FoundDefinition[] {
  const heading = section.heading ?? section.title;
  const glossaryLike = isGlossaryLike(section);
  const found: FoundDefinition[] = [];
  const byHeading = fromHeading(body, heading) ?? (onGlossaryPage(section) ? fromGlossaryHeading(body, section) : null);
  if (byHeading) found.push(byHeading);
  walkAll(body, (node, parent, index) => {
    if (node.type === 'code') return false;
    if (node.type === 'table') {
      found.push(...fromTermTable(node, heading, glossaryLike));
      return false;
    }
    if (node.type === 'list') return glossaryLike || !isOptionList(node, heading);
    if (node.type !== 'paragraph') return true;
    found.push(...fromParagraph(node, heading, glossaryLike));
    const previous: Nodes | undefined = parent && index > 0 ? parent.children[index - 1] : index > 0 ? body[index - 1] : undefined;
    const entry = fromDefinitionList(node, previous, heading, glossaryLike);
    if (entry) found.push(entry);
    found.push(...fromAbbreviations(node, heading));
    return false;
  });
  return found;
}

/** Spelled-out acronyms of a section as definitions of their expansions. */
export function acronymDefinitions(section: Section): FoundDefinition[] {
  const heading = section.heading ?? section.title;
  return sentences(squash(section.text)).flatMap((sentence) =>
    findAcronyms(sentence)
      .map(singularPair)
      .filter((pair) => isTermLike(pair.expansion))
      .map((pair) => {
        const match = matchDefinition(sentence);
        const defines = match !== null && conceptKey(match.subject) === conceptKey(pair.expansion);
        return {
          term: pair.expansion,
          aliases: [pair.acronym],
          definition: defines ? sentence : `${pair.acronym} is short for ${pair.expansion}.`,
          source: 'acronym' as const,
          plural: false,
          heading,
        };
      }),
  );
}
