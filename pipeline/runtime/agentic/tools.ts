import type { DigestNode } from '../../types.ts';
import type { LoopBounds } from './bounds.ts';
import type { ToolCall, ToolSpec } from './sessions/session.ts';
import { SourceSet, type SearchHit } from './sources.ts';
import type { TraceToolCall } from '../telemetry.ts';

export interface OpenedSection {
  readonly node: DigestNode;
  /** The section's source text; handed to the model for `source-primary` sections. */
  readonly sourceText?: string | undefined;
}

export interface ToolBoxOptions {
  readonly search: (query: string) => readonly SearchHit[];
  readonly openSection: (id: string) => OpenedSection | null;
  readonly bounds: LoopBounds;
  /** Called with each sub-query and each opened section's heading (the `search` event). */
  readonly onSearch: (query: string) => void;
  /** Reads ahead what a tool call will read, where the digest is in a store read asynchronously (an edge store). */
  readonly readAhead?: ReadAhead | undefined;
}

/** What a search or an opened section will read, fetched before the (synchronous) tool runs. */
export interface ReadAhead {
  readonly search: (query: string) => Promise<void>;
  readonly openSection: (id: string) => Promise<void>;
}

/** The two tools the model gets, described for every provider. */
export const TOOL_SPECS: readonly ToolSpec[] = [
  {
    name: 'search',
    description: 'Keyword search over the documentation sections. Returns up to six sections with id, title, heading, url and a snippet.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'A few keywords, worded as the docs would.' } },
      required: ['query'],
      additionalProperties: false,
    },
  },
  {
    name: 'open_section',
    description: 'Opens one section by id: its summary, exact facts, terms, and for reference sections the source text.',
    parameters: {
      type: 'object',
      properties: { id: { type: 'string', description: 'A section id from the search results.' } },
      required: ['id'],
      additionalProperties: false,
    },
  },
];

function stringArg(call: ToolCall, name: string): string | undefined {
  const value = call.args[name];
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : undefined;
}

/**
 * Runs the tools for the loop, within its bounds, and records what it showed the model
 * (the source set) and what was called (for the trace). Tool results are JSON text.
 */
export class ToolBox {
  readonly sources = new SourceSet();
  readonly calls: TraceToolCall[] = [];
  readonly #opened = new Set<string>();
  #subQueries = 0;

  constructor(private readonly options: ToolBoxOptions) {}

  /** The first search, on the question itself (not counted against maxSubQueries). */
  initialSearch(question: string): string {
    return this.#search(question);
  }

  /** Fetches what `run(call)` will read (nothing without `readAhead`). */
  async readAhead(call: ToolCall): Promise<void> {
    const ahead = this.options.readAhead;
    if (ahead === undefined) return;
    const query = call.name === 'search' ? stringArg(call, 'query') : undefined;
    if (query !== undefined) await ahead.search(query);
    const id = call.name === 'open_section' ? stringArg(call, 'id') : undefined;
    if (id !== undefined) await ahead.openSection(id);
  }

  /** Runs one tool call and returns its result text. */
  run(call: ToolCall): string {
    if (call.name === 'search') {
      const query = stringArg(call, 'query');
      if (query === undefined) return JSON.stringify({ error: 'search needs a non-empty "query".' });
      if (this.#subQueries >= this.options.bounds.maxSubQueries) {
        this.calls.push({ name: 'search', query });
        return JSON.stringify({ error: 'Search limit reached. Answer with what you have.' });
      }
      this.#subQueries += 1;
      return this.#search(query);
    }
    if (call.name === 'open_section') {
      const id = stringArg(call, 'id');
      if (id === undefined) return JSON.stringify({ error: 'open_section needs an "id" from the search results.' });
      return this.#open(id);
    }
    return JSON.stringify({ error: `Unknown tool ${call.name}. Use search or open_section.` });
  }

  #search(query: string): string {
    this.options.onSearch(query);
    const hits = this.options.search(query).slice(0, this.options.bounds.maxResultsPerSearch);
    this.calls.push({ name: 'search', query, results: hits.length });
    for (const hit of hits) this.sources.addHit(hit);
    if (hits.length === 0) return JSON.stringify({ results: [], note: 'No section matches. Try other words.' });
    return JSON.stringify({
      results: hits.map((h) => ({ id: h.id, title: h.title, heading: h.heading ?? null, url: h.url, snippet: h.snippet })),
    });
  }

  #open(id: string): string {
    const again = this.#opened.has(id);
    if (!again && this.#opened.size >= this.options.bounds.maxOpenedSections) {
      this.calls.push({ name: 'open_section', id });
      return JSON.stringify({ error: 'Limit of opened sections reached. Answer with what you have.' });
    }
    const opened = this.options.openSection(id);
    this.calls.push({ name: 'open_section', id, results: opened ? 1 : 0 });
    if (!opened) return JSON.stringify({ error: `No section has the id "${id}". Use an id from the search results.` });
    const { node } = opened;
    if (!again) {
      this.#opened.add(id);
      this.options.onSearch(node.heading ?? node.title);
    }
    this.sources.addNode(node);
    const source =
      node.mode === 'source-primary' && opened.sourceText !== undefined
        ? { source: opened.sourceText.slice(0, this.options.bounds.maxSourceChars) }
        : {};
    return JSON.stringify({
      id: node.id,
      title: node.title,
      heading: node.heading,
      url: node.url,
      summary: node.summary,
      facts: node.facts.map((f) => ({ kind: f.kind, literal: f.literal })),
      terms: node.terms,
      mode: node.mode,
      ...source,
    });
  }
}
