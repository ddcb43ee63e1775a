import { parseConfigured } from './configured-command.ts';
import { INDEX_BUILD } from './specs/index.ts';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadContent } from '../content/load.ts';
import { DigestFormatError } from '../format/manifest.ts';
import { DIGEST_FILES, sectionFilePath } from '../format/paths.ts';
import { readGlossary, readManifest, readNode } from '../digest/read.ts';
import { buildSearchIndex } from '../search/index-build.ts';
import { searchTableFiles } from '../format/search-files.ts';
import type { DigestNode } from '../types.ts';
import { contentSiteOf } from '../compile/check.ts';
import { chooseSite } from './site-flags.ts';
import { contentFailure } from './digest-build.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';
import { contentFolder } from './paths.ts';
import { writeFileAtomically } from '../disk/atomic-write.ts';
import { counted } from '../text/counted.ts';

/** `--out` names the folder of the tables; a path to their `index.json` names its folder. */
function tablesFolder(out: string): string {
  return path.basename(out) === path.basename(DIGEST_FILES.searchIndex) ? path.dirname(out) : out;
}

/** `ask index build`: the search tables alone, from the content and (when present) the digest; no model. */
export const indexBuild: Command = async (argv, io) => {
  const parsed = await parseConfigured(INDEX_BUILD, argv, io.cwd);
  const { values, positionals } = parsed;
  if (positionals.length > 0) throw new UsageError(`ask index build: unexpected argument '${positionals[0]}'`);
  const started = performance.now();
  const contentDir = (await contentFolder('index build', values.content, parsed, io.cwd)).dir;
  const digestDir = path.resolve(io.cwd, values.digest);
  const out = tablesFolder(path.resolve(io.cwd, values.out ?? path.join(values.digest, path.dirname(DIGEST_FILES.searchIndex))));
  let manifest;
  try {
    manifest = await readManifest(digestDir);
  } catch (error) {
    if (error instanceof DigestFormatError) throw new CommandFailure(`ask: ${error.message}`);
    throw error;
  }
  const siteUrl = values['site-url'] ?? manifest?.siteUrl ?? '';
  // the digest's own site options unless a generator is named
  const site = manifest && values.generator === 'auto' ? contentSiteOf(manifest) : await chooseSite('index build', values, contentDir, io);
  const content = await loadContent({ contentDir, ...site, siteUrl }).catch(contentFailure);
  let nodes: Map<string, DigestNode> | null = null;
  if (manifest) {
    nodes = new Map();
    for (const section of content.sections) {
      const node = manifest.sections[section.id] === undefined ? null : await readNode(digestDir, sectionFilePath(section.id));
      if (node) nodes.set(section.id, node);
    }
  }
  const glossary = manifest ? await readGlossary(digestDir) : [];
  const index = buildSearchIndex({ sections: content.sections, nodes, glossary, pages: content.pages });
  await mkdir(out, { recursive: true });
  // each file is replaced whole (write then rename); the header goes last, so a reader that
  // checks it never pairs a new header with old tables of another size without refusing them
  const files = [...searchTableFiles(index)].sort(([a], [b]) => Number(a === DIGEST_FILES.searchIndex) - Number(b === DIGEST_FILES.searchIndex));
  for (const [relative, text] of files) {
    const target = path.join(out, path.basename(relative));
    await writeFileAtomically(target, text);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const mode = manifest ? 'with the digest signal' : 'without a digest (IDF overlap fallback)';
  const where = path.relative(io.cwd, out) || out;
  if (values.json) io.out(JSON.stringify({ out: where, sections: content.sections.length, terms: index.vocab.length, withDigest: manifest !== null, elapsedMs: Math.round(performance.now() - started) }));
  else io.out(`search tables written to ${where}: ${counted(content.sections.length, 'section')}, ${counted(index.vocab.length, 'term')}, ${mode}; ${seconds}s`);
  return 0;
};
