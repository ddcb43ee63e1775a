/**
 * The contracts between the stages of the pipeline.
 *
 * load -> chunk -> hash -> distill -> emit -> index -> runtime.
 * Every stage takes and returns these plain, JSON-serialisable shapes.
 */
import type { Root } from 'mdast';

/**
 * What a page is for (content/page-kind.ts): the documentation itself, or a page beside it that
 * dates (blog post, changelog, release notes, news) or only lists (tag, author, 404).
 */
export const PAGE_KINDS = ['guide', 'blog', 'changelog', 'release-notes', 'news', 'tag', 'author', 'not-found'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** One documentation page, after its frontmatter has been read. */
export interface Page {
  /** Path of the source file relative to the content folder, POSIX separators. */
  readonly file: string;
  /** `.md` or `.mdx`: decides which Markdown dialect parses the page. */
  readonly format: 'md' | 'mdx';
  /**
   * The page's id base: its url path without `/` ends or `.html` (`index` for the home page). Under
   * `plain`, the frontmatter `slug`, else the path without extension (`index`/`README` name the folder).
   */
  readonly slug: string;
  /** `--site-url` + `/` + the url path the generator serves the page at. */
  readonly url: string;
  /** Frontmatter `title`, else the first `#` heading, else what the generator names an untitled page (`untitledName`), else the file name. */
  readonly title: string;
  /** Frontmatter `description`, else null. */
  readonly description: string | null;
  /** Frontmatter `group`, else the first folder of the path, else null. */
  readonly group: string | null;
  /** What the page is for (content/page-kind.ts): `guide` unless a convention makes it a blog post, changelog... */
  readonly kind: PageKind;
}

/** One chunk of a page: the intro (text before the first `##`) or one `##`/`###` section. */
export interface Section {
  /** `<slug>` for the intro chunk, `<slug>#<anchor>` otherwise. */
  readonly id: string;
  /** The slug of the page this section belongs to. */
  readonly pageSlug: string;
  /** github-slugger anchor, null for the intro chunk. */
  readonly anchor: string | null;
  /** The page title. */
  readonly title: string;
  /** The heading text (plain), null for the intro chunk. */
  readonly heading: string | null;
  /** 2 or 3 for a heading section, 1 for the intro chunk. */
  readonly depth: 1 | 2 | 3;
  readonly group: string | null;
  /** Page url, with `#<anchor>` for a heading section. */
  readonly url: string;
  /** Dialect of the source, as the page's. */
  readonly format: 'md' | 'mdx';
  /** The exact source text of the section (heading line included), byte for byte. */
  readonly source: string;
  /**
   * `source` as its generator's syntax reads as Markdown (containers, admonitions, tabs and custom
   * ids turned to prose, same length and lines), or null when that is `source` itself. What a
   * section is parsed from.
   */
  readonly markup: string | null;
  /** The plain text of the section body (heading excluded), for search and summaries. */
  readonly text: string;
  /** Content hash over everything that determines this section's digest node. */
  readonly hash: string;
}

export type FactKind = 'flag' | 'code' | 'value' | 'default' | 'key';
export const FACT_KINDS: readonly FactKind[] = ['flag', 'code', 'value', 'default', 'key'];

export interface Fact {
  readonly kind: FactKind;
  /** Exact source text: occurs byte-for-byte in the section's `source`. */
  readonly literal: string;
  readonly chunkId: string;
}

export type NodeMode = 'agent-primary' | 'source-primary';

/** What a distiller returns for one section (before the verbatim check). */
export interface SectionDistillation {
  readonly summary: string;
  readonly facts: readonly { readonly kind: FactKind; readonly literal: string }[];
  readonly terms: readonly string[];
  readonly mode: NodeMode;
}

interface SourceRef {
  readonly chunkId: string;
  readonly url: string;
  readonly anchor: string | null;
}

/** The full section node of the spec (one file per section in the digest tree). */
export interface DigestNode {
  readonly id: string;
  readonly kind: 'section';
  readonly title: string;
  readonly heading: string | null;
  readonly group: string | null;
  readonly url: string;
  readonly summary: string;
  readonly facts: readonly Fact[];
  readonly sources: readonly SourceRef[];
  readonly mode: NodeMode;
  readonly terms: readonly string[];
  /**
   * The section's source as clean Markdown (`cleanMarkdown`): heading line included, frontmatter,
   * MDX imports/exports, component tags, expressions and HTML comments removed, text kept; links as
   * written.
   */
  readonly markdown: string;
}

export interface SectionSummary {
  readonly id: string;
  readonly title: string;
  readonly heading: string | null;
  readonly group: string | null;
  readonly url: string;
}

export interface GlossaryEntry {
  readonly term: string;
  readonly aliases: readonly string[];
  readonly definition: string;
}

/** Token and call counts a distiller reports for a build. */
export interface DistillUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  cacheHits: number;
  /** Facts a model proposed that were not verbatim in the source, dropped. */
  droppedFacts: number;
}

/** What the corpus-wide passes see: every section with its distillation. */
export interface CorpusInput {
  readonly pages: readonly Page[];
  readonly sections: readonly Section[];
  readonly nodes: readonly DigestNode[];
}

/**
 * The distiller seam. The offline distiller and every model provider implement it.
 * Implementations receive everything they need; they never read the filesystem.
 */
export interface Distiller {
  /** `offline`, `anthropic`, `openai`, `gemini`. */
  readonly provider: string;
  /** The model name (`offline-v1` for the offline distiller). */
  readonly model: string;
  /**
   * Hashes of the prompt templates (or the algorithm version) per pass:
   * `section`, `glossary`, `suggestions`, `context`. A change re-runs that pass.
   */
  readonly templateHashes: Readonly<Record<DistillPass, string>>;
  /**
   * `tree`: the section's syntax tree as parsed with its page, when the build has it at hand (a
   * distiller that reads Markdown uses it instead of parsing the source again; a model ignores it).
   */
  distillSection(section: Section, page: Page, tree?: Root | null): Promise<SectionDistillation>;
  /**
   * What this distiller's corpus passes need of one section, worked out while its tree is at hand
   * (plain JSON). The build keeps it with the section's records, by section hash, and hands it
   * back with `takeSectionNotes` before the corpus passes, so no page is parsed again for them.
   */
  sectionNotes?(section: Section, tree: Root | null): SectionNotes;
  takeSectionNotes?(section: Section, notes: SectionNotes): void;
  /**
   * When the section pass is a pure function of the section, a module (URL) exporting
   * `createThreadDistiller(): Distiller`, an equal distiller that worker threads make for
   * themselves; omitted: every section pass runs in the build's own thread (a model's calls).
   */
  readonly threadModule?: string;
  distillGlossary(corpus: CorpusInput): Promise<GlossaryEntry[]>;
  suggestQuestions(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): Promise<SuggestedQuestion[]>;
  writeContext(corpus: CorpusInput, glossary: readonly GlossaryEntry[]): Promise<string>;
  /** Counts since the distiller was created. */
  usage(): DistillUsage;
}

export type DistillPass = 'section' | 'glossary' | 'suggestions' | 'context';

/** A suggested question and the section it was asked about: the digest's own search check (`ask eval`). */
export interface SuggestedQuestion {
  readonly question: string;
  /** The id of the section that answers it, null when the distiller cannot say which. */
  readonly section: string | null;
}

/** A definition a section states, as the offline distiller finds it (for its glossary pass). */
export interface SectionDefinition {
  readonly term: string;
  readonly aliases: readonly string[];
  readonly definition: string;
  /** How it was found; a lower rank wins when one term is defined twice (`SOURCE_RANK`). */
  readonly source: 'heading' | 'bold' | 'table' | 'colon' | 'deflist' | 'acronym';
  /** The verb was plural ("Workspace agents are ..."): the term is singularised. */
  readonly plural: boolean;
  /** The heading it was found under, as written. */
  readonly heading: string;
}

/**
 * A distiller's notes on one section (`Distiller.sectionNotes`), plain JSON the build keeps with
 * the section's records and hands back (`takeSectionNotes`): the definitions it states.
 */
export type SectionNotes = readonly SectionDefinition[];

export interface SearchOptions {
  /** Top results returned (spec default 6). */
  readonly maxResults?: number;
  /** Sections of one page admitted (spec default 2). */
  readonly perDocCap?: number;
}
