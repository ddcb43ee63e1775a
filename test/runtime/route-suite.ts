import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_MODELS } from '../../pipeline/model/defaults.ts';
import { MAX_BUDGET_TOKENS } from '../../pipeline/runtime/budget-route.ts';
import { build } from '../support/digest-tree.ts';
import type { RouteTarget } from '../support/route-targets.ts';
import { tarEntries } from '../support/tar-entries.ts';
import { tempFolder } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const BUDGET_ERROR = { error: "'budget' must be a positive whole number of tokens." };

interface Budgeted {
  sections: { id: string; summary: string; facts?: { literal: string }[]; text?: string }[];
  budget: number;
  used: number;
  omitted: { summaries: number; facts: number; text: number };
  note: string;
}

/**
 * The route suite of spec/ask-service.md, run against any target: every route, its errors and
 * the mode-selection rules that need no key. The same assertions run in memory, on Node and on workerd.
 */
export function defineRouteSuite(name: string, makeTarget: (digestDir: string) => Promise<RouteTarget> | RouteTarget): void {
  describe(`ask routes (${name})`, () => {
    let target: RouteTarget;
    let cleanup: () => Promise<void> = async () => {};
    /** The digest's own files, to compare the served ones with. */
    let digestFile: (relative: string) => Promise<string> = () => Promise.reject(new Error('not built'));
    let manifest: { contentHash: string; build: { commit: string | null } };
    beforeAll(async () => {
      const folder = await tempFolder();
      const digestDir = path.join(folder.dir, 'digest');
      await build(SITE, digestDir);
      digestFile = (relative) => readFile(path.join(digestDir, relative), 'utf8');
      manifest = JSON.parse(await digestFile('manifest.json')) as typeof manifest;
      target = await makeTarget(digestDir);
      cleanup = async () => {
        await target.close();
        await folder.cleanup();
      };
    }, 120_000);
    afterAll(() => cleanup());

    it('GET {ask_base} gives suggestions and the configured model', async () => {
      const response = await target.fetch('/api/ask');
      expect(response.status).toBe(200);
      const body = (await response.json()) as { suggestions: unknown; model: string };
      expect(Array.isArray(body.suggestions)).toBe(true);
      expect(body.model).toBe(DEFAULT_MODELS.anthropic);
    });

    it('POST keyword mode ranks sections and echoes the query', async () => {
      const response = await target.fetch('/api/ask', json({ query: 'revoke a session token', mode: 'keyword' }));
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as { mode: string; warning?: string; results: unknown[] };
      expect(body).toMatchObject({ query: 'revoke a session token', mode: 'keyword', model: DEFAULT_MODELS.anthropic });
      expect(body.warning).toBeUndefined();
      expect(body.results[0]).toMatchObject({ title: 'Session tokens', heading: 'Revoke a token', url: '/guide/tokens#revoke-a-token', group: 'guide' });
    });

    it('rule 1: an empty or whitespace query answers the empty keyword JSON, whatever the mode', async () => {
      for (const body of [{ query: '' }, { query: '   \n' }, { query: ' ', mode: 'agentic' }]) {
        expect(await (await target.fetch('/api/ask', json(body))).json()).toEqual({ results: [], query: '', model: DEFAULT_MODELS.anthropic, mode: 'keyword' });
      }
    });

    it('rule 2: mode omitted without a key answers keyword JSON with no warning', async () => {
      const body = (await (await target.fetch('/api/ask', json({ query: 'passcode' }))).json()) as { mode: string; warning?: string; results: unknown[] };
      expect(body.mode).toBe('keyword');
      expect(body.warning).toBeUndefined();
      expect(body.results.length).toBeGreaterThan(0);
    });

    it('rule 3: agentic without a key answers keyword JSON with a warning', async () => {
      const body = (await (await target.fetch('/api/ask', json({ query: 'passcode', mode: 'agentic' }))).json()) as { mode: string; warning?: string; results: unknown[] };
      expect(body.mode).toBe('keyword');
      expect(body.warning).toMatch(/ANTHROPIC_API_KEY/);
      expect(body.results.length).toBeGreaterThan(0);
    });

    it('answers 400 Invalid JSON body. for a body that is not JSON', async () => {
      const response = await target.fetch('/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ' });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Invalid JSON body.' });
    });

    it('answers 400 for a missing or non-string query and for an unknown mode, 413 for a huge body', async () => {
      for (const body of [{}, { query: 42 }, [], 'text', { query: 'x', mode: 'fast' }]) {
        const response = await target.fetch('/api/ask', json(body));
        expect(response.status).toBe(400);
        expect(typeof ((await response.json()) as { error: unknown }).error).toBe('string');
      }
      const huge = await target.fetch('/api/ask', json({ query: 'x'.repeat(20_000) }));
      expect(huge.status).toBe(413);
      expect(await huge.json()).toEqual({ error: 'Request body too large.' });
    });

    it('lists the glossary and finds an entry by term or alias, case-insensitively', async () => {
      const { terms } = (await (await target.fetch('/api/ask/glossary')).json()) as { terms: { term: string }[] };
      expect(terms.map((entry: { term: string }) => entry.term)).toContain('session token');
      const byTerm = await target.fetch('/api/ask/glossary/Session%20Token');
      expect(byTerm.status).toBe(200);
      expect(((await byTerm.json()) as { term: string }).term).toBe('session token');
      const byAlias = await target.fetch('/api/ask/glossary/otp');
      expect(((await byAlias.json()) as { term: string }).term).toBe('one-time passcode');
    });

    it('answers 404 Not found. for an unknown glossary term', async () => {
      const response = await target.fetch('/api/ask/glossary/nonexistent');
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found.' });
    });

    it('lists sections, filtered by group, with null heading and group where absent', async () => {
      const all = ((await (await target.fetch('/api/ask/sections')).json()) as { sections: unknown[] }).sections;
      expect(all[0]).toEqual({ id: 'guide/passcodes', title: 'One-time passcodes', heading: null, group: 'guide', url: '/guide/passcodes' });
      const reference = ((await (await target.fetch('/api/ask/sections?group=Reference')).json()) as { sections: { id: string }[] }).sections;
      expect(reference.map((section: { id: string }) => section.id)).toEqual(['reference/flags', 'reference/flags#global-flags', 'reference/flags#environment']);
    });

    it('returns a section node by URL-encoded id', async () => {
      const response = await target.fetch(`/api/ask/sections/${encodeURIComponent('guide/tokens#send-the-header')}`);
      expect(response.status).toBe(200);
      const node = (await response.json()) as { facts: { literal: string }[]; sources: unknown };
      expect(node).toMatchObject({ id: 'guide/tokens#send-the-header', kind: 'section', heading: 'Send the header', url: '/guide/tokens#send-the-header' });
      expect(node.facts.map((fact: { literal: string }) => fact.literal)).toContain('Svc-Session-Token');
      expect(node.sources).toEqual([{ chunkId: 'guide/tokens#send-the-header', url: '/guide/tokens#send-the-header', anchor: 'send-the-header' }]);
    });

    it('answers 404 for an unknown section id, traversal included', async () => {
      for (const id of ['nope', '../../package.json', '..%2F..%2Fpackage.json', 'guide/tokens#nope']) {
        const response = await target.fetch(`/api/ask/sections/${encodeURIComponent(id)}`);
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: 'Not found.' });
      }
    });

    it('returns the overview and the context', async () => {
      const body = (await (await target.fetch('/api/ask/overview')).json()) as { overview: string; context: string };
      expect(body.overview).toContain('[Session tokens](/guide/tokens)');
      expect(typeof body.context).toBe('string');
      expect(body.context.length).toBeGreaterThan(0);
    });

    it('GET archive is a gzip tar of the digest tree with the cache headers', async () => {
      const response = await target.fetch('/api/ask/archive');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/gzip');
      expect(response.headers.get('x-ask-content-hash')).toMatch(/^[0-9a-f]{64}$/);
      expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
      expect(response.headers.get('cache-control')).toContain('max-age');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
      const entries = tarEntries(bytes);
      expect(entries).toContain('manifest.json');
      expect(entries).toContain('sections/guide/tokens/@intro.json');
      expect(entries.every((entry) => !entry.startsWith('/') && !entry.split('/').includes('..'))).toBe(true);
    });

    it('HEAD archive has the same headers and no body; a matching If-None-Match answers 304', async () => {
      const get = await target.fetch('/api/ask/archive');
      const head = await target.fetch('/api/ask/archive', { method: 'HEAD' });
      expect(head.status).toBe(200);
      for (const header of ['etag', 'x-ask-content-hash', 'content-length', 'cache-control', 'content-type']) {
        expect(head.headers.get(header)).toBe(get.headers.get(header));
      }
      expect((await head.arrayBuffer()).byteLength).toBe(0);
      const cached = await target.fetch('/api/ask/archive', { headers: { 'if-none-match': get.headers.get('etag') ?? '' } });
      expect(cached.status).toBe(304);
      expect(cached.headers.get('x-ask-content-hash')).toBe(get.headers.get('x-ask-content-hash'));
      expect((await cached.arrayBuffer()).byteLength).toBe(0);
    });

    it('serves the OpenAPI 3.1 contract at /openapi.yaml, version 3.0.0', async () => {
      const response = await target.fetch('/openapi.yaml');
      expect(response.status).toBe(200);
      const document = parseYaml(await response.text()) as { openapi: string; info: { version: string }; paths: object };
      expect(document.openapi).toBe('3.1.0');
      expect(document.info.version).toBe('3.0.0');
      expect(Object.keys(document.paths)).toContain('/api/ask/sections/{id}');
    });

    it('answers 404 Not found. for unknown routes under the tree, 405 for a wrong method', async () => {
      const unknown = await target.fetch('/api/ask/nothing-here');
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: 'Not found.' });
      const wrong = await target.fetch('/api/ask/glossary', { method: 'DELETE' });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get('allow')).toBe('GET, HEAD');
      expect(await wrong.json()).toEqual({ error: 'Method not allowed.' });
    });

    it('serves llms.txt and llms-full.txt at the site root and under the tree, as the build wrote them', async () => {
      for (const name of ['llms.txt', 'llms-full.txt']) {
        const written = await digestFile(name);
        for (const route of [`/${name}`, `/api/ask/${name}`]) {
          const response = await target.fetch(route);
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
          expect(await response.text()).toBe(written);
        }
      }
      const index = await (await target.fetch('/llms.txt')).text();
      expect(index).toMatch(/^# /);
      expect(index).toContain('](/guide/tokens.md)');
      expect(await (await target.fetch('/api/ask/llms-full.txt')).text()).toContain('Source: /guide/tokens');
    });

    it("serves each page's Markdown at its url + .md, where llms.txt links, and 404 for any other .md path", async () => {
      const index = await (await target.fetch('/llms.txt')).text();
      const links = [...index.matchAll(/\]\((\/[^)]*\.md)\)/g)].map((match) => match[1] ?? '');
      expect(links).toContain('/guide/tokens.md');
      for (const link of links) {
        const response = await target.fetch(link);
        expect(response.status, link).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
        expect(response.headers.get('x-ask-content-hash')).toBe(manifest.contentHash);
      }
      expect(await (await target.fetch('/guide/tokens.md')).text()).toBe(await (await target.fetch('/api/ask/pages/guide/tokens.md')).text());
      for (const route of ['/guide/nope.md', '/guide/tokens', '/api/ask/guide/tokens.md', '/guide/tokens.md/x']) expect((await target.fetch(route)).status, route).toBe(404);
    });

    it("serves a section's Markdown with format=markdown, the node with format=json, and 400 for any other format", async () => {
      const id = encodeURIComponent('guide/tokens#send-the-header');
      const markdown = await target.fetch(`/api/ask/sections/${id}?format=markdown`);
      expect(markdown.status).toBe(200);
      expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      const text = await markdown.text();
      expect(text).toMatch(/^## Send the header\n/);
      expect(text).toContain('curl -H "Svc-Session-Token: $TOKEN" https://svc.example.com/api/v2/workspaces');
      const node = (await (await target.fetch(`/api/ask/sections/${id}?format=json`)).json()) as { markdown: string };
      expect(node).toEqual(await (await target.fetch(`/api/ask/sections/${id}`)).json());
      expect(node.markdown).toBe(text);
      for (const format of ['xml', 'MARKDOWN', '']) {
        const refused = await target.fetch(`/api/ask/sections/${id}?format=${format}`);
        expect(refused.status).toBe(400);
        expect(await refused.json()).toEqual({ error: "'format' must be 'json' or 'markdown'." });
      }
      expect((await target.fetch(`/api/ask/sections/nope?format=markdown`)).status).toBe(404);
    });

    it("serves a page's Markdown at pages/{slug}.md, its slash encoded or not", async () => {
      const written = await digestFile('pages/guide/tokens.md');
      for (const route of ['/api/ask/pages/guide/tokens.md', '/api/ask/pages/guide%2Ftokens.md']) {
        const response = await target.fetch(route);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
        expect(await response.text()).toBe(written);
      }
      expect(written).toMatch(/^# Session tokens\n\nSource: \/guide\/tokens\n/);
      expect(written).toContain('## Revoke a token');
    });

    it('answers 404 for anything but a page slug of the digest under pages/, traversal included', async () => {
      const routes = [
        'nope.md',
        'guide/tokens',
        'guide.md',
        'guide/tokens.json',
        '..%2Fmanifest.json',
        '..%2F..%2Fpackage.json.md',
        '%2E%2E%2Fmanifest.json.md',
        'guide%2F..%2Fguide%2Ftokens.md',
        encodeURIComponent('guide/tokens#send-the-header') + '.md',
        '.md',
      ];
      for (const route of routes) {
        const response = await target.fetch(`/api/ask/pages/${route}`);
        expect(response.status, route).toBe(404);
        expect(await response.json()).toEqual({ error: 'Not found.' });
      }
    });

    it('fills a token budget with summaries, then facts, then text, saying what it left out', async () => {
      const all = ((await (await target.fetch('/api/ask/sections')).json()) as { sections: { id: string }[] }).sections;
      const roomy = (await (await target.fetch('/api/ask/sections?budget=100000')).json()) as Budgeted;
      expect(roomy.sections.map((section) => section.id)).toEqual(all.map((section) => section.id));
      expect(roomy.sections.every((section) => section.facts !== undefined && section.text !== undefined)).toBe(true);
      expect(roomy).toMatchObject({ budget: 100000, omitted: { summaries: 0, facts: 0, text: 0 }, note: 'Everything fit.' });
      expect(roomy.used).toBeGreaterThan(0);

      // the three passcode sections' summaries fit in 200 tokens, not all their facts
      const tight = (await (await target.fetch('/api/ask/sections?budget=200&q=passcode')).json()) as Budgeted;
      const ranked = ((await (await target.fetch('/api/ask', json({ query: 'passcode', mode: 'keyword' }))).json()) as { results: { url: string }[] }).results;
      // the scorer's order, with no per-page cap (the keyword results stop at two of a page)
      expect(tight.sections.map((section) => `/${section.id}`).slice(0, ranked.length)).toEqual(ranked.map((result) => result.url));
      expect(tight.sections).toHaveLength(3);
      expect(tight.used).toBeLessThanOrEqual(200);
      expect(tight.budget).toBe(200);
      expect(tight.omitted.summaries).toBe(0);
      expect(tight.omitted.facts).toBeGreaterThan(0);
      expect(tight.note).toMatch(/^Of 3 sections, left out .* to fit 200 tokens\./);
      // a section gets text only with its facts, and facts only with its summary
      const withFacts = tight.sections.filter((section) => section.facts !== undefined).length;
      const withText = tight.sections.filter((section) => section.text !== undefined).length;
      const matched = tight.sections.length + tight.omitted.summaries;
      expect([matched - withFacts, matched - withText]).toEqual([tight.omitted.facts, tight.omitted.text]);

      const nothing = (await (await target.fetch('/api/ask/sections?budget=1')).json()) as Budgeted;
      expect(nothing).toMatchObject({ sections: [], used: 0, omitted: { summaries: all.length, facts: all.length, text: all.length } });
    });

    it('keeps to a group with a budget, and lists exactly as before without one', async () => {
      const grouped = (await (await target.fetch('/api/ask/sections?budget=100000&group=Reference')).json()) as Budgeted;
      expect(grouped.sections.map((section) => section.id)).toEqual(['reference/flags', 'reference/flags#global-flags', 'reference/flags#environment']);
      const plain: unknown = await (await target.fetch('/api/ask/sections')).json();
      expect(await (await target.fetch('/api/ask/sections?q=passcode')).json()).toEqual(plain);
    });

    it('answers 400 for a budget that is not a positive whole number', async () => {
      for (const budget of ['0', '-5', '1.5', 'ten', '', '1e3', '0x10']) {
        const response = await target.fetch(`/api/ask/sections?budget=${encodeURIComponent(budget)}`);
        expect(response.status, budget).toBe(400);
        expect(await response.json()).toEqual(BUDGET_ERROR);
      }
    });

    it('serves a budget above the maximum as the maximum, however many digits it has', async () => {
      for (const budget of ['9007199254740991', '99999999999999999999', '9'.repeat(400)]) {
        const response = await target.fetch(`/api/ask/sections?budget=${budget}`);
        expect(response.status, budget).toBe(200);
        expect(((await response.json()) as Budgeted).budget).toBe(MAX_BUDGET_TOKENS);
      }
    });

    it('stamps every read response with the content hash and the build commit, and not the contract', async () => {
      const routes = [
        '/api/ask',
        '/api/ask/glossary',
        '/api/ask/glossary/otp',
        '/api/ask/sections',
        '/api/ask/sections?budget=100',
        `/api/ask/sections/${encodeURIComponent('guide/tokens#send-the-header')}`,
        '/api/ask/overview',
        '/api/ask/archive',
        '/llms.txt',
        '/api/ask/llms-full.txt',
        '/api/ask/pages/guide/tokens.md',
      ];
      for (const route of routes) {
        const response = await target.fetch(route);
        expect(response.status, route).toBe(200);
        expect(response.headers.get('x-ask-content-hash'), route).toBe(manifest.contentHash);
        expect(response.headers.get('x-ask-build-commit'), route).toBe(manifest.build.commit);
      }
      const keyword = await target.fetch('/api/ask', json({ query: 'passcode', mode: 'keyword' }));
      expect(keyword.headers.get('x-ask-content-hash')).toBe(manifest.contentHash);
      expect((await target.fetch('/openapi.yaml')).headers.get('x-ask-content-hash')).toBeNull();
    });

    it('answers 405 with an Allow header for a wrong method on the new routes, and HEAD without a body', async () => {
      for (const route of ['/llms.txt', '/llms-full.txt', '/api/ask/llms.txt', '/api/ask/pages/guide/tokens.md']) {
        const wrong = await target.fetch(route, { method: 'POST' });
        expect(wrong.status, route).toBe(405);
        expect(wrong.headers.get('allow')).toBe('GET, HEAD');
        expect(await wrong.json()).toEqual({ error: 'Method not allowed.' });
      }
      const head = await target.fetch('/llms.txt', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('x-ask-content-hash')).toBe(manifest.contentHash);
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    });
  });
}
