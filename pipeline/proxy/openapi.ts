/**
 * The OpenAPI 3.1 `paths` and `components` of the platform routes, generated
 * from the operations table so the document and the proxy cannot drift.
 */
import { z } from 'zod';
import type { ParameterSpec, PlatformOperation, ResponseSpec } from '../platform-api/operation.ts';
import { PLATFORM_OPERATIONS } from '../platform-api/operations.ts';
import { platformSchemas } from '../platform-api/schemas.ts';
import { SESSION_TOKEN_HEADER } from '../platform-api/session-header.ts';

type Json = Record<string, unknown>;

const SCHEMA_URI = (id: string) => `#/components/schemas/${id}`;

/** A JSON Schema for a zod schema: a `$ref` when it is a named component, inlined otherwise. */
function schemaFor(schema: z.core.$ZodType): Json {
  const id = platformSchemas.get(schema)?.id;
  if (id !== undefined) return { $ref: SCHEMA_URI(id) };
  if (schema instanceof z.ZodArray) return { type: 'array', items: schemaFor(schema.element) };
  const generated = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
  delete generated.$schema;
  return generated;
}

function parameterSchema(spec: ParameterSpec): Json {
  return spec.openapi === undefined ? schemaFor(spec.schema) : { ...spec.openapi };
}

/** Answers the proxy itself can give for an operation, beside the upstream's documented ones. */
function proxyResponses(operation: PlatformOperation): Record<number, string> {
  const out: Record<number, string> = {};
  if (operation.pathParams !== undefined || operation.query !== undefined || operation.body !== undefined) {
    out[400] = 'Invalid parameters or body; `validations` names the fields.';
  }
  if (operation.credential !== 'none') out[401] = `No ${SESSION_TOKEN_HEADER} header.`;
  if (operation.upstream === 'agent-debug') out[404] = 'Agent debug routes are not enabled (no --agent-debug-url).';
  if (operation.body !== undefined) out[413] = 'Request body too large.';
  out[502] = operation.passage === 'buffered'
    ? 'The upstream could not be reached, or its answer was over the buffered-answer limit (8 MiB by default).'
    : 'The upstream could not be reached.';
  out[504] = 'The upstream did not answer in time.';
  return out;
}

function problemObject(description: string): Json {
  return { description, content: { 'application/json': { schema: { $ref: SCHEMA_URI('Response') } } } };
}

function responseObject(spec: ResponseSpec): Json {
  if (spec.body === undefined && spec.rawSchema === undefined) return { description: spec.description };
  const schema = spec.rawSchema === undefined && spec.body !== undefined ? schemaFor(spec.body) : { ...spec.rawSchema };
  return { description: spec.description, content: { [spec.contentType ?? 'application/json']: { schema } } };
}

function operationObject(operation: PlatformOperation): Json {
  const parameters: Json[] = [];
  for (const [name, spec] of Object.entries(operation.pathParams ?? {})) {
    parameters.push({ name, in: 'path', required: true, description: spec.description, schema: parameterSchema(spec) });
  }
  for (const [name, spec] of Object.entries(operation.query ?? {})) {
    parameters.push({ name, in: 'query', required: false, description: spec.description, schema: parameterSchema(spec) });
  }
  const responses: Record<string, Json> = {};
  const own = proxyResponses(operation);
  for (const [status, description] of Object.entries(own)) responses[status] = problemObject(description);
  for (const [status, spec] of Object.entries(operation.responses)) responses[status] = responseObject(spec);
  const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));

  const object: Json = { operationId: operation.id, summary: operation.summary, tags: [operation.tag] };
  if (parameters.length > 0) object.parameters = parameters;
  if (operation.body !== undefined) {
    object.requestBody = { required: true, content: { 'application/json': { schema: schemaFor(operation.body) } } };
  }
  object.responses = sorted;
  object.security = operation.credential === 'none' ? [] : [{ SessionToken: [] }];
  return object;
}

/** The OpenAPI 3.1 `paths` object of every platform operation. */
export function platformOpenApiPaths(): Record<string, unknown> {
  const paths: Record<string, Json> = {};
  for (const operation of PLATFORM_OPERATIONS) {
    const item = paths[operation.path] ?? {};
    item[operation.method.toLowerCase()] = operationObject(operation);
    paths[operation.path] = item;
  }
  return paths;
}

/** The OpenAPI 3.1 `components` the paths refer to: the named schemas and the session-token scheme. */
export function platformOpenApiComponents(): Record<string, unknown> {
  const generated = z.toJSONSchema(platformSchemas, { target: 'draft-2020-12', io: 'input', uri: SCHEMA_URI, unrepresentable: 'any' });
  const schemas: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(generated.schemas)) {
    const rest = { ...schema };
    delete rest.$schema;
    delete rest.$id;
    schemas[id] = rest;
  }
  return {
    schemas,
    securitySchemes: { SessionToken: { type: 'apiKey', in: 'header', name: SESSION_TOKEN_HEADER } },
  };
}
