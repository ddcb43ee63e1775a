import { access } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import type { DigestNode, GlossaryEntry } from '../types.ts';
import { decodeDigestJson, DigestNodeSchema, GlossaryFileSchema } from '../format/digest-json.ts';
import { parseManifest, type Manifest } from '../format/manifest.ts';
import { readDigestBytes } from '../disk/no-follow.ts';
import { DIGEST_FILES } from '../format/paths.ts';

/**
 * Reads a digest-relative file as text, or null when it does not exist. A symbolic link is
 * refused (DigestLinkError), never followed.
 */
export async function readDigestFile(dir: string, relative: string): Promise<string | null> {
  try {
    return (await readDigestBytes(dir, relative)).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Whether a digest-relative file exists (without reading it). */
export async function digestFileExists(dir: string, relative: string): Promise<boolean> {
  return access(path.join(dir, relative)).then(
    () => true,
    () => false,
  );
}

/** The manifest of a digest folder, or null when there is no digest there yet. */
export async function readManifest(dir: string): Promise<Manifest | null> {
  const text = await readDigestFile(dir, DIGEST_FILES.manifest);
  return text === null ? null : parseManifest(text, dir);
}

/**
 * A digest JSON file decoded and checked against its schema (format/digest-json.ts), or null when it does
 * not exist. Throws DigestFormatError naming the file when it is not valid JSON or does not match.
 */
export async function readDigestJson<S extends z.ZodType>(dir: string, relative: string, schema: S): Promise<z.output<S> | null> {
  const text = await readDigestFile(dir, relative);
  return text === null ? null : decodeDigestJson(text, dir, relative, schema);
}

/** A section node file of a digest folder, or null when missing. */
export async function readNode(dir: string, relative: string): Promise<DigestNode | null> {
  return readDigestJson(dir, relative, DigestNodeSchema);
}

/** The glossary of a digest folder (empty when missing). */
export async function readGlossary(dir: string): Promise<GlossaryEntry[]> {
  return (await readDigestJson(dir, DIGEST_FILES.glossary, GlossaryFileSchema))?.terms ?? [];
}
