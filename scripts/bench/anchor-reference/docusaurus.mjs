// Reference anchors from the REAL Docusaurus: `docusaurus build` of a docs folder, then the ids of
// the `<h2>`/`<h3>` headings of each built doc page's content, in document order.
//
// Install Docusaurus outside the repository (about 1,300 packages; not a dependency of this
// project), in a folder whose package.json has no "type" field:
//
//   mkdir /tmp/docu-site && cd /tmp/docu-site && npm init -y
//   npm install @docusaurus/core@3.10.2 @docusaurus/preset-classic@3.10.2 react@19 react-dom@19
//
// Then, from the repository root:
//
//   node scripts/bench/anchor-reference/docusaurus.mjs <docs folder> <install folder> > pnpm.json
//   node scripts/bench/anchor-reference/docusaurus.mjs ../shared/eval/pnpm/docs /tmp/docu-site > /tmp/anchor-ref/pnpm.json
//
// Writes `{ "<file>": ["id", ...] }` to stdout (files relative to the docs folder, sorted).
//
// How: a throwaway site folder is made inside the install folder (so `@docusaurus/*` resolve from
// its node_modules, and nothing of another build there is touched) with a docusaurus.config.js
// whose classic preset serves the docs folder, read in place, at the site root (as pnpm.io does:
// `routeBasePath: '/'`; no sidebars file, no blog, no pages). `docusaurus build` builds it. The docs
// plugin's own metadata (`.docusaurus/docusaurus-plugin-content-docs/default/*.json`: each doc's
// `source` file and `permalink`) says which built page each file became; files it did not make a
// page of (`_` partials, drafts) are not in the output. Of each page's HTML only the doc's content
// is read (from `theme-doc-markdown` to the end of its `<article>`): partials imported into a page
// appear there, rendered into it, as on the live site. Headings without an id are skipped.
// A page's import of an `@site/...` module the docs folder does not hold (pnpm.io's
// `@site/src/components/SettingsAnchorRedirect`, a client-side redirect whose component returns
// null) is given a stub in the throwaway site that renders nothing, as that one does.
// Webpack's persistent cache is turned off (DOCUSAURUS_NO_PERSISTENT_CACHE=1): it lives in the
// install folder's node_modules/.cache, shared by every site built from there, and can hand back
// another site's pages.
// KEEP_BUILD=1 keeps the throwaway site folder (its path goes to stderr).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [docsArg, installArg] = process.argv.slice(2);
if (!docsArg || !installArg) {
  console.error('usage: node docusaurus.mjs <docs folder> <folder where @docusaurus/core and @docusaurus/preset-classic are installed>');
  process.exit(2);
}
const docsDir = path.resolve(docsArg);
const installDir = path.resolve(installArg);
const { version } = JSON.parse(readFileSync(path.join(installDir, 'node_modules', '@docusaurus', 'core', 'package.json'), 'utf8'));

/** Every `.md`/`.mdx` file below `dir`. */
function docFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return docFiles(full);
    return /\.mdx?$/.test(entry.name) ? [full] : [];
  });
}

const siteDir = mkdtempSync(path.join(installDir, 'anchor-reference-'));
const outDir = path.join(siteDir, 'build');
const config = {
  title: 'anchor reference',
  url: 'https://docs.example.test',
  baseUrl: '/',
  onBrokenLinks: 'ignore',
  onBrokenAnchors: 'ignore',
  markdown: { hooks: { onBrokenMarkdownLinks: 'ignore', onBrokenMarkdownImages: 'ignore' } },
  presets: [['classic', { docs: { path: docsDir, routeBasePath: '/', sidebarPath: false }, blog: false, pages: false }]],
};
// `@site/...` modules the pages import but the docs folder does not hold (site components, not
// exported with the corpus) become components that render nothing, so the build can run.
for (const file of docFiles(docsDir)) {
  for (const [, name, request] of readFileSync(file, 'utf8').matchAll(/^import\s+(\w+)\s+from\s+['"]@site\/([^'"]+)['"]/gm)) {
    const target = path.join(siteDir, path.extname(request) ? request : `${request}.js`);
    if (existsSync(target)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, `export default function ${name}() { return null; }\n`);
    console.error(`docusaurus: @site/${request} (imported by ${path.relative(docsDir, file)}) stubbed with a component that renders nothing`);
  }
}
writeFileSync(path.join(siteDir, 'docusaurus.config.js'), `module.exports = ${JSON.stringify(config, null, 2)};\n`);
// The build's own output goes to stderr, so stdout holds only the JSON.
execFileSync(path.join(installDir, 'node_modules', '.bin', 'docusaurus'), ['build', siteDir, '--out-dir', outDir], {
  cwd: installDir,
  env: { ...process.env, DOCUSAURUS_NO_PERSISTENT_CACHE: '1' },
  stdio: ['ignore', process.stderr, process.stderr],
});

const decode = (text) =>
  text
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&');

/** The built HTML file of a permalink: `<out>/<permalink>/index.html`, or `<out>/<permalink>.html` with trailing slashes off. */
function htmlOf(permalink) {
  const candidates = [path.join(outDir, permalink, 'index.html'), path.join(outDir, `${permalink.replace(/\/$/, '')}.html`)];
  return candidates.find((file) => existsSync(file));
}

const metadataDir = path.join(siteDir, '.docusaurus', 'docusaurus-plugin-content-docs', 'default');
const result = {};
let unnamed = 0;
for (const entry of readdirSync(metadataDir).sort()) {
  if (!entry.endsWith('.json') || entry.startsWith('__')) continue;
  const doc = JSON.parse(readFileSync(path.join(metadataDir, entry), 'utf8'));
  if (typeof doc.source !== 'string' || typeof doc.permalink !== 'string') continue;
  const source = path.resolve(siteDir, doc.source.replace(/^@site\//, ''));
  const file = path.relative(docsDir, source).split(path.sep).join('/');
  const htmlFile = htmlOf(doc.permalink);
  if (!htmlFile) {
    console.error(`docusaurus: ${file}: no page built at ${doc.permalink}`);
    continue;
  }
  const html = readFileSync(htmlFile, 'utf8');
  const start = html.indexOf('theme-doc-markdown');
  if (start < 0) throw new Error(`${htmlFile}: no theme-doc-markdown`);
  const end = html.indexOf('</article>', start);
  const content = html.slice(start, end < 0 ? undefined : end);
  const ids = [];
  for (const match of content.matchAll(/<h([23])\b([^>]*)>/g)) {
    const id = /\bid="([^"]*)"/.exec(match[2])?.[1];
    if (id === undefined) unnamed += 1;
    else ids.push(decode(id));
  }
  result[file] = ids;
}

const sorted = Object.fromEntries(Object.entries(result).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
if (process.env.KEEP_BUILD) console.error(`docusaurus: build kept in ${siteDir}`);
else rmSync(siteDir, { recursive: true, force: true });
console.error(`Docusaurus ${version}: ${Object.keys(sorted).length} pages, ${Object.values(sorted).flat().length} h2/h3 ids (${unnamed} h2/h3 without an id skipped)`);
process.stdout.write(`${JSON.stringify(sorted, null, 2)}\n`);
