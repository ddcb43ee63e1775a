/**
 * Which sections mention a name: the evidence the glossary asks of a label before it takes it as
 * a term (is it used beyond the list that labels it?) and the order the suggestions pass asks
 * about terms in (the most mentioned first). A section mentions a name when its heading (the
 * page title for an intro chunk) or its plain text holds the name as whole words, ignoring case.
 *
 * The index is built once for a set of names: each word of a name points at the sections that
 * hold it, and a name is looked for only where all its words are.
 */
import type { Section } from '../../types.ts';
import { occursAsWords } from './text.ts';

/** The sections (by index in the list given) that mention a name, in order. */
export type MentionLookup = (name: string) => number[];

function nameWords(name: string): string[] {
  return name.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 0);
}

/** A lookup of the sections of `sections` that mention any of `names` (other names give no sections). */
export function mentionIndex(sections: readonly Pick<Section, 'heading' | 'title' | 'text'>[], names: Iterable<string>): MentionLookup {
  const lowered = sections.map((section) => `${section.heading ?? section.title}\n${section.text}`.toLowerCase());
  const wanted = new Set([...names].flatMap(nameWords));
  const holders = new Map<string, number[]>();
  lowered.forEach((text, at) => {
    for (const word of text.split(/[^a-z0-9]+/)) {
      if (word === '' || !wanted.has(word)) continue;
      const list = holders.get(word) ?? [];
      if (list[list.length - 1] === at) continue;
      list.push(at);
      holders.set(word, list);
    }
  });
  return (name) => {
    const lower = name.toLowerCase();
    const lists = nameWords(lower).map((word) => holders.get(word) ?? []).sort((a, b) => a.length - b.length);
    const [shortest, ...others] = lists;
    if (!shortest) return [];
    const sets = others.map((list) => new Set(list));
    return shortest.filter((at) => sets.every((set) => set.has(at)) && occursAsWords(lowered[at] ?? '', lower));
  };
}
