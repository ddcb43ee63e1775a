import { once } from 'node:events';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAsk, startAsk } from '../support/cli.ts';
import { snapshotTree } from '../support/digest-tree.ts';
import { tempFoldersPerTest, writeFiles } from '../support/temp-folder.ts';

const tempFolder = tempFoldersPerTest();

/** Many pages: seconds of parsing, so the signal arrives while the build parses. */
function manyPages(count: number): Record<string, string> {
  const pages: Record<string, string> = {};
  for (let index = 0; index < count; index += 1) {
    const sections = Array.from({ length: 8 }, (_, part) => `## Part ${part} of page ${index}\n\nSome *text* about part ${part}, with \`code\` and a [link](./page-${(index + 1) % count}.md).\n\n- one\n- two\n`);
    pages[`guide/page-${index}.md`] = `# Page ${index}\n\nThe page ${index} intro.\n\n${sections.join('\n')}`;
  }
  return pages;
}

async function stagedTrees(parent: string): Promise<string[]> {
  return (await readdir(parent)).filter((name) => name.startsWith('digest.ask-tmp-'));
}

describe('ask digest build and SIGTERM', () => {
  it('stops while parsing, leaving the previous digest as it was; the next build clears what was staged', async () => {
    const { dir } = await tempFolder({ 'content/index.md': '# Home\n\nThe first page.\n' });
    const content = path.join(dir, 'content');
    expect((await runAsk(['digest', 'build', '--content', 'content', '--out', 'digest'], dir)).code).toBe(0);
    const before = await snapshotTree(path.join(dir, 'digest'));

    await writeFiles(content, manyPages(1500));
    const child = startAsk(['digest', 'build', '--content', 'content', '--out', 'digest'], dir);
    const closed = once(child, 'close');
    child.stdout.resume();
    child.stderr.resume();
    // the tree is staged just before the content is read and parsed
    while ((await stagedTrees(dir)).length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    child.kill('SIGTERM');
    const [code, signal] = (await closed) as [number | null, NodeJS.Signals | null];
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
    expect(await snapshotTree(path.join(dir, 'digest'))).toEqual(before);

    await rm(path.join(content, 'guide'), { recursive: true });
    const next = await runAsk(['digest', 'build', '--content', 'content', '--out', 'digest'], dir);
    expect(next.code).toBe(0);
    expect(await stagedTrees(dir)).toEqual([]);
  }, 60_000);
});
