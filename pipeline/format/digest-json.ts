/**
 * The format of every JSON file of a digest, as zod schemas, and the one check that decodes
 * them: a file that does not match (a hand-edited node with a wrong type) is refused with the
 * file named. Pure (no I/O): the build, the CLI and the handler (on Node or a worker) share it.
 *
 * - `manifest.json`: `ManifestSchema` (manifest.ts, with its own messages: `parseManifest`);
 * - `sections/<id>.json`: `DigestNodeSchema`;
 * - `glossary.json`: `GlossaryFileSchema`; `suggestions.json`: `SuggestionsFileSchema`;
 * - `search/index.json`, the search header: `SearchHeader` (format/search-tables.ts; its versions
 *   and array shapes are checked when the tables are opened); the other search tables are line files, never parsed whole.
 */
import { z } from 'zod';
import type { DigestNode, GlossaryEntry, SuggestedQuestion } from '../types.ts';
import { DigestFormatError } from './manifest.ts';


const FactSchema = z.object({
  kind: z.enum(['flag', 'code', 'value', 'default', 'key']),
  literal: z.string(),
  chunkId: z.string(),
});

const SourceRefSchema = z.object({ chunkId: z.string(), url: z.string(), anchor: z.string().nullable() });

/** `sections/<id>.json`: one section node. */
export const DigestNodeSchema = z.object({
  id: z.string(),
  kind: z.literal('section'),
  title: z.string(),
  heading: z.string().nullable(),
  group: z.string().nullable(),
  url: z.string(),
  summary: z.string(),
  facts: z.array(FactSchema),
  sources: z.array(SourceRefSchema),
  mode: z.enum(['agent-primary', 'source-primary']),
  terms: z.array(z.string()),
  markdown: z.string(),
}) satisfies z.ZodType<DigestNode>;

const GlossaryEntrySchema = z.object({
  term: z.string(),
  aliases: z.array(z.string()),
  definition: z.string(),
}) satisfies z.ZodType<GlossaryEntry>;

/** `glossary.json`. */
export const GlossaryFileSchema = z.object({ terms: z.array(GlossaryEntrySchema) });

/**
 * `suggestions.json`: the questions in order, and by question the id of the section it asks about
 * (the digest's own search checks; absent in digests of an older ask, and for a question whose
 * section the distiller could not name).
 */
export const SuggestionsFileSchema = z.object({ suggestions: z.array(z.string()), answeredIn: z.record(z.string(), z.string()).optional() });

export type SuggestionsFile = z.output<typeof SuggestionsFileSchema>;

/** The file's content of suggested questions. */
export function suggestionsFileOf(questions: readonly SuggestedQuestion[]): SuggestionsFile {
  const answeredIn: Record<string, string> = {};
  for (const { question, section } of questions) if (section !== null) answeredIn[question] = section;
  return { suggestions: questions.map((entry) => entry.question), answeredIn };
}

/** The suggested questions of a file, each with its section (null where the file names none). */
export function suggestedQuestionsOf(file: SuggestionsFile): SuggestedQuestion[] {
  return file.suggestions.map((question) => ({ question, section: file.answeredIn?.[question] ?? null }));
}

const rebuild = "rebuild with 'ask digest build --force'";

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'does not match';
  const at = issue.path.length === 0 ? '' : `${issue.path.map(String).join('.')}: `;
  return `${at}${issue.message}`;
}

/**
 * Checks already-parsed JSON of the digest-relative file `relative` against its schema. The value
 * is returned as parsed (unknown keys and key order kept, as the file has them), typed by the
 * schema. Throws DigestFormatError naming `where` and the file when it does not match.
 */
export function checkDigestJson<S extends z.ZodType>(data: unknown, where: string, relative: string, schema: S): z.output<S> {
  const checked = schema.safeParse(data);
  if (!checked.success) throw new DigestFormatError(`${where}: ${relative} is not in the digest format (${firstIssue(checked.error)}); ${rebuild}`);
  // the schemas have no transforms or defaults: what matched is what the file holds
  return data as z.output<S>;
}

/** Parses and checks the text of a digest JSON file (`checkDigestJson`); invalid JSON is refused the same way. */
export function decodeDigestJson<S extends z.ZodType>(text: string, where: string, relative: string, schema: S): z.output<S> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new DigestFormatError(`${where}: ${relative} is not valid JSON; ${rebuild}`);
  }
  return checkDigestJson(data, where, relative, schema);
}
