import { Validator } from '@seriousme/openapi-schema-validator';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import type { AskHandler } from '../../pipeline/runtime/handler.ts';
import { build } from '../support/digest-tree.ts';
import { tempFolder } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
let handler: AskHandler;
let document: { info: { title: string; description: string }; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
let cleanup: () => Promise<void> = async () => {};
let digestDir = '';

/** `/api/ask/sections/{id}` -> `/api/ask/sections/*`, `/api/ask/pages/{slug}.md` -> `/api/ask/pages/*`: the OpenAPI template as the handler's pattern. */
const asPattern = (openApiPath: string): string => openApiPath.replace(/\/\{[^}]+\}[^/]*$/, '/*');

beforeAll(async () => {
  const folder = await tempFolder();
  digestDir = path.join(folder.dir, 'digest');
  await build(SITE, digestDir);
  handler = createNodeAskHandler({ digestDir, processEnv: {}, log: () => {} });
  document = parseYaml(await (await handler(new Request('http://local/openapi.yaml'))).text()) as typeof document;
  cleanup = folder.cleanup;
});
afterAll(() => cleanup());

describe('/openapi.yaml', () => {
  it('is a valid OpenAPI 3.1 document according to a real validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("names the site of the digest in its info (the manifest's identity)", async () => {
    const manifest = JSON.parse(await readFile(path.join(digestDir, 'manifest.json'), 'utf8')) as { identity: { name: string } };
    expect(document.info.title).toBe(`${manifest.identity.name}: search, answer and digest API`);
    expect(document.info.description).toContain(`the ${manifest.identity.name} documentation`);
  });

  it('documents exactly the routes the handler serves (HEAD of the archive included)', () => {
    const documented = Object.entries(document.paths)
      .flatMap(([route, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${asPattern(route)}`))
      .filter((entry) => !entry.startsWith('HEAD '))
      .sort();
    const served = handler.routes.map((route) => `${route.method} ${route.path}`).sort();
    expect(served).toEqual(documented);
    expect(Object.keys(document.paths['/api/ask/archive'] ?? {})).toEqual(['get', 'head']);
  });

  it('documents the errors each route can answer', () => {
    const responses = (route: string, method: string) => Object.keys(document.paths[route]?.[method]?.responses ?? {});
    expect(responses('/api/ask', 'post')).toEqual(expect.arrayContaining(['200', '400', '413', '500']));
    expect(responses('/api/ask/glossary/{term}', 'get')).toEqual(expect.arrayContaining(['200', '404']));
    expect(responses('/api/ask/sections/{id}', 'get')).toEqual(expect.arrayContaining(['200', '404']));
    expect(responses('/api/ask/archive', 'get')).toEqual(expect.arrayContaining(['200', '304']));
    expect(responses('/api/ask/sections', 'get')).toEqual(expect.arrayContaining(['200', '400']));
    expect(responses('/api/ask/sections/{id}', 'get')).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(responses('/api/ask/pages/{slug}.md', 'get')).toEqual(expect.arrayContaining(['200', '404']));
    for (const route of ['/llms.txt', '/llms-full.txt', '/api/ask/llms.txt', '/api/ask/llms-full.txt']) expect(responses(route, 'get')).toEqual(expect.arrayContaining(['200', '404']));
  });

  it('documents the feedback route: its two events, 204, its errors, 404 when the query log is off, and the header that advertises it', () => {
    type Operation = { requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { description?: string; headers?: Record<string, unknown> }> };
    const feedback = document.paths['/api/ask/feedback']?.['post'] as Operation | undefined;
    expect(Object.keys(document.paths['/api/ask/feedback'] ?? {})).toEqual(['post']);
    expect(Object.keys(feedback?.responses ?? {}).sort()).toEqual(['204', '400', '404', '405', '413', '429']);
    expect(feedback?.responses['404']?.description).toContain('when the query log is off');
    expect(Object.keys(feedback?.responses['429']?.headers ?? {})).toEqual(['Retry-After']);
    expect(feedback?.requestBody?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/FeedbackRequest' });
    const schemas = (document as unknown as { components: { schemas: Record<string, { oneOf?: unknown[]; required?: string[] }> } }).components.schemas;
    expect(schemas['FeedbackRequest']?.oneOf).toEqual([{ $ref: '#/components/schemas/OpenFeedback' }, { $ref: '#/components/schemas/RatingFeedback' }]);
    expect(schemas['OpenFeedback']?.required).toEqual(['event', 'query', 'url', 'rank']);
    expect(schemas['RatingFeedback']?.required).toEqual(['event', 'query', 'helpful']);
    const ask = document.paths['/api/ask']?.['post'] as Operation | undefined;
    expect(Object.keys(ask?.responses['200']?.headers ?? {})).toContain('x-ask-feedback');
  });

  it("documents the new routes' parameters, media types and the freshness headers of every read", () => {
    type Operation = { parameters?: { name: string }[]; responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }> };
    const operation = (route: string, method = 'get') => document.paths[route]?.[method] as Operation | undefined;
    expect(operation('/api/ask/sections')?.parameters?.map((parameter) => parameter.name)).toEqual(['group', 'budget', 'q']);
    expect(operation('/api/ask/sections/{id}')?.parameters?.map((parameter) => parameter.name)).toEqual(['id', 'format']);
    expect(Object.keys(operation('/api/ask/sections/{id}')?.responses['200']?.content ?? {})).toEqual(['application/json', 'text/markdown']);
    expect(Object.keys(operation('/api/ask/pages/{slug}.md')?.responses['200']?.content ?? {})).toEqual(['text/markdown']);
    expect(Object.keys(operation('/llms.txt')?.responses['200']?.content ?? {})).toEqual(['text/plain']);
    // the feedback route writes, it reads nothing of the digest: no freshness stamp
    const reads = Object.entries(document.paths).filter(([route]) => route !== '/openapi.yaml' && route !== '/api/ask/feedback').flatMap(([route, methods]) => Object.keys(methods).map((method) => [route, method] as const));
    for (const [route, method] of reads) {
      expect(Object.keys(operation(route, method)?.responses['200']?.headers ?? {}), `${method} ${route}`).toEqual(expect.arrayContaining(['x-ask-content-hash', 'x-ask-build-commit']));
    }
  });
});

describe('/openapi.yaml with the platform proxy mounted', () => {
  it('documents the platform operations too and is still valid OpenAPI 3.1', async () => {
    const folder = await tempFolder();
    await build(SITE, path.join(folder.dir, 'digest'));
    const withProxy = createNodeAskHandler({
      digestDir: path.join(folder.dir, 'digest'),
      processEnv: {},
      log: () => {},
      platformUrl: 'http://127.0.0.1:9',
    });
    const combined = parseYaml(await (await withProxy(new Request('http://local/openapi.yaml'))).text()) as Record<string, unknown> & { paths: object };
    await folder.cleanup();
    expect(Object.keys(combined.paths)).toEqual(expect.arrayContaining(['/api/ask', '/api/v2/users/login', '/api/v2/notifications/inbox/watch']));
    const result = await new Validator().validate(combined);
    expect(result.errors ?? []).toEqual([]);
  });
});
