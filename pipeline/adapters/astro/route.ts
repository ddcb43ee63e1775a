import type { APIRoute } from 'astro';
import settings, { local } from 'virtual:ask-docs/settings';
import { streamAgenticAnswerFor } from '../../runtime/agentic-answer.ts';
import { DigestLoadError } from '../../runtime/digest-data.ts';
import { createAskHandler, type AskHandler } from '../../runtime/handler.ts';
import { assetsStorage, type AssetsBinding } from '../../runtime/storage/assets-storage.ts';
import { storageUnder, type DigestStorage } from '../../runtime/storage/storage.ts';
import { storedDigestSource } from '../../runtime/storage/stored-digest.ts';
import { buildEnvironment } from './build-env.ts';

/**
 * The route the integration injects at `{endpoint}/[...path]`, `/openapi.yaml`, `/llms.txt`,
 * `/llms-full.txt` and `/[...page].md` (all under Astro's `base`): the one handler, for any
 * method, over the digest the build laid out in the site's static files (`<base>/_ask/<stamp>/`,
 * virtual:ask-docs/settings names the folder), read as requests need it: from disk on Node
 * (`astro dev`, @astrojs/node: the settings module brings that store), else through the host's
 * static assets binding (`locals.runtime.env.ASSETS`, Cloudflare), else fetched from the site's
 * own origin. No `node:` import here: it runs on every Astro adapter.
 */

export const prerender = false;

const NO_DIGEST = new DigestLoadError("no digest was found when the site was built; run 'ask digest build'");

/** The host's runtime environment (`locals.runtime.env`, set by the Cloudflare adapter or a middleware), first in the key lookup. */
function runtimeEnv(locals: object): Readonly<Record<string, unknown>> | undefined {
  const runtime: unknown = 'runtime' in locals ? locals.runtime : undefined;
  if (typeof runtime !== 'object' || runtime === null || !('env' in runtime)) return undefined;
  const env: unknown = runtime.env;
  return typeof env === 'object' && env !== null ? (env as Readonly<Record<string, unknown>>) : undefined;
}

function isAssetsBinding(value: unknown): value is AssetsBinding {
  return typeof value === 'object' && value !== null && 'fetch' in value && typeof value.fetch === 'function';
}

/** The site's own origin, fetched over the network: the static files as any browser gets them. */
const ownOrigin: AssetsBinding = { fetch: (request) => fetch(request) };

const handlerSettings = {
  streamAgentic: streamAgenticAnswerFor,
  endpoint: settings.endpoint,
  buildEnv: buildEnvironment(),
  ...(settings.provider === null ? {} : { provider: settings.provider }),
  ...(settings.model === null ? {} : { model: settings.model }),
};

/**
 * The store of the digest's folder: the static files on disk where the route runs on Node
 * (`astro dev`, @astrojs/node), else the host's static assets binding, else the site's own origin
 * (`request`'s: the handler is made on the first request).
 */
function storageFor(root: string, request: Request, env: Readonly<Record<string, unknown>> | undefined): DigestStorage {
  if (local !== null) return storageUnder(local, root);
  const folder = `${settings.base}/${root}`;
  const binding = env?.ASSETS;
  if (isAssetsBinding(binding)) return assetsStorage(binding, `https://assets.local${folder}`);
  return assetsStorage(ownOrigin, `${new URL(request.url).origin}${folder}`);
}

/** The handler over the digest's folder. */
function handlerFor(root: string, request: Request, env: Readonly<Record<string, unknown>> | undefined): AskHandler {
  const source = storedDigestSource(storageFor(root, request, env));
  return createAskHandler({ load: source.load, archive: source.archive, ...handlerSettings });
}

/** The handler: made on the first request, when the bindings and the origin are known (at once when there is no digest). */
let handler: AskHandler | null =
  settings.root === null ? createAskHandler({ digest: () => Promise.reject(NO_DIGEST), archive: () => Promise.reject(NO_DIGEST), ...handlerSettings }) : null;

/** The request as the handler routes it: its path without Astro's `base`. */
function belowBase(request: Request): Request {
  if (settings.base === '') return request;
  const url = new URL(request.url);
  if (url.pathname !== settings.base && !url.pathname.startsWith(`${settings.base}/`)) return request;
  url.pathname = url.pathname.slice(settings.base.length) || '/';
  return new Request(url, request);
}

export const ALL: APIRoute = ({ request, locals }) => {
  const env = runtimeEnv(locals);
  handler ??= handlerFor(settings.root ?? '', request, env);
  return handler(belowBase(request), env === undefined ? {} : { env });
};
