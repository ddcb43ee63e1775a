import { searchSections } from '../search/score.ts';
import { streamAgenticAnswer } from './agentic/index.ts';
import type { AgenticStreamer } from './ask-routes.ts';

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
    search: (subQuery) => searchSections(data.index, subQuery).map(({ id, title, heading, url, group, snippet }) => ({
      id,
      title,
      url,
      snippet,
      ...(heading === undefined ? {} : { heading }),
      ...(group === undefined ? {} : { group }),
    })),
    openSection: (id) => {
      const node = data.nodeById.get(id);
      if (!node) return null;
      if (node.mode !== 'source-primary') return { node };
      const position = data.sectionPosition.get(id);
      return position === undefined ? { node } : { node, sourceText: data.index.row(position).text };
    },
  });
};
