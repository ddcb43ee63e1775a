import type { Manifest } from '../format/manifest.ts';

/** What made a digest, as its manifest records it: the distiller, each pass's prompt and each corpus pass's input. */
export type DigestMaker = Pick<Manifest, 'distiller' | 'templates' | 'corpus'>;

/** One side of a comparison: a digest's manifest and a way to read its files. */
export interface DigestSide {
  readonly label: string;
  /** What the comparison reads of the manifest: each section's hash (any schema's). */
  readonly manifest: Pick<Manifest, 'sections'> | null;
  /** What made it, null when its manifest is missing or of another schema (no edit by hand is then claimed). */
  readonly made: DigestMaker | null;
  readonly read: (relative: string) => Promise<string | null>;
}
