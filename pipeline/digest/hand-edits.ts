/**
 * The "Edited by hand" part of `ask digest diff`, the first a reviewer reads: files of the digest
 * that changed while what the build makes them from did not, so the build would have kept them
 * as they were. A build reuses a section's node when the section's hash (its source) is the same
 * and so are the distiller and the section prompt; it runs a corpus pass (glossary, suggestions,
 * context) again only when the pass's input hash, its prompt or the distiller changed; and it
 * writes nothing at all when the manifest would be the same. So, between two digests of this
 * schema made by the same distiller:
 * - a node that differs while its section's hash does not,
 * - the glossary, the suggestions or the context when that pass's input hash and prompt did not change,
 * - any other file of the tree when the manifest is the base's byte for byte,
 * was edited by hand, or rebuilt with `--force` by a model that answered otherwise (rare, and
 * worth the same look). A digest of another schema on either side claims nothing.
 */
import type { DigestNode, GlossaryEntry } from '../types.ts';
import { DIGEST_FILES, sectionFilePath } from '../format/paths.ts';
import { counted } from '../text/counted.ts';
import { inlineCode } from '../text/inert-markdown.ts';
import type { DigestMaker, DigestSide } from './diff-side.ts';
import type { ChangedFile } from './file-changes.ts';

/** At most this many entries are named (the part stays short enough for any comment); ids longer than ID_CHARS are cut. */
const MAX_ENTRIES = 50;
const ID_CHARS = 200;

type CorpusPass = keyof DigestMaker['corpus'];

/** Both digests made by the same distiller with the same section prompt: an unchanged section keeps its node. */
export function sameSectionMaker(base: DigestMaker | null, head: DigestMaker | null): boolean {
  return base !== null && head !== null && base.distiller.provider === head.distiller.provider && base.distiller.model === head.distiller.model && base.templates.section === head.templates.section;
}

/** Whether the build would have kept the base's output of a corpus pass: same distiller, same prompt, same input. */
function passKept(base: DigestMaker | null, head: DigestMaker | null, pass: CorpusPass): boolean {
  return sameSectionMaker(base, head) && base?.templates[pass] === head?.templates[pass] && base?.corpus[pass] === head?.corpus[pass];
}

/** The fields of a node that differ between two versions of it, in the node's order. */
export function changedFields(before: DigestNode, after: DigestNode): string[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const field = (node: DigestNode, key: string): string => JSON.stringify((node as unknown as Record<string, unknown>)[key]);
  return keys.filter((key) => field(before, key) !== field(after, key));
}

function glossaryTerms(before: readonly GlossaryEntry[], after: readonly GlossaryEntry[]): string[] {
  const old = new Map(before.map((entry) => [entry.term, JSON.stringify(entry)]));
  const now = new Map(after.map((entry) => [entry.term, JSON.stringify(entry)]));
  return [...new Set([...now.keys(), ...old.keys()])].filter((term) => old.get(term) !== now.get(term));
}

export interface HandEditInput {
  readonly base: DigestSide;
  readonly head: DigestSide;
  /** Sections in both digests whose node differs while their hash does not, with the fields that differ. */
  readonly nodes: readonly { readonly id: string; readonly fields: readonly string[] }[];
  readonly glossary: { readonly before: readonly GlossaryEntry[]; readonly after: readonly GlossaryEntry[] };
  readonly files: readonly ChangedFile[];
}

/** The corpus outputs edited by hand, each as one entry. */
function corpusEntries(input: HandEditInput, changed: ReadonlySet<string>): string[] {
  const { base, head } = input;
  const entries: string[] = [];
  if (changed.has(DIGEST_FILES.glossary) && passKept(base.made, head.made, 'glossary')) {
    const terms = glossaryTerms(input.glossary.before, input.glossary.after);
    entries.push(`- the glossary (${inlineCode(DIGEST_FILES.glossary)})${terms.length > 0 ? `: ${terms.slice(0, 10).map(inlineCode).join(', ')}${terms.length > 10 ? `, and ${terms.length - 10} more` : ''}` : ''}`);
  }
  if (changed.has(DIGEST_FILES.suggestions) && passKept(base.made, head.made, 'suggestions')) entries.push(`- the suggested questions (${inlineCode(DIGEST_FILES.suggestions)})`);
  if (changed.has(DIGEST_FILES.context) && passKept(base.made, head.made, 'context')) entries.push(`- the context (${inlineCode(DIGEST_FILES.context)})`);
  return entries;
}

/** Every file but the manifest, when the manifest is the base's byte for byte (the build wrote nothing), less those named already. */
async function fileEntries(input: HandEditInput, named: ReadonlySet<string>): Promise<string[]> {
  const { base, head } = input;
  if (!sameSectionMaker(base.made, head.made)) return [];
  const [before, after] = [await base.read(DIGEST_FILES.manifest), await head.read(DIGEST_FILES.manifest)];
  if (before === null || before !== after) return [];
  return input.files.filter((file) => !named.has(file.path)).map((file) => `- file ${inlineCode(file.path)} (${file.status}; the manifest is the base's: a build would have written nothing)`);
}

/** The part's lines, or none when nothing was edited by hand. */
export async function handEditsPart(input: HandEditInput): Promise<string[]> {
  const changed = new Set(input.files.map((file) => file.path));
  const cutId = (id: string): string => (id.length > ID_CHARS ? `${id.slice(0, ID_CHARS)}…` : id);
  const nodes = input.nodes.map(({ id, fields }) => `- section ${inlineCode(cutId(id))}: ${fields.join(', ')}`);
  const corpus = corpusEntries(input, changed);
  const named = new Set([...input.nodes.map(({ id }) => sectionFilePath(id)), DIGEST_FILES.glossary, DIGEST_FILES.suggestions, DIGEST_FILES.context].filter((file) => changed.has(file)));
  const entries = [...nodes, ...corpus, ...(await fileEntries(input, named))];
  if (entries.length === 0) return [];
  const more = entries.length - MAX_ENTRIES;
  return [
    '## Edited by hand',
    '',
    `${counted(entries.length, 'part')} of the digest changed while what the build makes ${entries.length === 1 ? 'it' : 'them'} from did not (the same source, distiller and prompts), so a build would have kept ${entries.length === 1 ? 'it' : 'them'} as ${entries.length === 1 ? 'it was' : 'they were'}: edited by hand, or rebuilt with --force by a model that answered otherwise. Check ${entries.length === 1 ? 'it' : 'them'} first; rebuilding from the content (ask digest build --force) puts the build's own output back.`,
    '',
    ...entries.slice(0, MAX_ENTRIES),
    ...(more > 0 ? [`- and ${more} more (each in the parts below)`] : []),
  ];
}
