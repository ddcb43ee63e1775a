import { stringify } from 'yaml';
import { MAX_BODY_BYTES, MAX_QUERY_LENGTH } from './body.ts';
import { ERRORS } from './errors.ts';

type Json = Record<string, unknown>;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };
const nullableStr = { type: ['string', 'null'] };
const strArray = { type: 'array', items: str };

/** The schemas of spec section 2. */
const SCHEMAS: Json = {
  AskRequest: {
    type: 'object',
    required: ['query'],
    properties: {
      query: { type: 'string', maxLength: MAX_QUERY_LENGTH, description: 'The search text. Empty or whitespace-only yields an empty result set.' },
      mode: { type: 'string', enum: ['keyword', 'agentic'], default: 'keyword', description: 'Omitted with a provider key configured: the agentic stream.' },
    },
  },
  KeywordResponse: {
    type: 'object',
    required: ['results', 'query', 'model', 'mode'],
    properties: { results: { type: 'array', items: ref('KeywordResult') }, query: str, model: str, mode: { type: 'string', const: 'keyword' }, warning: str },
  },
  KeywordResult: {
    type: 'object',
    required: ['title', 'url', 'snippet'],
    properties: { title: str, heading: str, url: str, group: str, snippet: str },
  },
  SuggestionsResponse: { type: 'object', required: ['suggestions', 'model'], properties: { suggestions: strArray, model: str } },
  Source: { type: 'object', required: ['url'], properties: { url: str, title: str, heading: str, group: str, terms: strArray } },
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
  Error: { type: 'object', required: ['error'], properties: { error: str } },
  Overview: { type: 'object', required: ['overview', 'context'], properties: { overview: str, context: str } },
};

const json = (schema: Json, description: string): Json => ({ description, content: { 'application/json': { schema } } });
const error = (description: string): Json => json(ref('Error'), description);
const notFound = error(`\`${ERRORS.notFound}\``);
const serverError = error('The chunk index failed to build (free text).');
/** Why the archive may be missing: a host serving raw content has no digest tree to archive. */
const NO_DIGEST = 'no digest tree: the host serves raw content (spec rule 7)';
const methodNotAllowed = error(`\`${ERRORS.methodNotAllowed}\` (with an Allow header)`);
const archiveHeaders: Json = {
  'x-ask-content-hash': { description: 'The content hash of the digest (manifest.json).', schema: str },
  ETag: { description: 'Strong validator of the archive bytes.', schema: str },
  'Cache-Control': { schema: str },
  'Content-Length': { schema: { type: 'integer' } },
};

function askPaths(base: string): Json {
  return {
    [base]: {
      get: {
        operationId: 'getSuggestions',
        summary: 'Suggested questions and the configured loop model. No model call.',
        responses: { 200: json(ref('SuggestionsResponse'), 'Suggestions'), 405: methodNotAllowed, 500: serverError },
      },
      post: {
        operationId: 'ask',
        summary: 'Keyword results as JSON, or the agentic answer as Server-Sent Events.',
        requestBody: { required: true, content: { 'application/json': { schema: ref('AskRequest') } } },
        responses: {
          200: {
            description:
              'Keyword results (JSON), or the agentic stream (text/event-stream) of `search`, `sources`, `token`, `done` and a final `error` frame on failure.',
            content: {
              'application/json': { schema: ref('KeywordResponse') },
              'text/event-stream': { schema: { type: 'string', description: 'Frames `event: <name>` then `data: <JSON>`.' } },
            },
          },
          400: error(`\`${ERRORS.invalidJson}\`, \`${ERRORS.queryRequired}\`, \`${ERRORS.badMode}\` or \`${ERRORS.queryTooLong}\``),
          413: error(`\`${ERRORS.tooLarge}\` (over ${MAX_BODY_BYTES} bytes)`),
          500: serverError,
        },
      },
    },
    [`${base}/glossary`]: {
      get: {
        operationId: 'listGlossary',
        responses: { 200: json({ type: 'object', required: ['terms'], properties: { terms: { type: 'array', items: ref('GlossaryEntry') } } }, 'Glossary'), 500: serverError },
      },
    },
    [`${base}/glossary/{term}`]: {
      get: {
        operationId: 'getGlossaryEntry',
        parameters: [{ name: 'term', in: 'path', required: true, schema: str, description: 'Case-insensitive; matches the term or any alias.' }],
        responses: { 200: json(ref('GlossaryEntry'), 'The entry'), 404: notFound, 500: serverError },
      },
    },
    [`${base}/sections`]: {
      get: {
        operationId: 'listSections',
        parameters: [{ name: 'group', in: 'query', required: false, schema: str, description: 'Only sections of this group.' }],
        responses: {
          200: json({ type: 'object', required: ['sections'], properties: { sections: { type: 'array', items: ref('SectionSummary') } } }, 'Sections'),
          500: serverError,
        },
      },
    },
    [`${base}/sections/{id}`]: {
      get: {
        operationId: 'getSection',
        parameters: [{ name: 'id', in: 'path', required: true, schema: str, description: 'The section id; `/` and `#` URL-encoded.' }],
        responses: { 200: json(ref('DigestNode'), 'The section node'), 404: notFound, 500: serverError },
      },
    },
    [`${base}/overview`]: {
      get: { operationId: 'getOverview', responses: { 200: json(ref('Overview'), 'Overview and context'), 500: serverError } },
    },
    [`${base}/archive`]: {
      get: {
        operationId: 'getArchive',
        parameters: [{ name: 'If-None-Match', in: 'header', required: false, schema: str }],
        responses: {
          200: { description: 'gzip-compressed tar of the digest tree', headers: archiveHeaders, content: { 'application/gzip': { schema: { type: 'string', contentMediaType: 'application/gzip' } } } },
          304: { description: 'Not modified (the ETag matched)', headers: archiveHeaders },
          404: error(`\`${ERRORS.notFound}\`: ${NO_DIGEST}`),
          500: serverError,
        },
      },
      head: {
        operationId: 'headArchive',
        responses: {
          200: { description: 'The GET headers, no body', headers: archiveHeaders },
          304: { description: 'Not modified', headers: archiveHeaders },
          404: { description: NO_DIGEST },
          500: serverError,
        },
      },
    },
    '/openapi.yaml': {
      get: {
        operationId: 'getOpenApi',
        responses: { 200: { description: 'This OpenAPI 3.1 document', content: { 'application/yaml': { schema: str } } } },
      },
    },
  };
}

export interface OpenApiParts {
  readonly base: string;
  /** Extra paths and components (the platform proxy's), merged in when mounted. */
  readonly extraPaths?: Json;
  readonly extraComponents?: Json;
}

function mergeComponents(extra: Json): Json {
  const extraSchemas = typeof extra['schemas'] === 'object' && extra['schemas'] !== null ? extra['schemas'] : {};
  return { ...extra, schemas: { ...SCHEMAS, ...extraSchemas } };
}

/** The OpenAPI 3.1 document of the handler as mounted, as an object. */
export function openApiDocument(parts: OpenApiParts): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'ask: search, answer and digest API',
      version: '3.0.0',
      description: 'Keyword search, a streamed grounded answer, and the keyless digest read routes of a documentation site.',
    },
    paths: { ...askPaths(parts.base), ...(parts.extraPaths ?? {}) },
    components: mergeComponents(parts.extraComponents ?? {}),
  };
}

/** The same document as YAML text. */
export function openApiYaml(parts: OpenApiParts): string {
  return stringify(openApiDocument(parts), { aliasDuplicateObjects: false });
}
