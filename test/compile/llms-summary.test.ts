import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import { buildDigest, type BuildOptions } from '../../pipeline/compile/build.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import { DIGEST_FILES } from '../../pipeline/format/paths.ts';
import { parseMarkdown } from '../../pipeline/markdown/parse.ts';
import type { Distiller } from '../../pipeline/types.ts';
import { delegatingDistiller } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

const GUIDE = { 'guide/install.md': '# Install\n\nRun `npm i svc` to install the svc command.\n' };

/** A home page with a frontmatter description and an intro of its own. */
const HOME = '---\ndescription: Svc keeps tokens safe.\n---\n# Svc\n\nSvc is the command line of the platform.\n';

/** A distiller whose section summaries and context are not the page's words: what the `>` line shows is then plainly taken from where it says. */
function modelLike(context: string): Distiller {
  const inner = createOfflineDistiller();
  return delegatingDistiller(inner, {
    distillSection: async (section, page, tree) => ({ ...(await inner.distillSection(section, page, tree)), summary: 'A summary the model wrote.' }),
    writeContext: () => Promise.resolve(context),
  });
}

/** Builds `files` (with `options`) and returns the digest's llms.txt and manifest identity. */
async function built(files: Record<string, string>, options: Partial<BuildOptions> = {}) {
  const { dir } = await freshFolder(Object.fromEntries(Object.entries(files).map(([file, text]) => [`content/${file}`, text])));
  const out = path.join(dir, 'digest');
  await buildDigest({
    contentDir: path.join(dir, 'content'),
    outDir: out,
    siteUrl: '',
    distiller: createOfflineDistiller(),
    concurrency: 2,
    force: false,
    cacheDir: null,
    now: () => performance.now(),
    ...options,
  });
  const llms = await readFile(path.join(out, DIGEST_FILES.llms), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(out, DIGEST_FILES.manifest), 'utf8')) as { identity: { name: string; description: string | null } };
  return { llms, identity: manifest.identity, context: await readFile(path.join(out, DIGEST_FILES.context), 'utf8') };
}

/** The line after the H1 and its blank line: the `>` summary. */
function summaryLine(llms: string): string {
  const [title, blank, summary] = llms.split('\n');
  expect(title?.startsWith('# ')).toBe(true);
  expect(blank).toBe('');
  return summary ?? '';
}

describe("llms.txt's > summary, from the first source that has one", () => {
  it('1. the site description: the flag over the config, the config over the home page', async () => {
    const flagged = await built({ 'index.md': HOME, ...GUIDE }, { siteDescription: 'Given  on the\ncommand line.' });
    expect(summaryLine(flagged.llms)).toBe('> Given on the command line.');
    const config = "export default { title: 'Svc', description: 'From the VitePress config.' }\n";
    const configured = await built({ '.vitepress/config.mts': config, 'index.md': HOME, ...GUIDE }, { generator: 'vitepress' });
    expect(summaryLine(configured.llms)).toBe('> From the VitePress config.');
    expect(configured.identity).toEqual({ name: 'Svc', description: 'From the VitePress config.' });
  });

  it("2. the home page's frontmatter description, over its intro", async () => {
    const { llms, identity } = await built({ 'index.md': HOME, ...GUIDE }, { distiller: modelLike('These docs cover svc.') });
    expect(summaryLine(llms)).toBe('> Svc keeps tokens safe.');
    expect(identity.description).toBe('Svc keeps tokens safe.');
  });

  it("3. the home page's intro text: its first prose paragraph as plain text on one line, whole sentences within the cap, never the model's summary", async () => {
    const intro = [
      '# Svc',
      '',
      '[![npm](https://img.shields.io/npm/v/svc.svg)](https://npmjs.com/svc) ![build](./build.svg)',
      '',
      "**Svc** is the [command line](./guide/install.md) of the platform: it signs you in  ",
      "and keeps `Array<T>` tokens & sessions in snake_case files (see [x] and <b>here</b>). Svc's second sentence says what a first-time reader does next, and how they find the guides for it.",
      `${'A third sentence runs long on purpose, so that the three of them together pass the cap. '.repeat(2).trim()}`,
      '',
      'A second paragraph that is never taken.',
      '',
    ].join('\n');
    const { llms, identity } = await built({ 'index.md': intro, ...GUIDE }, { distiller: modelLike('These docs cover svc.') });
    const expected =
      "Svc is the command line of the platform: it signs you in and keeps Array<T> tokens & sessions in snake_case files (see [x] and here). Svc's second sentence says what a first-time reader does next, and how they find the guides for it.";
    expect(expected.length).toBeLessThanOrEqual(280);
    // plain text: brackets and `<` escaped once (nothing in them is a link or HTML), every other character as written
    expect(summaryLine(llms)).toBe(`> ${expected.replace(/[[\]<]/g, '\\$&')}`);
    expect(identity.description).toBe(expected);
  });

  it("4. the first sentence of the digest's context, as plain text, with no home page or none with prose", async () => {
    const context = '# Orientation\n\n**Svc** is the [command line](/guide/install) of the `svc` platform.\nIt signs you in.\n\nThe guides come first.\n';
    const noHome = await built(GUIDE, { distiller: modelLike(context) });
    expect(summaryLine(noHome.llms)).toBe('> Svc is the command line of the svc platform.');
    expect(noHome.identity).toEqual({ name: 'Documentation', description: 'Svc is the command line of the svc platform.' });
    // a home page with a hero and features but no prose in its intro
    const bare = await built({ 'index.md': '---\nlayout: home\nhero:\n  name: Svc\n---\n', ...GUIDE }, { distiller: modelLike(context) });
    expect(summaryLine(bare.llms)).toBe('> Svc is the command line of the svc platform.');
    // the offline distiller's context: its opening sentence, which counts the docs
    const offline = await built(GUIDE);
    expect(offline.context.startsWith('These docs have 1 page and 1 section, in 1 group: Guide (1).\n')).toBe(true);
    expect(summaryLine(offline.llms)).toBe('> These docs have 1 page and 1 section, in 1 group: Guide (1).');
  });

  it('the > line is one quoted paragraph that reads back as the description, whatever it starts with or holds', async () => {
    const descriptions = ['# 1 tool for tokens', '1. Install svc', '- a dash', '> quoted', '--- and more', '* * *', '```sh', "Array<T> [beta] \\* & it's", '-v prints the version'];
    const lines: string[] = [];
    for (const description of descriptions) {
      const line = summaryLine((await built(GUIDE, { siteDescription: description })).llms);
      const [quote, ...rest] = parseMarkdown(line, 'md').children;
      expect(rest).toEqual([]);
      expect(quote?.type).toBe('blockquote');
      const paragraphs = quote?.type === 'blockquote' ? quote.children : [];
      expect(paragraphs.map((node) => node.type)).toEqual(['paragraph']);
      expect(toString(paragraphs[0])).toBe(description);
      lines.push(line);
    }
    // only what would open a block, or read as markup, is escaped
    expect(lines).toEqual(['> \\# 1 tool for tokens', '> 1\\. Install svc', '> \\- a dash', '> \\> quoted', '> --- and more', '> \\* * *', '> \\```sh', '> Array\\<T> \\[beta\\] \\\\* & it\'s', '> -v prints the version']);
    // inline Markdown a stated description writes (emphasis, code) is kept as written, as in every title of llms.txt
    expect(summaryLine((await built(GUIDE, { siteDescription: 'Run `svc login` _first_.' })).llms)).toBe('> Run `svc login` _first_.');
  });
});
