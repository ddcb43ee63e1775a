import { z } from 'zod';
import { AskError } from '../errors.ts';
import { PAGE_KINDS } from '../types.ts';

/** The documentation generators the content stage knows (content/generators/), as the manifest records them. */
export const GENERATOR_NAMES = ['plain', 'vitepress', 'docusaurus', 'starlight', 'mkdocs', 'nextra', 'mintlify', 'hugo'] as const;
export type GeneratorName = (typeof GENERATOR_NAMES)[number];

/** Bump when the layout or meaning of the digest tree changes; readers refuse other versions. */
export const DIGEST_SCHEMA_VERSION = 6;

/** A SHA-256 as the build writes it: exactly 64 lowercase hex digits (never a path, never anything a reader could act on). */
const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'not 64 lowercase hex digits');

const passHashes = { glossary: z.string(), suggestions: z.string(), context: z.string() };
const passInputHashes = { glossary: Sha256Hex, suggestions: Sha256Hex, context: Sha256Hex };

/** `digest/manifest.json`: what the digest was built from, and with what. */
const ManifestSchema = z.object({
  schema: z.literal(DIGEST_SCHEMA_VERSION),
  /**
   * Where the content came from: the commit that last changed the content folder (or the one given
   * with `--source-commit` / `ASK_SOURCE_COMMIT`), null when unknown. Never decides staleness.
   */
  build: z.object({ commit: z.string().nullable() }),
  /** The corpus content hash, returned as `x-ask-content-hash`. */
  contentHash: Sha256Hex,
  siteUrl: z.string(),
  /**
   * The site's name and description as readers see them (llms.txt, the demo site, the MCP server,
   * the OpenAPI `info`): the command line's, else the generator config's, else the home page's;
   * a description still unstated is the first sentence of the context.
   * Its key sorts before `sections`, so a host finds it in the head of the file.
   */
  identity: z.object({ name: z.string(), description: z.string().nullable() }),
  /**
   * The generator whose conventions placed the pages and named the anchors, its url style and the
   * excluded globs; the generator config read (relative to the content folder, null for none) and
   * the name and description the command line or that config state (null: the home page's).
   */
  site: z.object({
    generator: z.enum(GENERATOR_NAMES),
    trailingSlash: z.boolean(),
    htmlExtension: z.boolean(),
    exclude: z.array(z.string()),
    config: z.string().nullable(),
    name: z.string().nullable(),
    description: z.string().nullable(),
  }),
  distiller: z.object({ provider: z.string(), model: z.string() }),
  /** Hash of each prompt template (or offline algorithm version) per pass. */
  templates: z.object({ section: z.string(), ...passHashes }),
  /** Input hash of each corpus-wide pass, so an unchanged input is never distilled again. */
  corpus: z.object(passInputHashes),
  counts: z.object({
    pages: z.number(),
    sections: z.number(),
    facts: z.number(),
    glossary: z.number(),
    suggestions: z.number(),
  }),
  /**
   * What each page is for, where it is not a guide (content/page-kind.ts), by page slug; and the
   * prior keyword ranking multiplies each such kind's sections by (search/page-priors.ts).
   */
  pageKinds: z.object({ pages: z.record(z.string(), z.enum(PAGE_KINDS)), priors: z.record(z.string(), z.number()) }),
  /** sha256 of each content file's bytes, by path. */
  files: z.record(z.string(), Sha256Hex),
  /** Per section id, the hash of its inputs (its node file follows from the id: format/paths.ts). */
  sections: z.record(z.string(), Sha256Hex),
});

export type Manifest = z.infer<typeof ManifestSchema>;

/** The digest on disk is of another schema version or unreadable. */
export class DigestFormatError extends AskError {
  override readonly name = 'DigestFormatError';
  constructor(message: string) {
    // the message says what to do, and the handler shows it
    super(message, { userMessage: message });
  }
}

/** Parses manifest.json, refusing another schema version with a message that says what to do. */
export function parseManifest(text: string, where: string): Manifest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new DigestFormatError(`${where}: manifest.json is not valid JSON; rebuild with 'ask digest build --force'`);
  }
  const schema = typeof data === 'object' && data !== null && 'schema' in data ? data.schema : undefined;
  if (schema !== undefined && schema !== DIGEST_SCHEMA_VERSION) {
    throw new DigestFormatError(
      `${where}: digest schema ${JSON.stringify(schema)} is not the supported ${DIGEST_SCHEMA_VERSION}; rebuild with 'ask digest build --force'`,
    );
  }
  const parsed = ManifestSchema.safeParse(data);
  if (!parsed.success) {
    // the first field out of shape, by its path (the keys are the manifest's, never printed raw)
    const issue = parsed.error.issues[0];
    const field = issue === undefined ? '' : ` (${JSON.stringify(issue.path.map(String).join('.')).slice(1, -1)}: ${issue.message})`;
    throw new DigestFormatError(`${where}: manifest.json is not an ask digest manifest${field}; rebuild with 'ask digest build --force'`);
  }
  return parsed.data;
}

/**
 * The `sections` record (id to hash) of a manifest of any schema: what comparing two digests
 * needs, readable across a schema change (every schema has kept it). Null when there is none.
 */
export function manifestSections(text: string): Readonly<Record<string, string>> | null {
  try {
    const parsed = z.object({ sections: z.record(z.string(), z.string()) }).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.sections : null;
  } catch {
    return null;
  }
}
