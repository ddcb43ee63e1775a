/**
 * `npm run build:package` (and `prepack`, so `npm pack` and `npm publish` run it): compiles the
 * sources the package ships (pipeline, platform, overlay, templates) to ES2022 modules with
 * `.d.ts` types in `dist/`, with the files they read at run time beside them: the prompt texts,
 * and the overlay's stylesheet bundled into one file (its `@import`s inlined, as a bundler
 * that copies it next to the element expects). The repository itself keeps running from sources.
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleOverlay } from '../overlay/bundle.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');

await rm(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

const prompts = path.join(root, 'templates', 'prompts');
await mkdir(path.join(dist, 'templates', 'prompts'), { recursive: true });
for (const name of await readdir(prompts)) {
  if (name.endsWith('.md')) await copyFile(path.join(prompts, name), path.join(dist, 'templates', 'prompts', name));
}

const { css } = await bundleOverlay();
await writeFile(path.join(dist, 'overlay', 'ask-search.css'), css);
console.log(`built ${path.relative(root, dist)}/ (compiled modules, types, prompts, overlay stylesheet)`);
