import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { CONFIG_FILE } from '../../cli/config-schema.ts';
import { AskError } from '../../errors.ts';
import { siblingModule } from '../../module-file.ts';
import { normalizeEndpoint } from '../../runtime/handler.ts';
import { digestCheckLine } from './digest-check-line.ts';
import { copyStagedDigest, digestAssetsPlugin, stagedDigest, type NodeServerFolders, type StagedDigest } from './digest-assets.ts';
import { integrationFolders } from './folders.ts';

export interface AskAstroOptions {
  /** Base path of the route tree (default `/api/ask`). */
  readonly endpoint?: string;
  /** The digest folder, relative to the project root (default: the `out` of the nearest `ask.config.json` from the project root, else `digest`). */
  readonly digest?: string;
  /** The Markdown pages the digest is built from, relative to the project root (default: the `content` of that `ask.config.json`; required without one). */
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
 * `<url>.md` on demand (all under Astro's `base`); `astro build` lays the digest out among the
 * site's static files (`<base>/_ask/<stamp>/`, edge-layout.ts) and the route reads it from there
 * as requests need it, so the server bundle carries the handler only. `astro build` fails with
 * one line when the digest is missing or stale (`astro dev` warns); `overlay: true` adds the
 * search box to every page.
 */
export function ask(options: AskAstroOptions = {}): AstroIntegration {
  const endpoint = normalizeEndpoint(options.endpoint);
  let staged: StagedDigest | null = null;
  // known once the adapter has set the build folders (astro:config:done)
  let node: NodeServerFolders | null = null;
  return {
    name: 'ask-docs',
    hooks: {
      'astro:config:setup': async ({ config, command, injectRoute, injectScript, updateConfig, logger }) => {
        const root = fileURLToPath(config.root);
        const folders = await integrationFolders(root, options).catch((error: unknown) => {
          throw oneLineError(error instanceof AskError ? error.userMessage : String(error));
        });
        const digestDir = path.resolve(root, folders.digest);
        if (command === 'build' || command === 'dev') {
          const { content } = folders;
          if (content === null) throw oneLineError(`ask: no content folder: set the integration's 'content' option, or run 'ask init' to write ${CONFIG_FILE}`);
          const problem = await digestCheckLine(path.resolve(root, content), digestDir, { content, digest: folders.digest });
          if (problem !== null && command === 'build') throw oneLineError(problem);
          // the logger names the integration: the line's own 'ask: ' would say it twice
          if (problem !== null) logger.warn(problem.replace(/^ask: /, ''));
        }
        const base = config.base.replace(/\/+$/, '');
        staged = stagedDigest(digestDir, path.join(fileURLToPath(config.cacheDir), 'ask-docs'));
        const plugin = digestAssetsPlugin({
          staged,
          digestDir,
          endpoint,
          base,
          provider: options.provider,
          model: options.model,
          folderModule: modulePath('folder-storage'),
          dev: command === 'dev',
          node: () => node,
        });
        updateConfig({ vite: { plugins: [plugin] } });
        const route = modulePath('route');
        injectRoute({ pattern: `${endpoint}/[...path]`, entrypoint: route, prerender: false });
        injectRoute({ pattern: '/openapi.yaml', entrypoint: route, prerender: false });
        injectRoute({ pattern: '/llms.txt', entrypoint: route, prerender: false });
        injectRoute({ pattern: '/llms-full.txt', entrypoint: route, prerender: false });
        // each page's Markdown at its url + `.md`, where llms.txt links
        injectRoute({ pattern: '/[...page].md', entrypoint: route, prerender: false });
        if (options.overlay === true) {
          injectScript('page', `import { addAskSearch } from ${JSON.stringify(modulePath('overlay-client'))};\naddAskSearch(${JSON.stringify(`${base}${endpoint}`)});`);
        }
      },
      'astro:config:done': ({ config }) => {
        if (config.adapter?.name !== '@astrojs/node') return;
        const server = fileURLToPath(config.build.server);
        node = { serverFolder: path.basename(server), clientFromServer: path.relative(server, fileURLToPath(config.build.client)).split(path.sep).join('/') };
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (staged === null) return;
        const root = await copyStagedDigest(staged, fileURLToPath(dir));
        if (root !== null) logger.info(`digest laid out in ${root}/ of the static files`);
      },
    },
  };
}
