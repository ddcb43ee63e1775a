/**
 * Issue 23, item 2: a symbolic link planted inside a digest folder (`pages/<slug>.md ->` a
 * secret file of the machine) is never followed: the routes answer as for a missing file and
 * say so in the log, the archive leaves it out, and `ask digest check` does not call the digest current.
 */
import { cp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import { readManifest } from '../../pipeline/digest/read.ts';
import { sectionFilePath } from '../../pipeline/format/paths.ts';
import { runAsk } from '../support/cli.ts';
import { build } from '../support/digest-tree.ts';
import { tempFolder, tempFoldersPerTest } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
const SECRET = 'BUILD_MACHINE_KEY=not-for-serving-51c2';
const REVOKE = 'guide/tokens#revoke-a-token';
let root = '';
let built = '';
let secretFile = '';
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  const folder = await tempFolder({ 'secret/env.txt': `${SECRET}\n`, 'secret/node.json': JSON.stringify({ note: SECRET }) });
  root = folder.dir;
  cleanup = folder.cleanup;
  built = path.join(root, 'built');
  secretFile = path.join(root, 'secret/env.txt');
  await build(SITE, built);
});
afterAll(() => cleanup());

let copies = 0;
/** A copy of the built digest with each of `links` (digest-relative) replaced by a link to `target`. */
async function digestWithLinks(links: readonly string[], target = secretFile): Promise<string> {
  copies += 1;
  const dir = path.join(root, `copy-${copies}`);
  await cp(built, dir, { recursive: true });
  for (const link of links) {
    await rm(path.join(dir, link), { force: true });
    await symlink(target, path.join(dir, link));
  }
  return dir;
}

function handlerOver(dir: string): { handler: ReturnType<typeof createNodeAskHandler>; lines: string[] } {
  const lines: string[] = [];
  return { handler: createNodeAskHandler({ digestDir: dir, processEnv: {}, log: (line) => lines.push(line) }), lines };
}

describe('the routes read the digest as files, not links', () => {
  it('a page Markdown file that is a link answers 404, with a log line naming it', async () => {
    const dir = await digestWithLinks(['pages/guide/tokens.md']);
    const { handler, lines } = handlerOver(dir);
    const page = await handler(new Request('http://local/api/ask/pages/guide/tokens.md'));
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain(SECRET);
    expect(lines.some((line) => line.includes("'pages/guide/tokens.md' is a symbolic link") && !line.includes(SECRET))).toBe(true);
    // the other pages are still served
    expect((await handler(new Request('http://local/api/ask/pages/guide/passcodes.md'))).status).toBe(200);
  });

  it('llms.txt and llms-full.txt that are links answer 404', async () => {
    const dir = await digestWithLinks(['llms.txt', 'llms-full.txt']);
    const { handler } = handlerOver(dir);
    for (const route of ['/llms.txt', '/llms-full.txt', '/api/ask/llms.txt']) {
      const response = await handler(new Request(`http://local${route}`));
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(SECRET);
    }
  });

  it('a section node that is a link is answered as missing, never read', async () => {
    const dir = await digestWithLinks([sectionFilePath(REVOKE)], path.join(root, 'secret/node.json'));
    const { handler, lines } = handlerOver(dir);
    const response = await handler(new Request(`http://local/api/ask/sections/${encodeURIComponent(REVOKE)}`));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain(SECRET);
    expect(lines.join('\n')).toContain(`'${sectionFilePath(REVOKE)}' is a symbolic link`);
  });

  it('a linked folder on the way is refused as well', async () => {
    const dir = await digestWithLinks([]);
    await rm(path.join(dir, 'pages/guide'), { recursive: true });
    await writeFile(path.join(root, 'secret/tokens.md'), `${SECRET}\n`);
    await symlink(path.join(root, 'secret'), path.join(dir, 'pages/guide'));
    const { handler } = handlerOver(dir);
    const page = await handler(new Request('http://local/api/ask/pages/guide/tokens.md'));
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain(SECRET);
  });

  it('the archive leaves links out', async () => {
    const dir = await digestWithLinks(['pages/guide/tokens.md', 'llms.txt']);
    const { handler } = handlerOver(dir);
    const archive = await handler(new Request('http://local/api/ask/archive'));
    expect(archive.status).toBe(200);
    expect(gunzipSync(Buffer.from(await archive.arrayBuffer())).toString('latin1')).not.toContain(SECRET);
  });

  it('a manifest that is a link is refused with a message, not parsed', async () => {
    const dir = await digestWithLinks(['manifest.json']);
    await expect(readManifest(dir)).rejects.toThrow("digest file 'manifest.json' is a symbolic link");
    const { handler } = handlerOver(dir);
    const response = await handler(new Request('http://local/api/ask/sections'));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain(SECRET);
  });
});

describe('ask digest check: a digest holding a link is not current', () => {
  const freshFolder = tempFoldersPerTest();
  it('exits 1 naming the link', async () => {
    const { dir } = await freshFolder({ 'content/guide.md': '# Guide\n\n## Setup\n\nRun the installer.\n', 'secret.txt': `${SECRET}\n` });
    expect((await runAsk(['digest', 'build', '--content', 'content'], dir)).code).toBe(0);
    expect((await runAsk(['digest', 'check', '--content', 'content'], dir)).code).toBe(0);
    await symlink(path.join(dir, 'secret.txt'), path.join(dir, 'digest/pages/extra.md'));
    const checked = await runAsk(['digest', 'check', '--content', 'content'], dir);
    expect(checked.code).toBe(1);
    expect(checked.err).toEqual([
      "ask: digest file 'pages/extra.md' is a symbolic link (or lies below one); a digest holds plain files only and links are not followed: remove it and run 'ask digest build'",
    ]);
    expect(await readFile(path.join(dir, 'secret.txt'), 'utf8')).toBe(`${SECRET}\n`);
  });
});
