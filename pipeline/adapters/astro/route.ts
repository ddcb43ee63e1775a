import type { APIRoute } from 'astro';
import baked from 'virtual:ask-docs/digest';
import { streamAgenticAnswerFor } from '../../runtime/agentic-answer.ts';
import { DigestLoadError } from '../../runtime/digest-data.ts';
import { createAskHandler } from '../../runtime/handler.ts';
import { bakedDigestSource } from '../baked-digest.ts';
import { buildEnvironment } from './build-env.ts';

/**
 * The route the integration injects at `{endpoint}/[...path]` and `/openapi.yaml`: the one
 * handler over the digest baked into the bundle (virtual:ask-docs/digest), for any method.
 * No `node:` import here: it runs on every Astro adapter.
 */

export const prerender = false;

const NO_DIGEST = new DigestLoadError("no digest was found when the site was built; run 'ask digest build'");

const source = baked.digest === null ? { digest: () => Promise.reject(NO_DIGEST), archive: () => Promise.reject(NO_DIGEST) } : bakedDigestSource(baked.digest);

const handler = createAskHandler({
  ...source,
  streamAgentic: streamAgenticAnswerFor,
  endpoint: baked.endpoint,
  buildEnv: buildEnvironment(),
  ...(baked.provider === null ? {} : { provider: baked.provider }),
  ...(baked.model === null ? {} : { model: baked.model }),
});

/** The host's runtime environment (`locals.runtime.env`, set by the Cloudflare adapter or a middleware), first in the key lookup. */
function runtimeEnv(locals: object): Readonly<Record<string, unknown>> | undefined {
  const runtime: unknown = 'runtime' in locals ? locals.runtime : undefined;
  if (typeof runtime !== 'object' || runtime === null || !('env' in runtime)) return undefined;
  const env: unknown = runtime.env;
  return typeof env === 'object' && env !== null ? (env as Readonly<Record<string, unknown>>) : undefined;
}

export const ALL: APIRoute = ({ request, locals }) => {
  const env = runtimeEnv(locals);
  return handler(request, env === undefined ? {} : { env });
};
