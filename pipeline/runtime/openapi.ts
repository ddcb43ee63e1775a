import { stringify } from 'yaml';
import { ANSWERS_HEADER } from './ask-routes.ts';
import { MAX_BODY_BYTES } from './body.ts';
import { BUDGET_ROUTE_LIMITS, MAX_BUDGET_TOKENS } from './budget-route.ts';
import { ERRORS } from './errors.ts';
import { FEEDBACK_HEADER, FEEDBACK_LIMITS, MAX_FEEDBACK_BYTES } from './feedback-route.ts';
import { FRESHNESS_HEADERS } from './freshness.ts';
import { SCHEMAS } from './openapi-schemas.ts';
import { GATE_RETRY_AFTER_SECONDS } from './request-gate.ts';

type Json = Record<string, unknown>;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };

/** The freshness stamp of every read response (freshness.ts). */
const HEADERS: Json = {
  ContentHash: { description: 'The content hash of the digest the response was read from (manifest.json).', schema: str },
  BuildCommit: { description: 'The commit of the content the digest was built from; absent when the build did not know it.', schema: str },
};
const headerRef = (name: string): Json => ({ $ref: `#/components/headers/${name}` });
const freshness: Json = { [FRESHNESS_HEADERS.contentHash]: headerRef('ContentHash'), [FRESHNESS_HEADERS.buildCommit]: headerRef('BuildCommit') };

/** A read response: its body and the freshness headers. */
const read = (description: string, content: Json): Json => ({ description, headers: freshness, content });
const json = (schema: Json, description: string): Json => read(description, { 'application/json': { schema } });
const text = (mediaType: string, description: string): Json => read(description, { [mediaType]: { schema: str } });
const errorBody = (description: string): Json => ({ description, content: { 'application/json': { schema: ref('Error') } } });
const error = errorBody;
const notFound = error(`\`${ERRORS.notFound}\``);
const serverError = error('The chunk index failed to build (free text).');
/** A gated route's refusal when all its places are taken (request-gate.ts). */
const busy: Json = {
  ...error(`\`${ERRORS.busy}\` (with Retry-After: ${GATE_RETRY_AFTER_SECONDS})`),
  headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
};
/** Why the archive may be missing: a host serving raw content has no digest tree to archive. */
const NO_DIGEST = 'no digest tree: the host serves raw content (spec rule 7)';
const methodNotAllowed = error(`\`${ERRORS.methodNotAllowed}\` (with an Allow header)`);
const archiveHeaders: Json = {
  ...freshness,
  ETag: { description: 'Strong validator of the archive bytes.', schema: str },
  'Cache-Control': { schema: str },
  'Content-Length': { schema: { type: 'integer' } },
};

const LLMS_FILES = [
  ['llms.txt', 'getLlmsIndex', 'The llms.txt index of the site: its title, a summary, and a line per page by group.'],
  ['llms-full.txt', 'getLlmsFull', 'Every page of the site as clean Markdown, in corpus order.'],
] as const;

/** `/llms.txt` and `/llms-full.txt`, at the site root and under the tree. */
function llmsPaths(base: string): Json {
  const paths: Json = {};
  for (const [file, operationId, summary] of LLMS_FILES) {
    const get = (id: string): Json => ({
      get: {
        operationId: id,
        summary,
        responses: { 200: text('text/plain', 'The file the digest build wrote'), 404: error(`\`${ERRORS.notFound}\`: the digest has none`), 500: serverError },
      },
    });
    paths[`/${file}`] = get(`${operationId}AtRoot`);
    paths[`${base}/${file}`] = get(operationId);
  }
  return paths;
}

function askPaths(base: string): Json {
  return {
    [base]: {
      get: {
        operationId: 'getSuggestions',
        summary: 'Suggested questions and the configured loop model. No model call.',
        responses: { 200: { ...json(ref('SuggestionsResponse'), 'Suggestions'), headers: { ...freshness, [ANSWERS_HEADER]: { description: 'What a POST without mode gets: `agentic` (the server has a provider key: the answer stream) or `keyword` (keyword results; with mode `agentic`, a warning). Lets a client say so before asking.', schema: { type: 'string', enum: ['agentic', 'keyword'] } } } }, 405: methodNotAllowed, 500: serverError },
      },
      post: {
        operationId: 'ask',
        summary: 'Keyword results as JSON, or the agentic answer as Server-Sent Events.',
        requestBody: { required: true, content: { 'application/json': { schema: ref('AskRequest') } } },
        responses: {
          200: {
            description:
              'Keyword results (JSON), or the agentic stream (text/event-stream) of `search`, `sources`, `token`, `done` and a final `error` frame on failure.',
            headers: { ...freshness, [FEEDBACK_HEADER]: { description: `The absolute path of the feedback route (\`${base}/feedback\`); sent only when the query log is on, and the search box sends feedback only when it is there.`, schema: str } },
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
    [`${base}/feedback`]: {
      post: {
        operationId: 'sendFeedback',
        summary: 'A reader opened a keyword result, or rated an answer: one entry of the query log. Served only when the query log is on.',
        requestBody: { required: true, content: { 'application/json': { schema: ref('FeedbackRequest') } } },
        responses: {
          204: { description: 'Taken (no body): the entry is handed to the query log.' },
          400: error(
            `\`${ERRORS.invalidJson}\`, \`${ERRORS.badFeedbackEvent}\`, \`${ERRORS.feedbackQueryRequired}\`, \`${ERRORS.queryTooLong}\`, \`${ERRORS.badFeedbackUrl}\`, \`${ERRORS.badFeedbackRank}\` or \`${ERRORS.badFeedbackHelpful}\``,
          ),
          404: error(`\`${ERRORS.notFound}\`: when the query log is off`),
          405: methodNotAllowed,
          413: error(`\`${ERRORS.tooLarge}\` (over ${MAX_FEEDBACK_BYTES} bytes)`),
          429: {
            ...error(`\`${ERRORS.feedbackLimit}\`: over ${FEEDBACK_LIMITS.events} events in ${FEEDBACK_LIMITS.windowMs / 1000} s on this server, whoever sent them (with Retry-After)`),
            headers: { 'Retry-After': { description: 'Seconds until the window ends.', schema: { type: 'integer' } } },
          },
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
        summary: 'Every section in corpus order; with `budget`, the most relevant content that fits a token budget.',
        parameters: [
          { name: 'group', in: 'query', required: false, schema: str, description: 'Only sections of this group.' },
          {
            name: 'budget',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1 },
            description:
              'A token budget: sections in relevance order filled in three passes while the estimate fits (summaries, then facts, then the Markdown as `text`), with what was used and left out. ' +
              `At most ${MAX_BUDGET_TOKENS} tokens: a larger budget is served as that one (the response's \`budget\` says which applied). ` +
              `Budget requests are served ${BUDGET_ROUTE_LIMITS.inFlight} at a time per server, each holding its place until its body is sent; up to ${BUDGET_ROUTE_LIMITS.waiting} more wait up to ${BUDGET_ROUTE_LIMITS.waitMs} ms, the rest get 503 with Retry-After.`,
          },
          { name: 'q', in: 'query', required: false, schema: str, description: 'With `budget`: only the sections the keyword scorer matches, in its order (corpus order without).' },
        ],
        responses: {
          200: json(
            { oneOf: [{ type: 'object', required: ['sections'], properties: { sections: { type: 'array', items: ref('SectionSummary') } } }, ref('BudgetedSectionList')] },
            'Sections (`BudgetedSectionList` when `budget` is given)',
          ),
          400: error(`\`${ERRORS.badBudget}\``),
          500: serverError,
          503: busy,
        },
      },
    },
    [`${base}/sections/{id}`]: {
      get: {
        operationId: 'getSection',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: str, description: 'The section id; `/` and `#` URL-encoded.' },
          { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'markdown'], default: 'json' }, description: 'The node as JSON, or the section\'s source as clean Markdown.' },
        ],
        responses: {
          200: read('The section node, or its Markdown with `format=markdown`', { 'application/json': { schema: ref('DigestNode') }, 'text/markdown': { schema: str } }),
          400: error(`\`${ERRORS.badFormat}\``),
          404: notFound,
          500: serverError,
        },
      },
    },
    [`${base}/pages/{slug}.md`]: {
      get: {
        operationId: 'getPageMarkdown',
        summary: "A page's source as clean Markdown: title, source URL, its sections, links to the digest's pages.",
        parameters: [{ name: 'slug', in: 'path', required: true, schema: str, description: 'The page slug (`index` for the home page); its `/` may be URL-encoded or not.' }],
        responses: { 200: text('text/markdown', "The page's Markdown"), 404: error(`\`${ERRORS.notFound}\`: not a page of the digest`), 500: serverError },
      },
    },
    '/{page}.md': {
      get: {
        operationId: 'getPageMarkdownAtUrl',
        summary: "A page's clean Markdown at its own url + `.md` (`index.html.md` for a url without a file name), where llms.txt links.",
        parameters: [{ name: 'page', in: 'path', required: true, schema: str, description: "The page's url path (its `/` not encoded)." }],
        responses: { 200: text('text/markdown', "The page's Markdown"), 404: error(`\`${ERRORS.notFound}\`: not a page's Markdown url`), 500: serverError },
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
  /** The site the digest is of (manifest `identity`): named in `info`; omitted or null: the generic title. */
  readonly site?: { readonly name: string; readonly description: string | null } | null;
  /** Extra paths and components (the platform proxy's), merged in when mounted. */
  readonly extraPaths?: Json;
  readonly extraComponents?: Json;
}

function mergeComponents(extra: Json): Json {
  const part = (name: string): object => (typeof extra[name] === 'object' && extra[name] !== null ? extra[name] : {});
  return { ...extra, schemas: { ...SCHEMAS, ...part('schemas') }, headers: { ...HEADERS, ...part('headers') } };
}

/** The OpenAPI 3.1 document of the handler as mounted, as an object. */
export function openApiDocument(parts: OpenApiParts): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: parts.site ? `${parts.site.name}: search, answer and digest API` : 'ask: search, answer and digest API',
      version: '3.0.0',
      description: parts.site
        ? `Keyword search, a streamed grounded answer, and the keyless digest read routes of the ${parts.site.name} documentation${parts.site.description === null ? '.' : `: ${parts.site.description}`}`
        : 'Keyword search, a streamed grounded answer, and the keyless digest read routes of a documentation site.',
    },
    paths: { ...askPaths(parts.base), ...llmsPaths(parts.base), ...(parts.extraPaths ?? {}) },
    components: mergeComponents(parts.extraComponents ?? {}),
  };
}

/** The same document as YAML text. */
export function openApiYaml(parts: OpenApiParts): string {
  return stringify(openApiDocument(parts), { aliasDuplicateObjects: false });
}
