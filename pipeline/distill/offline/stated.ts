/**
 * The definitions each section states (step 1 of the glossary pass). Finding them needs the
 * section's syntax tree: a build works them out where the tree is at hand, right after the
 * page is parsed (`definitionsStatedIn`), and keeps them with the section's other records; the
 * glossary pass takes them from there. Either way the result is a function of the section alone.
 */
import type { RootContent } from 'mdast';
import type { Section } from '../../types.ts';
import { acronymDefinitions, definitionsIn, mayDefine, type FoundDefinition } from './definitions.ts';
import { bodyOf, parseSource } from './parse.ts';

/** The definitions `section` states; `body` (its body nodes) is asked for only when it may state any. */
function definitionsStatedIn(section: Section, body: () => readonly RootContent[]): FoundDefinition[] {
  return mayDefine(section) ? definitionsIn(section, body()) : [];
}

/** The definitions a section states, worked out from its source (as its generator's syntax reads, `markup`). */
function statedDefinitions(section: Section): readonly FoundDefinition[] {
  return definitionsStatedIn(section, () => bodyOf(parseSource(section.markup ?? section.source, section.format)));
}

/**
 * Every definition the glossary pass takes from one section: those it states, then the acronyms
 * it spells out. `body` as for `definitionsStatedIn`.
 */
export function sectionDefinitions(section: Section, body: () => readonly RootContent[]): FoundDefinition[] {
  return [...definitionsStatedIn(section, body), ...acronymDefinitions(section)];
}

/** `sectionDefinitions` worked out from the section's source. */
export function allDefinitions(section: Section): readonly FoundDefinition[] {
  return [...statedDefinitions(section), ...acronymDefinitions(section)];
}
