import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { siblingModule } from '../../module-file.ts';
import { normalizeEndpoint } from '../../runtime/handler.ts';
import { digestCheckLine } from './digest-check-line.ts';
import { digestModulePlugin } from './digest-module.ts';

export interface AskAstroOptions {
  /** Base path of the route tree (default `/api/ask`). */
  readonly endpoint?: string;
  /** The digest folder, relative to the project root (default `digest`). */
  readonly digest?: string;
  /** The Markdown pages the digest is built from, relative to the project root (default `content-fixtures`). */
  readonly content?: string;
  /** The answer loop's provider and model (else ASK_PROVIDER / ASK_MODEL / the defaults). */
  readonly provider?: string;
  readonly model?: string;
  /** Adds the `<ask-search>` box to every page (default false). */
  readonly overlay?: boolean;
}

/**
 * An error Astro prints as its message alone: with no stack, its report has no trace or code
 * frame under the line (a stale digest is the user's to fix, not a crash).
 */
function oneLineError(line: string): Error {
  const error = new Error(line);
  error.stack = '';
  return error;
}

/** A module's file path as Astro and Vite take it: forward slashes on every system. */
function modulePath(name: string): string {
  return fileURLToPath(siblingModule(import.meta.url, name)).split(path.sep).join('/');
}

/**
 * The Astro integration: `integrations: [ask({ endpoint, digest, content, overlay })]`. Serves the
 * ask route tree at `endpoint`, `/openapi.yaml`, `/llms.txt`, `/llms-full.txt` and each page's
 * `<url>.md` on demand from the digest baked into the
 * server bundle; `astro build` fails with one line when that digest is missing or stale (`astro
 * dev` warns); `overlay: true` adds the search box to every page.
 */
export function ask(options: AskAstroOptions = {}): AstroIntegration {
  const endpoint = normalizeEndpoint(options.endpoint);
  const shown = { digest: options.digest ?? 'digest', content: options.content ?? 'content-fixtures' };
  return {
    name: 'ask-docs',
    hooks: {
      'astro:config:setup': async ({ config, command, injectRoute, injectScript, updateConfig, logger }) => {
        const root = fileURLToPath(config.root);
        const digestDir = path.resolve(root, shown.digest);
        if (command === 'build' || command === 'dev') {
          const problem = await digestCheckLine(path.resolve(root, shown.content), digestDir, shown);
          if (problem !== null && command === 'build') throw oneLineError(problem);
          // the logger names the integration: the line's own 'ask: ' would say it twice
          if (problem !== null) logger.warn(problem.replace(/^ask: /, ''));
        }
        updateConfig({ vite: { plugins: [digestModulePlugin({ digestDir, endpoint, provider: options.provider, model: options.model })] } });
        const route = modulePath('route');
        injectRoute({ pattern: `${endpoint}/[...path]`, entrypoint: route, prerender: false });
        injectRoute({ pattern: '/openapi.yaml', entrypoint: route, prerender: false });
        injectRoute({ pattern: '/llms.txt', entrypoint: route, prerender: false });
        injectRoute({ pattern: '/llms-full.txt', entrypoint: route, prerender: false });
        // each page's Markdown at its url + `.md`, where llms.txt links
        injectRoute({ pattern: '/[...page].md', entrypoint: route, prerender: false });
        if (options.overlay === true) {
          injectScript('page', `import { addAskSearch } from ${JSON.stringify(modulePath('overlay-client'))};\naddAskSearch(${JSON.stringify(endpoint)});`);
        }
      },
    },
  };
}
