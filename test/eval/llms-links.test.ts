/**
 * llms.txt on the real sites of `../shared/eval`, as llmstxt.org writes it and as `ask serve
 * --content` serves it: each set built offline (with its generator config where the set kept
 * one), then every link of its llms.txt fetched from the running server: each one answers 200
 * with the page's Markdown.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_FILES } from '../../pipeline/format/paths.ts';
import { realCorpora, type RealCorpus } from '../../scripts/bench/real-corpora.ts';
import { evalDigestDir } from '../support/eval-builds.ts';
import { noteMissingSharedEval, SHARED_EVAL_PRESENT } from '../support/shared-folder.ts';
import { startListening, type ListeningProcess } from '../support/listening-process.ts';

const ASK_BIN = path.join(import.meta.dirname, '..', '..', 'scripts', 'ask.js');
const corpora = realCorpora();

noteMissingSharedEval();

/** The destinations of an llms.txt's page lines (`- [title](url)`). */
function pageLinks(llms: string): string[] {
  return [...llms.matchAll(/^- \[(?:\\.|[^\]\\])*\]\(([^)\s]+)\)/gm)].map((match) => match[1] ?? '');
}

describe.skipIf(!SHARED_EVAL_PRESENT)('llms.txt of the real eval sets, served by ask serve --content', () => {
  const servers = new Map<string, { llms: string; server: ListeningProcess }>();

  beforeAll(async () => {
    for (const corpus of corpora) {
      const digest = await evalDigestDir(corpus);
      const server = await startListening(process.execPath, [ASK_BIN, 'serve', '--digest', digest, '--content', corpus.docsDir, '--port', '0'], {
        cwd: path.dirname(digest),
        env: { PATH: process.env['PATH'] ?? '', CI: 'true' },
      });
      servers.set(corpus.name, { llms: await readFile(path.join(digest, DIGEST_FILES.llms), 'utf8'), server });
    }
  }, 600_000);

  afterAll(async () => {
    await Promise.all([...servers.values()].map(({ server }) => server.stop()));
  });

  const named = (corpus: RealCorpus) => corpus.name;

  it.each(corpora.map(named))('%s: names the site, groups its pages without an "Other pages" heading, and links every page to its Markdown', (name) => {
    const entry = servers.get(name);
    if (entry === undefined) throw new Error(`${name} was not served`);
    const lines = entry.llms.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(entry.llms).not.toContain('## Other pages');
    const links = pageLinks(entry.llms);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(link, link).toMatch(/\.md$/);
    // every page line says what the page is about
    const bare = lines.filter((line) => line.startsWith('- [') && !/\): \S/.test(line));
    expect(bare).toEqual([]);
    // `## Optional`, when there is one, comes last
    const headings = lines.filter((line) => line.startsWith('## '));
    if (headings.includes('## Optional')) expect(headings.at(-1)).toBe('## Optional');
  });

  it.each(corpora.map(named))('%s: every link of llms.txt answers 200 with the page as Markdown', async (name) => {
    const entry = servers.get(name);
    if (entry === undefined) throw new Error(`${name} was not served`);
    const served = await fetch(`${entry.server.url}/llms.txt`);
    expect(await served.text()).toBe(entry.llms);
    const failures: string[] = [];
    for (const link of pageLinks(entry.llms)) {
      const response = await fetch(new URL(link, entry.server.url));
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      if (response.status !== 200 || !type.startsWith('text/markdown') || !text.startsWith('# ')) failures.push(`${link}: ${response.status} ${type}`);
    }
    expect(failures).toEqual([]);
  });
});

describe.skipIf(!SHARED_EVAL_PRESENT)('the eval sets keep their generator config beside their docs', () => {
  it('finds the config file of every set that has a config folder', () => {
    const withFolder = corpora.filter((corpus) => existsSync(path.join(path.dirname(corpus.docsDir), 'config')));
    expect(withFolder.filter((corpus) => corpus.configFile === null).map((corpus) => corpus.name)).toEqual([]);
  });
});
