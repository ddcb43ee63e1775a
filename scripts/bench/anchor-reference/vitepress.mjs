// Reference anchors from the REAL VitePress: every `.md` page of a docs folder rendered by
// VitePress's own Markdown renderer, and the ids of its `<h2>`/`<h3>` headings in document order.
//
// Install VitePress outside the repository (it is not a dependency of this project):
//
//   mkdir /tmp/vp-ref && cd /tmp/vp-ref && npm init -y && npm install vitepress@2.0.0-alpha.19
//
// (2.0.0-alpha.19 was the latest release when the `vitepress` eval corpus was taken; alpha.21 does
// not install.) Then, from the repository root:
//
//   node scripts/bench/anchor-reference/vitepress.mjs <docs folder> <install folder> > hono.json
//   node scripts/bench/anchor-reference/vitepress.mjs ../shared/eval/hono/docs /tmp/vp-ref > /tmp/anchor-ref/hono.json
//
// Writes `{ "<file>": ["id", ...] }` to stdout (files relative to the docs folder, sorted).
//
// How: `createMarkdownRenderer(docsDir)` is the renderer `vitepress build` uses for every page, with
// VitePress's default Markdown options (neither hono.dev nor vitepress.dev changes the anchor
// options; their code transformers and icon plugins do not touch headings). Each file is rendered
// with `renderAsync` and the env `vitepress build` passes (path, relativePath, cleanUrls), so
// `<!--@include:-->` is expanded as in a build. The docs folder is the source root (`@/` resolves
// there); an include or `<<<` snippet of a file the folder does not hold (the corpora were exported
// without their code snippets) is reported on stderr and left out instead of failing the page
// (`include`/`snippet: { silent: true }`); neither can hold a heading here (both sit in code fences). Headings are the ones VitePress's anchor plugin made: an `id`
// and `tabindex="-1"` (raw HTML headings in a page are not). Every `.md` file is a page (neither
// site excludes files of these folders from its source).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [docsArg, installArg] = process.argv.slice(2);
if (!docsArg || !installArg) {
  console.error('usage: node vitepress.mjs <docs folder> <folder where `npm install vitepress` was run>');
  process.exit(2);
}
const docsDir = path.resolve(docsArg);
const vitepressDir = path.resolve(installArg, 'node_modules', 'vitepress');
const { version } = JSON.parse(readFileSync(path.join(vitepressDir, 'package.json'), 'utf8'));
const { createMarkdownRenderer } = await import(pathToFileURL(path.join(vitepressDir, 'dist/node/index.js')).href);

/** Every `.md` file below `dir`, relative POSIX paths, node_modules and dot entries skipped. */
function markdownFiles(dir, prefix = '') {
  const found = [];
  for (const entry of readdirSync(dir).sort()) {
    if (entry.startsWith('.') || entry === 'node_modules') continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...markdownFiles(full, `${prefix}${entry}/`));
    else if (entry.endsWith('.md')) found.push(`${prefix}${entry}`);
  }
  return found;
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decode = (text) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name) => ENTITIES[name]);

const warnings = [];
const logger = { warn: (message) => warnings.push(String(message)) };
const md = await createMarkdownRenderer(docsDir, { include: { silent: true }, snippet: { silent: true } }, '/', logger);

const result = {};
for (const file of markdownFiles(docsDir)) {
  const full = path.join(docsDir, file);
  const env = { path: full, relativePath: file, cleanUrls: true, includes: [], realPath: full };
  const html = await md.renderAsync(readFileSync(full, 'utf8'), env);
  result[file] = [...html.matchAll(/<h([23])\b([^>]*)>/g)]
    .filter((match) => /\btabindex="-1"/.test(match[2]))
    .map((match) => decode(/\bid="([^"]*)"/.exec(match[2])?.[1] ?? ''));
}

for (const warning of warnings) console.error(`vitepress: ${warning}`);
console.error(`VitePress ${version}: ${Object.keys(result).length} pages, ${Object.values(result).flat().length} h2/h3 ids`);
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
// Shiki's highlighter keeps workers alive; the reference is written, so end here.
process.exit(0);
