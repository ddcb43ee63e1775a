/**
 * The definitions each section states (step 1 of the glossary pass), worked out once per
 * section. Finding them needs the section's syntax tree; a build that has the tree at hand
 * (in a worker thread, right after chunking) works them out there and remembers them here, so
 * the glossary pass need not parse the section again. Either way the result is a function of
 * the section alone.
 */
import type { RootContent } from 'mdast';
import type { Section } from '../../types.ts';
import { definitionsIn, mayDefine, type FoundDefinition } from './definitions.ts';
import { bodyOf, parseSource } from './parse.ts';

const remembered = new WeakMap<Section, readonly FoundDefinition[]>();

/** The definitions `section` states; `body` (its body nodes) is asked for only when it may state any. */
export function definitionsStatedIn(section: Section, body: () => readonly RootContent[]): FoundDefinition[] {
  return mayDefine(section) ? definitionsIn(section, body()) : [];
}

/** Remembers the definitions of a section worked out elsewhere (`definitionsStatedIn`). */
export function rememberStatedDefinitions(section: Section, found: readonly FoundDefinition[]): void {
  remembered.set(section, found);
}

/** The definitions a section states: remembered, else worked out from its source (as its generator's syntax reads, `markup`). */
export function statedDefinitions(section: Section): readonly FoundDefinition[] {
  return remembered.get(section) ?? definitionsStatedIn(section, () => bodyOf(parseSource(section.markup ?? section.source, section.format)));
}
