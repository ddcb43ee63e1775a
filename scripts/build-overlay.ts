/**
 * `npm run build:overlay`: bundles the `<ask-search>` element in memory and reports its size
 * (minified, then gzip and brotli as a server would send it) on stdout and in
 * bench-results/overlay.md. The server builds the same bundle itself; nothing else is written.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { bundleOverlay } from '../overlay/bundle.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The size the issue aims below: JS + CSS, minified and gzipped. */
const BUDGET_BYTES = 25 * 1024;

interface Size {
  readonly name: string;
  readonly minified: number;
  readonly gzip: number;
  readonly brotli: number;
}

function measure(name: string, text: string): Size {
  const bytes = Buffer.from(text, 'utf8');
  return {
    name,
    minified: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** One part bundled and minified on its own, the way the element bundles it: what it weighs inside. */
async function part(name: string, source: string): Promise<Size> {
  const result = await build({ stdin: { contents: source, resolveDir: root, loader: 'ts' }, bundle: true, format: 'esm', minify: true, write: false, legalComments: 'none', logLevel: 'silent' });
  return measure(name, result.outputFiles[0]?.text ?? '');
}

const { js, css } = await bundleOverlay();
const parts = [measure('ask-search.js', js), measure('ask-search.css', css)];
const libraries = [
  await part('Markdown renderer', "export { parseMarkdown } from './overlay/markdown.ts'; export { markdownFragment } from './overlay/markdown-dom.ts';"),
  await part('eventsource-parser', "export { createParser } from 'eventsource-parser';"),
];
const total: Size = {
  name: 'total',
  minified: parts.reduce((sum, part) => sum + part.minified, 0),
  gzip: parts.reduce((sum, part) => sum + part.gzip, 0),
  brotli: parts.reduce((sum, part) => sum + part.brotli, 0),
};
const rows = [...parts, total];
const verdict = total.gzip <= BUDGET_BYTES ? `within the ${kb(BUDGET_BYTES)} gzip aim` : `over the ${kb(BUDGET_BYTES)} gzip aim by ${kb(total.gzip - BUDGET_BYTES)}`;

const width = Math.max(...rows.map((row) => row.name.length));
for (const row of rows) {
  console.log(`${row.name.padEnd(width)}  minified ${kb(row.minified).padStart(8)}  gzip ${kb(row.gzip).padStart(8)}  brotli ${kb(row.brotli).padStart(8)}`);
}
console.log(`JS + CSS gzip: ${kb(total.gzip)} (${total.gzip} bytes), ${verdict}`);
const libraryLine = `of which, bundled alone: ${libraries.map((part) => `${part.name} ${kb(part.gzip)}`).join(', ')} gzip`;
console.log(libraryLine);

const table = [
  '| file | minified | gzip -9 | brotli 11 |',
  '|---|---:|---:|---:|',
  ...rows.map((row) => `| ${row.name} | ${kb(row.minified)} (${row.minified} B) | ${kb(row.gzip)} (${row.gzip} B) | ${kb(row.brotli)} (${row.brotli} B) |`),
];
const report = [
  '# Overlay size',
  '',
  'The `<ask-search>` element as served at `/ask-search.js` and `/ask-search.css`: one minified ES module',
  '(esbuild, its Markdown renderer and eventsource-parser bundled in) and its minified stylesheet. Written by',
  '`npm run build:overlay`: sizes of the minified text, gzip at level 9 and brotli at quality 11 (node:zlib),',
  'as the server sends them compressed.',
  '',
  ...table,
  '',
  `JS + CSS, minified and gzipped: **${kb(total.gzip)}**, ${verdict};`,
  `${libraryLine}. The renderer builds DOM nodes itself and emits no HTML, so no sanitiser is bundled.`,
  '',
].join('\n');

await mkdir(path.join(root, 'bench-results'), { recursive: true });
await writeFile(path.join(root, 'bench-results', 'overlay.md'), report);
console.log('wrote bench-results/overlay.md');
