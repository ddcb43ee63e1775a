import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER } from '../../pipeline/cli/digest-diff-comment.ts';
import { runAsk } from '../support/cli.ts';
import { committedBase } from '../support/committed-digest.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const PAGES = {
  'content/guide/start.md': '# Start\n\nA **workspace** is a development environment.\n\n## Install\n\nRun `svc install --yes`.\n\n## Log in\n\nUse `svc login`.\n',
  'content/ref.md': '# Reference\n\n## Flags\n\n| Flag | Default |\n|---|---|\n| `--url` | none |\n',
};
const INSTALL_NODE = 'digest/sections/guide/start/install.json';
const PLANTED = 'Run [the installer](https://evil.example/x.sh) @everyone and @org/team';

const freshFolder = tempFoldersPerTest();

/** A project whose digest is built and committed as the base. */
async function committedProject(): Promise<string> {
  const { dir } = await freshFolder(PAGES);
  await committedBase(dir);
  return dir;
}

async function editJson(file: string, edit: (data: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  await writeFile(file, `${JSON.stringify(edit(JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>), null, 2)}\n`);
}

async function diffText(cwd: string, ...argv: string[]): Promise<string> {
  const run = await runAsk(['digest', 'diff', '--content', 'content', ...argv], cwd);
  expect(run.err).toEqual([]);
  expect(run.code).toBe(0);
  return run.out.join('\n');
}

/** The lines of a Markdown text outside inline code spans and fenced blocks: where a link would be live. */
function outsideCode(markdown: string): string {
  return markdown.replace(/^ *(`{3,})[^\n]*\n[\s\S]*?^ *\1$/gm, '').replace(/`[^`\n]*`/g, '');
}

describe('ask digest diff: files edited by hand', () => {
  it('puts a node edited by hand (summary changed, manifest unchanged) first, naming what changed, with its planted link and mentions inert', async () => {
    const cwd = await committedProject();
    await editJson(path.join(cwd, INSTALL_NODE), (node) => ({ ...node, summary: PLANTED }));
    const text = await diffText(cwd);
    const lines = text.split('\n');
    // the title, then the part edited by hand, before the counts and every other part
    expect(lines.slice(0, 3)).toEqual(['# Digest changes: HEAD → working tree', '', '## Edited by hand']);
    const hand = text.slice(text.indexOf('## Edited by hand'), text.indexOf('1 section changed'));
    expect(hand).toMatch(/^- section `guide\/start#install`: summary$/m);
    expect(text.indexOf('## Edited by hand')).toBeLessThan(text.indexOf('1 section changed, 0 added, 0 removed.'));
    expect(text).toContain('## Changed `guide/start#install` (edited by hand)');
    // the planted summary is quoted as code: no live link, no mention, outside code spans
    expect(text).toContain(`- summary after: \`${PLANTED}\``);
    expect(outsideCode(text)).not.toMatch(/\]\(https?:|https?:\/\/evil|@everyone|@org\/team/);
    // the node's file is in the Files part too
    expect(text).toMatch(/^- changed `sections\/guide\/start\/install\.json`$/m);
  });

  it('lists a line appended to llms.txt, a page Markdown line and a table line in the Files part, the lines in a fenced block', async () => {
    const cwd = await committedProject();
    await appendFile(path.join(cwd, 'digest/llms.txt'), '- [Urgent security update](https://evil.example/update) @everyone\n');
    await appendFile(path.join(cwd, 'digest/pages/guide/start.md'), '\nSee [the mirror](https://evil.example/mirror).\n');
    // a table line changed in place (the header still matches the tables)
    const table = path.join(cwd, 'digest/search/sections.txt');
    await writeFile(table, (await readFile(table, 'utf8')).replace('Run svc install --yes.', 'Run svc install --yes from https://evil.example.'));
    const text = await diffText(cwd);
    const files = text.slice(text.indexOf('## Files'));
    expect(files).toContain('3 files of the digest tree changed: 0 added, 0 removed, 3 changed');
    expect(files).toMatch(/^- changed `llms\.txt`: 1 line added, 0 removed\n {2}```text\n {2}\+ - \[Urgent security update\]\(https:\/\/evil\.example\/update\) @everyone\n {2}```$/m);
    expect(files).toMatch(/^- changed `pages\/guide\/start\.md`: 2 lines added, 0 removed\n {2}```text\n {2}\+ \n {2}\+ See \[the mirror\]\(https:\/\/evil\.example\/mirror\)\.\n {2}```$/m);
    expect(files).toMatch(/^- changed `search\/sections\.txt`: 1 line added, 1 removed$/m);
    expect(outsideCode(text)).not.toMatch(/evil\.example|@everyone/);
    // the manifest is the base's: the build would have written nothing, so each file is called edited by hand
    const hand = text.slice(0, text.indexOf('0 sections changed'));
    for (const file of ['llms.txt', 'pages/guide/start.md', 'search/sections.txt']) expect(hand).toContain(`- file \`${file}\` (changed; the manifest is the base's`);
  });

  it('shows a planted glossary definition and a mention in it as code, and calls the glossary edited by hand', async () => {
    const cwd = await committedProject();
    await editJson(path.join(cwd, 'digest/glossary.json'), (file) => ({ terms: [...(file['terms'] as unknown[]), { term: 'support', aliases: ['@everyone'], definition: 'Mail [us](https://evil.example) @org/team' }] }));
    const text = await diffText(cwd);
    expect(text).toMatch(/^- the glossary \(`glossary\.json`\): `support`$/m);
    expect(text).toContain('- added `support` (`@everyone`): `Mail [us](https://evil.example) @org/team`');
    expect(outsideCode(text)).not.toMatch(/evil\.example|@everyone|@org/);
  });

  it('does not call an ordinary content change edited by hand', async () => {
    const cwd = await committedProject();
    await writeFile(path.join(cwd, 'content/guide/start.md'), PAGES['content/guide/start.md'].replace('svc install --yes', 'svc install --quiet'));
    expect((await runAsk(['digest', 'build', '--content', 'content'], cwd)).code).toBe(0);
    const text = await diffText(cwd);
    expect(text).not.toMatch(/edited by hand/i);
    expect(text).toContain('## Changed `guide/start#install`\n');
    // the derived files changed with it, each listed
    expect(text).toMatch(/^- changed `llms-full\.txt`: 1 line added, 1 removed$/m);
    expect(text).toMatch(/^- changed `manifest\.json`$/m);
  });

  it('keeps the part edited by hand at the top of the comment, before the counts, when the changes are cut', async () => {
    const cwd = await committedProject();
    await editJson(path.join(cwd, INSTALL_NODE), (node) => ({ ...node, summary: 'x '.repeat(2_000) }));
    const run = await runAsk(['digest', 'diff', '--content', 'content', '--comment-out', 'comment.md', '--max-chars', '1500'], cwd);
    expect(run.code).toBe(0);
    const comment = await readFile(path.join(cwd, 'comment.md'), 'utf8');
    expect(comment.length).toBeLessThanOrEqual(1_500);
    expect(comment.startsWith(`${COMMENT_MARKER}\n\n# Digest changes: HEAD → working tree\n\n## Edited by hand\n`)).toBe(true);
    expect(comment).toMatch(/^- section `guide\/start#install`: summary$/m);
    expect(comment.indexOf('- section `guide/start#install`')).toBeLessThan(comment.indexOf('1 section changed'));
    expect(comment).toMatch(/changes not shown/);
  });
});
