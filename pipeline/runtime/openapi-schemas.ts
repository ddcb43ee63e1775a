import { z } from 'zod';
import { KeywordResponseSchema, KeywordResultSchema, SourceSchema } from '../format/wire.ts';
import { MAX_QUERY_LENGTH } from './body.ts';
import { MAX_BUDGET_TOKENS } from './budget-route.ts';
import { MAX_FEEDBACK_RANK, MAX_FEEDBACK_URL_LENGTH } from './feedback-route.ts';

type Json = Record<string, unknown>;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };
const nullableStr = { type: ['string', 'null'] };
const strArray = { type: 'array', items: str };

/** The wire contract's schemas (`format/wire.ts`) as JSON Schema, each a component referring to the others. */
function wireSchemas(): Record<string, Json> {
  const wire = z.registry<{ id: string }>();
  wire.add(KeywordResultSchema, { id: 'KeywordResult' });
  wire.add(KeywordResponseSchema, { id: 'KeywordResponse' });
  wire.add(SourceSchema, { id: 'Source' });
  const { schemas } = z.toJSONSchema(wire, { target: 'draft-2020-12', io: 'input', uri: (id) => `#/components/schemas/${id}` });
  // the components live in one document: no schema dialect or id of their own
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema' && key !== '$id'))]));
}

/** The schemas of spec section 2, and of the budgeted section list. */
export const SCHEMAS: Json = {
  ...wireSchemas(),
  AskRequest: {
    type: 'object',
    required: ['query'],
    properties: {
      query: { type: 'string', maxLength: MAX_QUERY_LENGTH, description: 'The search text. Empty or whitespace-only yields an empty result set.' },
      mode: { type: 'string', enum: ['keyword', 'agentic'], default: 'keyword', description: 'Omitted with a provider key configured: the agentic stream.' },
    },
  },
  FeedbackRequest: {
    oneOf: [ref('OpenFeedback'), ref('RatingFeedback')],
    discriminator: { propertyName: 'event', mapping: { open: '#/components/schemas/OpenFeedback', rating: '#/components/schemas/RatingFeedback' } },
  },
  OpenFeedback: {
    type: 'object',
    required: ['event', 'query', 'url', 'rank'],
    description: 'The reader opened a result of a keyword search.',
    properties: {
      event: { type: 'string', const: 'open' },
      query: { type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH, description: 'The query whose results were shown (logged normalised and redacted, as queries are).' },
      url: {
        type: 'string',
        maxLength: MAX_FEEDBACK_URL_LENGTH,
        description: "The result's path (`/guide/tokens#send-the-header`), or an absolute url of this site; logged as its path with the `#anchor`, never the query string.",
      },
      rank: { type: 'integer', minimum: 1, maximum: MAX_FEEDBACK_RANK, description: 'Its 1-based position in the results.' },
    },
  },
  RatingFeedback: {
    type: 'object',
    required: ['event', 'query', 'helpful'],
    description: 'The reader marked an answer helpful or not.',
    properties: {
      event: { type: 'string', const: 'rating' },
      query: { type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH, description: 'The question answered (logged normalised and redacted).' },
      helpful: { type: 'boolean' },
    },
  },
  SuggestionsResponse: { type: 'object', required: ['suggestions', 'model'], properties: { suggestions: strArray, model: str } },
  GlossaryEntry: { type: 'object', required: ['term', 'aliases', 'definition'], properties: { term: str, aliases: strArray, definition: str } },
  SectionSummary: {
    type: 'object',
    required: ['id', 'title', 'url'],
    properties: { id: str, title: str, heading: nullableStr, group: nullableStr, url: str },
  },
  Fact: {
    type: 'object',
    required: ['kind', 'literal', 'chunkId'],
    properties: { kind: { type: 'string', enum: ['flag', 'code', 'value', 'default', 'key'] }, literal: str, chunkId: str },
  },
  SourceRef: { type: 'object', required: ['chunkId', 'url'], properties: { chunkId: str, url: str, anchor: nullableStr } },
  DigestNode: {
    type: 'object',
    required: ['id', 'kind', 'title', 'url', 'summary', 'facts', 'sources', 'mode', 'terms'],
    properties: {
      id: str,
      kind: { type: 'string', const: 'section' },
      title: str,
      heading: nullableStr,
      group: nullableStr,
      url: str,
      summary: str,
      facts: { type: 'array', items: ref('Fact') },
      sources: { type: 'array', items: ref('SourceRef') },
      mode: { type: 'string', enum: ['agent-primary', 'source-primary'] },
      terms: strArray,
    },
  },
  BudgetedSection: {
    type: 'object',
    required: ['id', 'title', 'url', 'summary'],
    description: 'A section of a budgeted list: its summary object, then its facts and its Markdown (`text`) when they fit.',
    properties: { id: str, title: str, heading: nullableStr, group: nullableStr, url: str, summary: str, facts: { type: 'array', items: ref('Fact') }, text: str },
  },
  BudgetedSectionList: {
    type: 'object',
    required: ['sections', 'budget', 'used', 'omitted', 'note'],
    properties: {
      sections: { type: 'array', items: ref('BudgetedSection') },
      budget: { type: 'integer', minimum: 1, maximum: MAX_BUDGET_TOKENS, description: 'The budget applied (the one asked for, at most the maximum).' },
      used: { type: 'integer', minimum: 0, description: 'Estimated tokens of what was given (a token per four characters of each part\'s JSON).' },
      omitted: {
        type: 'object',
        required: ['summaries', 'facts', 'text'],
        description: 'How many of the matching sections had each part left out.',
        properties: { summaries: { type: 'integer', minimum: 0 }, facts: { type: 'integer', minimum: 0 }, text: { type: 'integer', minimum: 0 } },
      },
      note: { type: 'string', description: 'One line saying what was left out, or `Everything fit.`' },
    },
  },
  Error: { type: 'object', required: ['error'], properties: { error: str } },
  Overview: { type: 'object', required: ['overview', 'context'], properties: { overview: str, context: str } },
};
