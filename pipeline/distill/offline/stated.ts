/**
 * The definitions each section states (step 1 of the glossary pass). Finding them needs the
 * section's syntax tree: a build works them out where the tree is at hand, right after the
 * page is parsed (`definitionsStatedIn`), and keeps them with the section's other records; the
 * glossary pass takes them from there. Either way the result is a function of the section alone.
 */
import type { RootContent } from 'mdast';
import type { Section } from '../../types.ts';
import { definitionsIn, mayDefine, type FoundDefinition } from './definitions.ts';
import { bodyOf, parseSource } from './parse.ts';

/** The definitions `section` states; `body` (its body nodes) is asked for only when it may state any. */
export function definitionsStatedIn(section: Section, body: () => readonly RootContent[]): FoundDefinition[] {
  return mayDefine(section) ? definitionsIn(section, body()) : [];
}

/** The definitions a section states, worked out from its source (as its generator's syntax reads, `markup`). */
export function statedDefinitions(section: Section): readonly FoundDefinition[] {
  return definitionsStatedIn(section, () => bodyOf(parseSource(section.markup ?? section.source, section.format)));
}
