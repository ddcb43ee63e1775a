import { Hono, type Context } from 'hono';
import type { AgenticStreamer } from './ask-routes.ts';
import { askResponse, suggestionsResponse } from './ask-routes.ts';
import { archiveResponder, type ArchiveSource } from './archive-route.ts';
import { budgetedSectionList, createBudgetRoute, type BudgetRouteLimits } from './budget-route.ts';
import { parseDigestFiles, type AskData, type DigestFiles } from './digest-data.ts';
import { ERRORS, errorToResponse, RequestError } from './errors.ts';
import { stampFreshness } from './freshness.ts';
import { llmsResponse, pageMarkdownResponse, pageUrlMarkdownResponse, type LlmsFile } from './markdown-routes.ts';
import { openApiYaml } from './openapi.ts';
import { lenientLoopConfig, onePerEnvironment } from './provider-config.ts';
import { glossaryEntry, glossaryList, overview, parseSectionFormat, sectionList, sectionNode } from './read-routes.ts';
import { redactorOf, type Environment } from './redact.ts';
import { createIndexState } from './state.ts';
import { unknownProviderNotice } from './unknown-provider.ts';
import { logWriter, queryRecorder, type QueryLogSink } from './query-log.ts';
import { createFeedbackRoute, FEEDBACK_HEADER, type FeedbackLimits } from './feedback-route.ts';
import { isPlatformPath } from '../platform-api/paths.ts';
import { responseBody } from '../platform-api/response-body.ts';

/**
 * Where the served data comes from: a digest tree to parse, or (a host that builds it another
 * way, such as raw content without a digest) the data itself. Called once per instance, again
 * only after a failure.
 */
type AskDataSource = { readonly digest: () => Promise<DigestFiles> } | { readonly load: () => Promise<AskData> };

interface AskHandlerSettings {
  /** The archive bytes of the digest tree (built ahead of time where there is no file system), or the stored archive file. */
  readonly archive: ArchiveSource;
  /** Base path of the route tree (spec `endpoint` option), default `/api/ask`. */
  readonly endpoint?: string;
  /** Hash of the live content, compared with the digest's on the first request. */
  readonly liveContentHash?: () => Promise<string | null>;
  /** The platform proxy: answers `/api/v2/*` and `/debug/*`, null for anything else. */
  readonly platform?: (request: Request) => Promise<Response | null>;
  /** OpenAPI paths and schemas of the platform routes, documented when the proxy is mounted. */
  readonly platformOpenApi?: PlatformOpenApi | Promise<PlatformOpenApi>;
  /** The agentic answer stream (rule 4). */
  readonly streamAgentic: AgenticStreamer;
  /** Provider and model options (else ASK_PROVIDER / ASK_MODEL / the defaults). */
  readonly provider?: string;
  readonly model?: string;
  /** The process environment (second in the key lookup order); default `process.env` where there is one. */
  readonly processEnv?: Readonly<Record<string, string | undefined>>;
  /** The environment the site was built with (last in the key lookup order). */
  readonly buildEnv?: Readonly<Record<string, string | undefined>>;
  readonly log?: (line: string) => void;
  /**
   * The opt-in query log (runtime/query-log.ts): each answered query, normalised and redacted, to
   * this sink, and the search box's feedback (`POST {ask_base}/feedback`, served only with a
   * sink). Off when absent. A sink that fails or is slow never affects the answer.
   */
  readonly queryLog?: QueryLogSink;
  /** How much feedback the handler takes (default `FEEDBACK_LIMITS`: 120 events a minute). */
  readonly feedbackLimits?: Partial<FeedbackLimits>;
  /** The budget route's largest budget and concurrency gate (default `BUDGET_ROUTE_LIMITS`). */
  readonly budgetLimits?: Partial<BudgetRouteLimits>;
}

export type AskHandlerOptions = AskDataSource & AskHandlerSettings;

/** The OpenAPI paths and schemas of the platform routes (a promise when the proxy is imported lazily). */
interface PlatformOpenApi {
  readonly paths: Record<string, unknown>;
  readonly components: Record<string, unknown>;
}

/** Per-request context a host adapter may pass: its runtime environment (`locals.runtime.env`, a worker's `env`). */
export interface AskRequestContext {
  readonly env?: Readonly<Record<string, unknown>>;
}

export type AskHandler = ((request: Request, context?: AskRequestContext) => Promise<Response>) & {
  /** The routes the handler serves (method and Hono path pattern), for the contract test. */
  readonly routes: readonly { readonly method: string; readonly path: string }[];
};

/** `/api/ask/` and `api/ask` both mean `/api/ask`. */
export function normalizeEndpoint(endpoint: string | undefined): string {
  const trimmed = (endpoint ?? '/api/ask').trim().replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function processEnvironment(): Readonly<Record<string, string | undefined>> | undefined {
  return typeof process !== 'undefined' && typeof process.env === 'object' ? process.env : undefined;
}

/**
 * True for the paths whose every answer, error or not, is the handler's JSON (the ask tree under
 * `base`, the platform's `/api/v2` and `/debug`): a host's own "page not found" page never
 * replaces a 4xx there, whatever the request's `Accept` says.
 */
export function isServiceTreePath(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`) || isPlatformPath(pathname);
}

/** The platform's trees without a proxy mounted: a 404 `Response` body (spec/platform-api.md), not the ask tree's Error. */
function platformNotMounted(request: Request): Response | null {
  if (!isPlatformPath(new URL(request.url).pathname)) return null;
  return responseBody(404, 'The platform proxy is not enabled on this server.', { detail: 'start it with --platform-url', headers: { 'cache-control': 'no-store' } });
}

/** The raw (still percent-encoded) remainder of the path after `prefix`, decoded once. */
function pathRemainder(url: string, prefix: string): string | null {
  const pathname = new URL(url).pathname;
  if (!pathname.startsWith(prefix)) return null;
  try {
    return decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return null;
  }
}

/**
 * The one web-standard handler of the spec: Request in, Response out, on Node, workerd and
 * Astro alike. The digest is parsed and the search tables opened on the first request.
 */
export function createAskHandler(options: AskHandlerOptions): AskHandler {
  const base = normalizeEndpoint(options.endpoint);
  const log = options.log ?? ((line: string) => console.warn(line));
  const data = createIndexState({
    load: 'load' in options ? options.load : async () => parseDigestFiles(await options.digest()),
    ...(options.liveContentHash ? { liveContentHash: options.liveContentHash } : {}),
    log,
  });
  // written on the first request for it (the platform's part may still be loading when the handler is made)
  let yaml: Promise<string> | null = null;
  const openApi = (): Promise<string> => {
    // the site's name is the digest's: a digest that cannot be read leaves the generic title
    yaml ??= Promise.all([options.platformOpenApi, data().then((loaded) => loaded.identity, () => null)]).then(([platform, site]) =>
      openApiYaml({ base, site, ...(platform ? { extraPaths: platform.paths, extraComponents: platform.components } : {}) }),
    );
    return yaml;
  };
  const writeLog = logWriter(options.queryLog, log);
  const recordQuery = queryRecorder(writeLog);
  const feedbackPath = `${base}/feedback`;
  const feedback = createFeedbackRoute(writeLog, options.feedbackLimits);
  // an unknown provider (a misspelled ASK_PROVIDER, seen only per request) leaves keyword answers, said once in the log
  const noticeProvider = unknownProviderNotice(log);
  // resolved once per handler: again only when a host's per-request environment says otherwise
  const resolved = onePerEnvironment((runtimeEnv) =>
    noticeProvider(lenientLoopConfig({ runtimeEnv, processEnv: options.processEnv ?? processEnvironment(), buildEnv: options.buildEnv }, options)),
  );
  const config = (c: Context) => resolved(c.env as Record<string, unknown> | undefined);
  /** A response read from the loaded data, stamped with its content hash and build commit. */
  const fresh = async (render: (loaded: AskData) => Response | Promise<Response>): Promise<Response> => {
    const loaded = await data();
    return stampFreshness(await render(loaded), loaded);
  };
  const withData = (render: (loaded: AskData, c: Context) => Response | Promise<Response>) => (c: Context) => fresh((loaded) => render(loaded, c));
  /** The path after `prefix`, decoded; a 404 when there is none. */
  const remainderOf = (c: Context, prefix: string): string => {
    const remainder = pathRemainder(c.req.url, prefix);
    if (remainder === null || remainder === '') throw new RequestError(404, ERRORS.notFound);
    return remainder;
  };
  const llmsPaths: readonly (readonly [string, LlmsFile])[] = [
    ['llms.txt', 'llms'],
    ['llms-full.txt', 'llmsFull'],
  ];

  const budgetRoute = createBudgetRoute(options.budgetLimits);

  const app = new Hono({ strict: false });
  const archive = archiveResponder(options.archive);
  app.get('/openapi.yaml', async () => new Response(await openApi(), { headers: { 'content-type': 'application/yaml; charset=utf-8' } }));
  app.get(base, withData((loaded, c) => suggestionsResponse(loaded, config(c))));
  app.post(base, async (c) => {
    const response = await askResponse(c.req.raw, data, config(c), options.streamAgentic, recordQuery);
    // the search box sends feedback only where an answer says where to (and only with the log on)
    if (writeLog !== undefined) response.headers.set(FEEDBACK_HEADER, feedbackPath);
    return stampFreshness(response, await data());
  });
  app.get(`${base}/glossary`, withData((loaded) => glossaryList(loaded)));
  app.get(`${base}/glossary/*`, (c) => {
    const term = remainderOf(c, `${base}/glossary/`);
    return fresh((loaded) => glossaryEntry(loaded, term));
  });
  app.get(`${base}/sections`, (c) => {
    const group = c.req.query('group');
    const budget = c.req.query('budget');
    // without a budget the list is the plain one; the parameters are checked before the digest is read
    if (budget === undefined) return fresh((loaded) => sectionList(loaded, group));
    const query = { budget: budgetRoute.parse(budget), q: c.req.query('q'), group };
    return budgetRoute.serve(() => fresh((loaded) => budgetedSectionList(loaded, query)), c.req.method === 'HEAD');
  });
  app.get(`${base}/sections/*`, (c) => {
    const format = parseSectionFormat(c.req.query('format'));
    const id = remainderOf(c, `${base}/sections/`);
    return fresh((loaded) => sectionNode(loaded, id, format));
  });
  app.get(`${base}/pages/*`, (c) => {
    const remainder = remainderOf(c, `${base}/pages/`);
    return fresh((loaded) => pageMarkdownResponse(loaded, remainder));
  });
  app.get(`${base}/overview`, withData((loaded) => overview(loaded)));
  // the archive is of the digest tree: none without a digest
  app.get(`${base}/archive`, withData((loaded, c) => {
    if (!loaded.hasDigest) throw new RequestError(404, ERRORS.notFound);
    return archive(c.req.raw, loaded.contentHash);
  }));
  // at the site root (where a host mounts the handler there) and under the tree, always
  for (const [name, file] of llmsPaths) {
    for (const route of [`/${name}`, `${base}/${name}`]) app.get(route, withData((loaded) => llmsResponse(loaded, file)));
  }
  // with the log off, the path is as unknown as any other (404 for every method); on, POST only
  app.post(feedbackPath, (c) => feedback(c.req.raw));
  if (writeLog !== undefined) {
    app.all(feedbackPath, () => {
      throw new RequestError(405, ERRORS.methodNotAllowed, { allow: 'POST' });
    });
  }
  // last: a page's Markdown at its own url + `.md` (llms.txt links there); any other path is a 404
  app.get('/*', (c) => {
    const pathname = pathRemainder(c.req.url, '');
    if (pathname === null || !pathname.endsWith('.md')) throw new RequestError(404, ERRORS.notFound);
    return fresh((loaded) => pageUrlMarkdownResponse(loaded, pathname));
  });

  const readOnly = 'GET, HEAD';
  const allowed: Record<string, string> = {
    [base]: 'GET, HEAD, POST',
    [`${base}/glossary`]: readOnly,
    [`${base}/glossary/*`]: readOnly,
    [`${base}/sections`]: readOnly,
    [`${base}/sections/*`]: readOnly,
    [`${base}/pages/*`]: readOnly,
    [`${base}/overview`]: readOnly,
    [`${base}/archive`]: readOnly,
    '/openapi.yaml': readOnly,
    ...Object.fromEntries(llmsPaths.flatMap(([name]) => [`/${name}`, `${base}/${name}`].map((route) => [route, readOnly]))),
  };
  for (const [path, allow] of Object.entries(allowed)) {
    app.all(path, () => {
      throw new RequestError(405, ERRORS.methodNotAllowed, { allow });
    });
  }
  app.notFound(() => errorToResponse(new RequestError(404, ERRORS.notFound), log));
  // an AskError says what a user may see; anything else is logged, not shown
  app.onError((error, c) => errorToResponse(error, log, redactorOf(c.env as Environment, options.processEnv, options.buildEnv)));

  const handle = async (request: Request, context?: AskRequestContext): Promise<Response> => {
    const proxied = options.platform ? await options.platform(request) : platformNotMounted(request);
    if (proxied) return proxied;
    return app.fetch(request, context?.env ?? {});
  };
  const routes = app.routes.filter((route) => route.method !== 'ALL').map(({ method, path }) => ({ method, path }));
  return Object.assign(handle, { routes });
}
