import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildDigest } from '../../pipeline/compile/build.ts';
import { sectionFilePath } from '../../pipeline/format/paths.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import type { DigestNode } from '../../pipeline/types.ts';

export const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
export const ASK_BIN = path.join(import.meta.dirname, '..', '..', 'scripts', 'ask.js');
/** The source commit the test digests record (given, as `--source-commit` would). */
export const SOURCE_COMMIT = '0123456789abcdef0123456789abcdef01234567';

/** Builds the fixture site's digest into `outDir` offline, recording SOURCE_COMMIT; returns its content hash. */
export async function buildStampedDigest(outDir: string): Promise<string> {
  await buildDigest({
    contentDir: SITE,
    outDir,
    siteUrl: '',
    distiller: createOfflineDistiller(),
    concurrency: 2,
    force: false,
    cacheDir: null,
    sourceCommit: SOURCE_COMMIT,
    siteName: 'Svc docs',
    siteDescription: 'Sign in to svc and keep its tokens safe.',
    now: () => performance.now(),
  });
  const manifest = JSON.parse(await readFile(path.join(outDir, 'manifest.json'), 'utf8')) as { contentHash: string };
  return manifest.contentHash;
}

/** A section node as the digest folder holds it. */
export async function nodeOf(digestDir: string, id: string): Promise<DigestNode> {
  return JSON.parse(await readFile(path.join(digestDir, sectionFilePath(id)), 'utf8')) as DigestNode;
}

/** `ask mcp ARGS` spawned from the real bin in `cwd`, connected with the SDK's client over stdio; `env` is added to the SDK's safe default environment. */
export async function connectMcp(cwd: string, args: readonly string[], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [ASK_BIN, 'mcp', ...args], cwd, env, stderr: 'ignore' });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

type ToolResult = Awaited<ReturnType<Client['callTool']>>;

/** The texts of a tool result's content blocks, in order. */
export function textsOf(result: ToolResult): string[] {
  return (result.content as { type: string; text?: string }[]).map((block) => block.text ?? '');
}

/** The first text block: what the tool answered. */
export function textOf(result: ToolResult): string {
  return textsOf(result)[0] ?? '';
}

/** The first text block as JSON. */
export function jsonOf<T>(result: ToolResult): T {
  return JSON.parse(textOf(result)) as T;
}

/** What a stamped result must carry: the version line last, and the same in `_meta`. */
export function expectedStamp(contentHash: string): { line: string; meta: Record<string, string> } {
  return {
    line: `Digest version: content hash ${contentHash}, built from commit ${SOURCE_COMMIT}.`,
    meta: { 'ask/contentHash': contentHash, 'ask/buildCommit': SOURCE_COMMIT },
  };
}
