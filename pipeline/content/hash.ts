import { createHash } from 'node:crypto';
import type { Section } from '../types.ts';
import type { UnhashedSection } from './chunk.ts';
import { compareCodeUnits } from '../text/compare.ts';

/** Hex sha256 of a string (UTF-8). */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * A section's hash covers exactly what its digest node depends on: its id, its source bytes,
 * its dialect and its page's metadata (title, url, group). An edit elsewhere never changes it.
 */
export function hashSection(section: UnhashedSection): Section {
  const determinants = JSON.stringify([section.id, section.title, section.heading, section.group, section.url, section.format, section.source, section.markup]);
  return { ...section, hash: sha256(determinants) };
}

/**
 * The corpus content hash (`x-ask-content-hash`): over every section's id and hash, in id
 * order, so it changes exactly when some section's node inputs change, appear or disappear.
 */
export function corpusHash(sections: readonly Pick<Section, 'id' | 'hash'>[]): string {
  const lines = sections.map((section) => `${section.id}\t${section.hash}`);
  lines.sort(compareCodeUnits);
  return sha256(lines.join('\n'));
}
