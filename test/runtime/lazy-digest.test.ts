import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDigestFolder, readDigestFolder } from '../../pipeline/adapters/digest-folder.ts';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import { DIGEST_SCHEMA_VERSION } from '../../pipeline/format/manifest.ts';
import { sectionFilePath } from '../../pipeline/format/paths.ts';
import { streamAgenticAnswerFor } from '../../pipeline/runtime/agentic-answer.ts';
import { manifestHead, manifestHeadOfPrefix, parseDigestFiles } from '../../pipeline/runtime/digest-data.ts';
import { createAskHandler } from '../../pipeline/runtime/handler.ts';
import { build } from '../support/digest-tree.ts';
import { tempFolder } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
const REVOKE = 'guide/tokens#revoke-a-token';
let root = '';
let built = '';
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  const folder = await tempFolder();
  root = folder.dir;
  built = path.join(root, 'built');
  cleanup = folder.cleanup;
  await build(SITE, built);
});
afterAll(() => cleanup());

let copies = 0;
/** A copy of the built digest to break. */
async function digestCopy(): Promise<string> {
  copies += 1;
  const dir = path.join(root, `copy-${copies}`);
  await cp(built, dir, { recursive: true });
  return dir;
}

const keyword = (query: string): Request =>
  new Request('http://local/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, mode: 'keyword' }) });
const get = (route: string): Request => new Request(`http://local/api/ask${route}`);
const section = (id: string): Request => get(`/sections/${encodeURIComponent(id)}`);

describe('the Node adapter serves keyword search before it reads any section node', () => {
  it('answers keyword queries with a node file gone, and 500 naming the file only for that node', async () => {
    const dir = await digestCopy();
    await rm(path.join(dir, sectionFilePath(REVOKE)));
    const handler = createNodeAskHandler({ digestDir: dir, processEnv: {}, log: () => {} });
    const answer = await handler(keyword('revoke a session token'));
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { results: unknown[] }).results[0]).toMatchObject({ url: '/guide/tokens#revoke-a-token' });
    expect((await handler(section('guide/tokens#send-the-header'))).status).toBe(200);
    const missing = await handler(section(REVOKE));
    expect(missing.status).toBe(500);
    expect(((await missing.json()) as { error: string }).error).toMatch(/the digest has no sections\/guide\/tokens\/revoke-a-token\.json; run 'ask digest build'/);
    expect((await handler(get('/sections'))).status).toBe(500);
  });

  it('reads the overview only for its route', async () => {
    const dir = await digestCopy();
    await rm(path.join(dir, 'overview.md'));
    const handler = createNodeAskHandler({ digestDir: dir, processEnv: {}, log: () => {} });
    expect((await handler(keyword('passcode'))).status).toBe(200);
    const overview = await handler(get('/overview'));
    expect(overview.status).toBe(500);
    expect(((await overview.json()) as { error: string }).error).toMatch(/the digest has no overview\.md/);
  });

  it('refuses a manifest of another schema on the first request, saying how to rebuild', async () => {
    const dir = await digestCopy();
    const file = path.join(dir, 'manifest.json');
    const manifest = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...manifest, schema: 2 }));
    const handler = createNodeAskHandler({ digestDir: dir, processEnv: {}, log: () => {} });
    const response = await handler(keyword('passcode'));
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: string }).error).toMatch(/digest schema 2 is not the supported \d+; rebuild with 'ask digest build --force'/);
  });

  it('finds the manifest head past a first read that falls short, and lists the same sections as the tree', async () => {
    const dir = await digestCopy();
    const file = path.join(dir, 'manifest.json');
    const manifest = JSON.parse(await readFile(file, 'utf8')) as { files: Record<string, string>; contentHash: string };
    // `files` sorts before `schema`: pad it to most of the file, past the first read
    const files = { ...manifest.files };
    for (let at = 0; at < 4000; at += 1) files[`padding/${String(at).padStart(5, '0')}.md`] = 'f'.repeat(64);
    await writeFile(file, `${JSON.stringify({ ...manifest, files }, null, 2)}\n`);
    const data = await loadDigestFolder(dir);
    expect(data.contentHash).toBe(manifest.contentHash);
    expect(data.node(REVOKE)?.heading).toBe('Revoke a token');
    expect(data.node('../../package.json')).toBeUndefined();
    const inMemory = parseDigestFiles(await readDigestFolder(built));
    expect((await data.sectionNodes()).map((node) => node.id)).toEqual((await inMemory.sectionNodes()).map((node) => node.id));
    expect(data.sectionPosition(REVOKE)).toBe(inMemory.sectionPosition(REVOKE));
  });
});

describe('the Node adapter reads the manifest head through the folder store', () => {
  it('gives the site name and description as the UTF-8 they are, from a prefix past a padded files list', async () => {
    const dir = await digestCopy();
    const file = path.join(dir, 'manifest.json');
    const manifest = JSON.parse(await readFile(file, 'utf8')) as { files: Record<string, string> };
    const files = { ...manifest.files };
    for (let at = 0; at < 4000; at += 1) files[`padding/${String(at).padStart(5, '0')}.md`] = 'é'.repeat(40);
    const identity = { name: 'Café docs – ünïcode', description: 'Brewing – by hand' };
    await writeFile(file, `${JSON.stringify({ ...manifest, files, identity }, null, 2)}\n`);
    const data = await loadDigestFolder(dir);
    expect(data.identity).toEqual(identity);
    expect(data.node(REVOKE)?.heading).toBe('Revoke a token');
  });
});

describe('the in-memory tree (the worker bundle) is read the same way', () => {
  it('parses a node only when asked for', async () => {
    const files = new Map(await readDigestFolder(built));
    files.set(sectionFilePath(REVOKE), '{ broken');
    const handler = createAskHandler({ digest: () => Promise.resolve(files), archive: () => Promise.resolve(new Uint8Array(0)), streamAgentic: streamAgenticAnswerFor, processEnv: {}, log: () => {} });
    expect((await handler(keyword('revoke a session token'))).status).toBe(200);
    const broken = await handler(section(REVOKE));
    expect(broken.status).toBe(500);
    expect(((await broken.json()) as { error: string }).error).toMatch(/sections\/guide\/tokens\/revoke-a-token\.json is not valid JSON/);
  });
});

describe('the manifest head', () => {
  const identity = { name: 'Café docs', description: 'Brewing – by hand' };
  const text = JSON.stringify({ build: { commit: 'c0ffee' }, contentHash: 'abc', files: { 'a.md': 'x' }, identity, schema: DIGEST_SCHEMA_VERSION, sections: { a: 'y' } });

  it('is read by key, from a prefix when the prefix holds its four keys', () => {
    expect(manifestHead(text)).toMatchObject({ contentHash: 'abc', buildCommit: 'c0ffee' });
    expect(manifestHeadOfPrefix(text.slice(0, text.indexOf('"sections"')), false, () => text)).toMatchObject({ contentHash: 'abc', buildCommit: 'c0ffee' });
    expect(manifestHeadOfPrefix(text.slice(0, text.indexOf('"schema"')), false, () => text)).toBeNull();
    // the site's name and description, from a prefix read as latin1 (as a host reads the file's head), as the UTF-8 they are
    const bytes = Buffer.from(text, 'utf8').toString('latin1');
    expect(manifestHeadOfPrefix(bytes.slice(0, bytes.indexOf('"sections"')), false, () => text)?.identity).toEqual(identity);
    const cut = text.slice(0, text.indexOf('"schema"'));
    expect(() => manifestHeadOfPrefix(cut, true, () => cut)).toThrow(/manifest\.json is not valid JSON/);
  });

  it('gives a null build commit when the build did not know it, or the manifest has none', () => {
    const unknown = text.replace('"c0ffee"', 'null');
    expect(manifestHeadOfPrefix(unknown.slice(0, unknown.indexOf('"sections"')), false, () => unknown)?.buildCommit).toBeNull();
    const without = JSON.stringify({ contentHash: 'abc', identity: { name: 'Docs', description: null }, schema: DIGEST_SCHEMA_VERSION, sections: {} });
    // without `build` the prefix is not enough: the whole text decides
    expect(manifestHeadOfPrefix(without.slice(0, without.indexOf('"sections"')), false, () => without)).toBeNull();
    expect(manifestHeadOfPrefix(without, true, () => without)?.buildCommit).toBeNull();
  });

  it('refuses what is not a manifest of this schema', () => {
    expect(() => manifestHead('{ broken')).toThrow(/not valid JSON/);
    expect(() => manifestHead('{"contentHash":"abc","schema":1}')).toThrow(/digest schema 1 is not the supported/);
    expect(() => manifestHead(`{"schema":${DIGEST_SCHEMA_VERSION}}`)).toThrow(/not an ask digest manifest/);
    expect(() => manifestHead('[]')).toThrow(/not an ask digest manifest/);
  });
});
