import { searchSections } from '../search/score.ts';
import { streamAgenticAnswer } from './agentic/index.ts';
import type { AgenticStreamer } from './ask-routes.ts';
import type { ReadAhead } from './agentic/tools.ts';
import { readRowsFor } from './rows-read.ts';
import { DigestLoadError, type AskData } from './digest-data.ts';
import { DigestFormatError } from '../format/manifest.ts';
import type { DigestNode } from '../types.ts';

function openedNode(data: AskData, id: string): DigestNode | undefined {
  try {
    return data.node(id);
  } catch (error) {
    if (error instanceof DigestLoadError || error instanceof DigestFormatError) return undefined;
    throw error;
  }
}

/** What the loop's tools read, fetched first from a store read asynchronously: a search's rows, an opened section's node and row. */
function readAheadOf(data: AskData): ReadAhead {
  return {
    search: (query) => readRowsFor(data.index, query),
    openSection: async (id) => {
      const position = data.sectionPosition(id);
      await Promise.all([data.readNodes?.([id]), position === undefined ? undefined : data.index.readRows?.([position])]);
    },
  };
}

/**
 * Rule 4's stream over the loaded digest: the loop searches with the same keyword scorer and
 * opens sections by id; a `source-primary` section is opened with its source text too.
 */
export const streamAgenticAnswerFor: AgenticStreamer = (query, data, config, signal) => {
  const telemetry = config.telemetry();
  return streamAgenticAnswer({
    query,
    provider: config.provider,
    model: config.model,
    apiKey: config.apiKey,
    ...(config.baseUrl === undefined ? {} : { baseUrl: config.baseUrl }),
    ...(telemetry === undefined ? {} : { telemetry }),
    signal,
    search: (subQuery) => searchSections(data.index, subQuery),
    ...(data.readNodes === undefined && data.index.readRows === undefined ? {} : { readAhead: readAheadOf(data) }),
    openSection: (id) => {
      // a node file missing or broken (reported by its GET route) is a section the loop cannot open
      const node = openedNode(data, id);
      if (!node) return null;
      if (node.mode !== 'source-primary') return { node };
      const position = data.sectionPosition(id);
      return position === undefined ? { node } : { node, sourceText: data.index.row(position).text };
    },
  });
};
