import type { z } from 'zod';
import { checkDigestJson, DigestNodeSchema, GlossaryFileSchema, SuggestionsFileSchema } from '../format/digest-json.ts';
import { DIGEST_SCHEMA_VERSION, DigestFormatError } from '../format/manifest.ts';
import { pageMarkdownUrl, urlPathname } from '../format/markdown-url.ts';
import { DIGEST_FILES, sectionFilePath } from '../format/paths.ts';
import { AskError } from '../errors.ts';
import { topLevelValues } from '../format/json-fields.ts';
import { openSearchTables, type SearchIndex } from '../search/open.ts';
import type { DigestNode, GlossaryEntry } from '../types.ts';

/** Everything the handler serves, loaded once per instance; section nodes are read when first asked for. */
export interface AskData {
  /** False when the host serves raw content without a digest (spec rule 7): no archive then. */
  readonly hasDigest: boolean;
  /** What `x-ask-content-hash` returns: the digest's content hash, or the live content's without one. */
  readonly contentHash: string;
  /** What `x-ask-build-commit` returns: the commit of the content the digest was built from (manifest `build.commit`), null when unknown. */
  readonly buildCommit: string | null;
  /** The site's name and description (manifest `identity`); null without a digest. */
  readonly identity: SiteIdentityRecord | null;
  /**
   * A section's node by id (undefined for an id the digest does not have), read when first asked
   * for and kept. Throws DigestLoadError when the digest lists the section but its file is
   * missing or broken.
   */
  node(id: string): DigestNode | undefined;
  /**
   * Present when the nodes are in a store read asynchronously (an edge store): reads these
   * sections' node files, so that `node` answers them. Ids the digest does not list are skipped.
   */
  readonly readNodes?: (ids: readonly string[]) => Promise<void>;
  /** Every section node in corpus order (pages in path order, sections in document order), read on the first call and kept. */
  sectionNodes(): Promise<readonly DigestNode[]>;
  /** A section's position in the search tables (corpus order). */
  sectionPosition(id: string): number | undefined;
  readonly glossary: readonly GlossaryEntry[];
  readonly suggestions: readonly string[];
  /** `overview.md` and `context.md` (6 MB at 10k pages), read on the first call and kept. */
  overview(): Promise<DigestOverview>;
  readonly index: SearchIndex;
  /** True when `slug` is the page part (before `#`) of a section id of the digest. */
  hasPage(slug: string): boolean;
  /**
   * The slug of the page whose Markdown url (`pageMarkdownUrl`: its url + `.md`) has the path
   * `pathname` (decoded); undefined for any other path. The map is made on the first call and kept.
   */
  pageOfMarkdownPath(pathname: string): string | undefined;
  /**
   * A text file of the digest tree that it may not have (`llms.txt`, `llms-full.txt`,
   * `pages/<slug>.md`), read when asked for and not kept; undefined when the digest has none.
   * `relative` is always a path the code made (a DIGEST_FILES name, `pageMarkdownPath` of a known
   * slug), never a request's text.
   */
  optionalText(relative: string): Promise<string | undefined>;
}

interface DigestOverview {
  readonly overview: string;
  readonly context: string;
}

/** A digest tree as digest-relative path -> text: read from a folder on Node, bundled on a worker. */
export type DigestFiles = ReadonlyMap<string, string>;

/** The digest is missing or broken: the handler answers 500 with this message. */
export class DigestLoadError extends AskError {
  override readonly name = 'DigestLoadError';
  /** `userMessage`: what a client sees when `message` names something of the server (a folder). */
  constructor(message: string, userMessage: string = message) {
    // the message says what to do, and the handler shows it
    super(message, { userMessage });
  }
}

/** How the section node files are read: one when a route or the agentic loop opens it, all for the section list. */
export interface NodeFileReader {
  /** The text of a digest-relative file; undefined when there is no such file. */
  readonly one: (relative: string) => string | undefined;
  readonly all: (relatives: readonly string[]) => Promise<readonly (string | undefined)[]>;
  /** Present when `one` answers only files fetched first: fetches them. */
  readonly fetch?: (relatives: readonly string[]) => Promise<void>;
}

/** The small files of a digest and its opened search tables: what a host reads before the first answer. */
export interface DigestParts {
  /** `manifest.json`, its head checked (`manifestHead`); the rest is parsed when a node is first asked for. */
  readonly manifest: ManifestHead;
  readonly glossary: string;
  readonly suggestions: string;
  readonly overview: () => Promise<DigestOverview>;
  readonly index: SearchIndex;
  readonly nodes: NodeFileReader;
  /** A digest-relative text file that may be absent (see `AskData.optionalText`). */
  readonly optionalText: (relative: string) => Promise<string | undefined>;
  /** The ids of the sections the manifest lists, when known without reading the manifest (an edge store). */
  readonly listed?: readonly string[];
}

export function missingFile(relative: string): DigestLoadError {
  return new DigestLoadError(`the digest has no ${relative}; run 'ask digest build'`);
}

function required(files: DigestFiles, relative: string): string {
  const text = files.get(relative);
  if (text === undefined) throw missingFile(relative);
  return text;
}

function parseJsonText(text: string, relative: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DigestLoadError(`the digest's ${relative} is not valid JSON; run 'ask digest build --force'`);
  }
}

/** A digest JSON file checked against its schema (format/digest-json.ts): one node at a time, never the search tables. */
function parseJson<S extends z.ZodType>(text: string, relative: string, schema: S): z.output<S> {
  return checkDigestJson(parseJsonText(text, relative), 'digest', relative, schema);
}

const rebuild = "rebuild with 'ask digest build --force'";

/** The manifest's `identity`: the site's name and description. */
interface SiteIdentityRecord {
  readonly name: string;
  readonly description: string | null;
}

/** A manifest whose schema was checked, with its content hash and build commit. */
export interface ManifestHead {
  readonly contentHash: string;
  /** `build.commit`: null when the build did not know it. */
  readonly buildCommit: string | null;
  /** `identity`: null when it is not there or not of its shape. */
  readonly identity: SiteIdentityRecord | null;
  /** The whole text, for the section ids when a node is first asked for. */
  readonly text: () => string;
}

/** What is read of the manifest up front; its keys are sorted, so all four come before `sections`, the bulk of the file. */
const HEAD_KEYS = ['build', 'contentHash', 'identity', 'schema'] as const;

/** `build.commit` of the manifest head, null when it is absent or not a string. */
function buildCommitOf(build: unknown): string | null {
  if (typeof build !== 'object' || build === null || !('commit' in build)) return null;
  return typeof build.commit === 'string' ? build.commit : null;
}

/** `identity` of the manifest head, null when it is absent or not of its shape. */
function identityOf(identity: unknown): SiteIdentityRecord | null {
  if (typeof identity !== 'object' || identity === null || !('name' in identity) || typeof identity.name !== 'string') return null;
  const description = 'description' in identity && typeof identity.description === 'string' ? identity.description : null;
  return { name: identity.name, description };
}

function checkedHead(values: ReadonlyMap<string, unknown> | null, text: () => string): ManifestHead {
  if (values === null) {
    // the walk only checks structure: parse the whole to say which it is (an error path)
    let parses = true;
    try {
      JSON.parse(text());
    } catch {
      parses = false;
    }
    throw new DigestFormatError(`digest: manifest.json is ${parses ? 'not an ask digest manifest' : 'not valid JSON'}; ${rebuild}`);
  }
  const schema = values.get('schema');
  if (schema !== undefined && schema !== DIGEST_SCHEMA_VERSION) {
    throw new DigestFormatError(`digest: digest schema ${JSON.stringify(schema)} is not the supported ${DIGEST_SCHEMA_VERSION}; ${rebuild}`);
  }
  const contentHash = values.get('contentHash');
  if (schema === undefined || typeof contentHash !== 'string') throw new DigestFormatError(`digest: manifest.json is not an ask digest manifest; ${rebuild}`);
  return { contentHash, buildCommit: buildCommitOf(values.get('build')), identity: identityOf(values.get('identity')), text };
}

/**
 * The manifest's schema, content hash and build commit, found by key without parsing its per-file and
 * per-section hashes (10 MB at 10k pages): all a first answer needs of it. Throws
 * DigestFormatError as `parseManifest` does for a manifest of another schema or none at all.
 */
export function manifestHead(text: string): ManifestHead {
  return checkedHead(topLevelValues(text, HEAD_KEYS, true), () => text);
}

/**
 * `manifestHead` from the start of the file (as latin1: the same structure, cheaper to scan than
 * decoded UTF-8): null when the prefix does not reach all four keys (a manifest without
 * `build` is read whole); `text` reads the whole file when
 * a node is first asked for.
 */
export function manifestHeadOfPrefix(prefix: string, complete: boolean, text: () => string): ManifestHead | null {
  const values = topLevelValues(prefix, HEAD_KEYS, true);
  if (!complete && (values === null || values.size !== HEAD_KEYS.length)) return null;
  const head = checkedHead(values, text);
  // the prefix was read as latin1: the name and description are decoded again as the UTF-8 they are
  const identity = head.identity === null ? null : { name: fromLatin1(head.identity.name), description: head.identity.description === null ? null : fromLatin1(head.identity.description) };
  return { ...head, identity };
}

/** A text read as latin1 decoded as UTF-8 (each char one byte of the file). */
function fromLatin1(text: string): string {
  return new TextDecoder().decode(Uint8Array.from(text, (char) => char.charCodeAt(0)));
}

/** The page slug of a section id: the part before `#` (`index` for the home page). */
export function pageOfSection(id: string): string {
  const hash = id.indexOf('#');
  return hash === -1 ? id : id.slice(0, hash);
}

/** The ids of the sections the manifest lists (each has a node file): parsed the first time a node is asked for. */
function listedSections(text: string): ReadonlySet<string> {
  const manifest = parseJsonText(text, DIGEST_FILES.manifest);
  const sections = typeof manifest === 'object' && manifest !== null && 'sections' in manifest ? manifest.sections : undefined;
  if (typeof sections !== 'object' || sections === null || Array.isArray(sections)) throw new DigestFormatError(`digest: manifest.json is not an ask digest manifest; ${rebuild}`);
  return new Set(Object.keys(sections));
}

/**
 * The served data over a digest's parts: the manifest's head, the glossary and suggestions parsed
 * now; the rest of the manifest when a section node is first asked for, and a node from its file
 * then (only ids the manifest lists are ever turned into a path); the corpus order of sections
 * taken from the search tables on the first call that needs it.
 */
export function askDataOf(parts: DigestParts): AskData {
  const { index, manifest } = parts;
  let listedIds: ReadonlySet<string> | null = parts.listed === undefined ? null : new Set(parts.listed);
  const listed = (id: string): boolean => {
    listedIds ??= listedSections(manifest.text());
    return listedIds.has(id);
  };
  let pageSlugs: ReadonlySet<string> | null = null;
  const hasPage = (slug: string): boolean => {
    listedIds ??= listedSections(manifest.text());
    pageSlugs ??= new Set([...listedIds].map(pageOfSection));
    return pageSlugs.has(slug);
  };
  const parsed = new Map<string, DigestNode>();
  const fromText = (id: string, text: string | undefined): DigestNode => {
    const file = sectionFilePath(id);
    if (text === undefined) throw missingFile(file);
    const node = parseJson(text, file, DigestNodeSchema);
    parsed.set(id, node);
    return node;
  };
  const node = (id: string): DigestNode | undefined => {
    const known = parsed.get(id);
    if (known !== undefined || !listed(id)) return known;
    return fromText(id, parts.nodes.one(sectionFilePath(id)));
  };

  let positions: Map<string, number> | null = null;
  const positionMap = (): Map<string, number> => {
    if (positions === null) {
      positions = new Map();
      for (let position = 0; position < index.sectionCount; position += 1) positions.set(index.id(position), position);
    }
    return positions;
  };
  let ordered: Promise<readonly DigestNode[]> | null = null;
  const sectionNodes = (): Promise<readonly DigestNode[]> => {
    if (ordered === null) {
      ordered = (async () => {
        const ids = [...positionMap().keys()].filter(listed);
        const unread = ids.filter((id) => !parsed.has(id));
        const texts = await parts.nodes.all(unread.map(sectionFilePath));
        unread.forEach((id, at) => fromText(id, texts[at]));
        return ids.map((id) => parsed.get(id)).filter((found): found is DigestNode => found !== undefined);
      })();
      ordered.catch(() => {
        ordered = null;
      });
    }
    return ordered;
  };

  let markdownPaths: Map<string, string> | null = null;
  const pageOfMarkdownPath = (pathname: string): string | undefined => {
    if (markdownPaths === null) {
      markdownPaths = new Map();
      for (let page = 0; page < index.pageCount; page += 1) {
        const line = index.pageLine(page);
        markdownPaths.set(urlPathname(pageMarkdownUrl(line.url)), line.slug);
      }
    }
    return markdownPaths.get(pathname);
  };

  const fetchNodes = parts.nodes.fetch;
  const readNodes = async (ids: readonly string[]): Promise<void> => {
    const unread = ids.filter((id) => !parsed.has(id) && listed(id));
    if (unread.length > 0 && fetchNodes) await fetchNodes(unread.map(sectionFilePath));
  };

  let overview: Promise<DigestOverview> | null = null;
  return {
    ...(fetchNodes === undefined ? {} : { readNodes }),
    hasDigest: true,
    contentHash: manifest.contentHash,
    buildCommit: manifest.buildCommit,
    identity: manifest.identity,
    node,
    sectionNodes,
    sectionPosition: (id) => positionMap().get(id),
    glossary: parseJson(parts.glossary, DIGEST_FILES.glossary, GlossaryFileSchema).terms,
    suggestions: parseJson(parts.suggestions, DIGEST_FILES.suggestions, SuggestionsFileSchema).suggestions,
    overview: () => {
      if (overview === null) {
        overview = parts.overview();
        overview.catch(() => {
          overview = null;
        });
      }
      return overview;
    },
    index,
    hasPage,
    pageOfMarkdownPath,
    optionalText: parts.optionalText,
  };
}

/**
 * Parses a digest tree held in memory (the edge worker's bundle): the search tables opened from
 * their texts. Pure (no I/O), so it runs the same everywhere. Throws DigestLoadError when a
 * required file is missing or unreadable.
 */
export function parseDigestFiles(files: DigestFiles): AskData {
  // the manifest first: a broken one says so before the tables are looked at
  const manifest = manifestHead(required(files, DIGEST_FILES.manifest));
  const index = openSearchTables(
    {
      header: required(files, DIGEST_FILES.searchIndex),
      postings: required(files, DIGEST_FILES.searchPostings),
      sections: required(files, DIGEST_FILES.searchSections),
      pages: required(files, DIGEST_FILES.searchPages),
    },
    DIGEST_FILES.searchIndex,
  );
  return askDataOf({
    manifest,
    glossary: required(files, DIGEST_FILES.glossary),
    suggestions: required(files, DIGEST_FILES.suggestions),
    overview: () => Promise.resolve({ overview: required(files, DIGEST_FILES.overview), context: required(files, DIGEST_FILES.context) }),
    index,
    nodes: { one: (relative) => files.get(relative), all: (relatives) => Promise.resolve(relatives.map((relative) => files.get(relative))) },
    optionalText: (relative) => Promise.resolve(files.get(relative)),
  });
}
