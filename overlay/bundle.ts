import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { siblingModule } from '../pipeline/module-file.ts';

/** The element's source entry and its stylesheet (which imports the others), next to this file. */
const ENTRY = fileURLToPath(siblingModule(import.meta.url, 'ask-search'));
const STYLESHEET = fileURLToPath(new URL('./ask-search.css', import.meta.url));

/** Browsers the bundle is written for: those with `<dialog>`, class fields and `??=`. */
const TARGET = ['es2022', 'chrome105', 'firefox104', 'safari15.4'];

/**
 * The `<ask-search>` element as one minified ES module (its own code, its Markdown renderer and
 * eventsource-parser inside; licence comments kept at the end) and its minified stylesheet,
 * built in memory.
 */
export async function bundleOverlay(): Promise<{ js: string; css: string }> {
  const [script, stylesheet] = await Promise.all([
    build({
      entryPoints: [ENTRY],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: TARGET,
      minify: true,
      write: false,
      legalComments: 'eof',
      logLevel: 'silent',
    }),
    build({ entryPoints: [STYLESHEET], bundle: true, target: TARGET, minify: true, write: false, logLevel: 'silent' }),
  ]);
  const js = script.outputFiles[0]?.text;
  const css = stylesheet.outputFiles[0]?.text;
  if (js === undefined || css === undefined) throw new Error('esbuild produced no overlay bundle');
  return { js, css };
}
