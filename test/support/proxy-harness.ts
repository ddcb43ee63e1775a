/**
 * The setup the scripted-upstream proxy suites share: scripted upstreams on
 * loopback ports, the platform proxy in front of them (as a handler and served
 * over HTTP), its log lines kept, every upstream reset to `200 {"ok":true}`
 * before each test, and the three ways the suites send a request.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createPlatformProxy } from '../../pipeline/proxy/index.ts';
import { serveProxy, type PlatformProxy, type ProxyServer, type ProxyTuning } from './platform-harness.ts';
import { answerJson, startScriptedUpstream, type ScriptedUpstream } from './scripted-upstream.ts';

export interface ScriptedProxySuiteOptions {
  /** The proxy's settings other than its upstreams (timeout, body limit, ...); its log is the suite's. */
  readonly tuning?: Omit<ProxyTuning, 'log'>;
  /** A second scripted upstream as the agent debug server; otherwise the platform's upstream serves both. */
  readonly separateAgent?: boolean;
}

export interface ScriptedProxySuite {
  /** The scripted upstream standing in for the platform. */
  readonly platform: ScriptedUpstream;
  /** The one standing in for the agent debug server (`platform` unless `separateAgent`). */
  readonly agent: ScriptedUpstream;
  /** The proxy's handler, for calls with no HTTP server in between. */
  readonly proxy: PlatformProxy;
  /** Where the proxy is served over HTTP (the docs host's origin). */
  readonly proxyUrl: string;
  /** The proxy's log lines since the current test started. */
  readonly logLines: string[];
  /** Calls the handler directly; fails the test when the proxy declines the request. */
  readonly call: (request: Request) => Promise<Response>;
  /** `fetch` of `path` on the served proxy. */
  readonly fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** Sends exactly these headers (node:http, so no fetch client adds or drops any); resolves the status once the body has been read. */
  readonly sendRaw: (path: string, headers: Record<string, string>, method?: string, body?: Buffer) => Promise<number>;
}

/**
 * Registers the suite's hooks: starts the upstreams and the served proxy before
 * all tests, resets the upstreams and the log lines before each, stops everything
 * after all. The returned suite may be read only inside tests and hooks.
 */
export function useScriptedProxy(options: ScriptedProxySuiteOptions = {}): ScriptedProxySuite {
  let started: { platform: ScriptedUpstream; agent: ScriptedUpstream; proxy: PlatformProxy; server: ProxyServer } | undefined;
  const logLines: string[] = [];
  const current = (): NonNullable<typeof started> => {
    if (started === undefined) throw new Error('the scripted proxy has not started');
    return started;
  };

  beforeAll(async () => {
    const platform = await startScriptedUpstream();
    const agent = options.separateAgent === true ? await startScriptedUpstream() : platform;
    const proxy = createPlatformProxy({
      ...options.tuning,
      platformUrl: platform.url,
      agentDebugUrl: agent.url,
      log: (line) => logLines.push(line),
    });
    started = { platform, agent, proxy, server: await serveProxy(proxy) };
  });
  afterAll(async () => {
    if (started === undefined) return;
    const { platform, agent, server } = started;
    await server.close();
    await Promise.all([...new Set([platform, agent])].map((upstream) => upstream.kill()));
  });
  beforeEach(() => {
    for (const upstream of new Set([current().platform, current().agent])) {
      upstream.requests.length = 0;
      upstream.handle = answerJson(200, { ok: true });
    }
    logLines.length = 0;
  });

  return {
    get platform() {
      return current().platform;
    },
    get agent() {
      return current().agent;
    },
    get proxy() {
      return current().proxy;
    },
    get proxyUrl() {
      return current().server.url;
    },
    logLines,
    call: async (request) => {
      const response = await current().proxy(request);
      if (response === null) throw new Error(`the proxy declined ${request.url}`);
      return response;
    },
    fetch: (path, init = {}) => fetch(`${current().server.url}${path}`, init),
    sendRaw: (path, headers, method = 'GET', body) => {
      const { port } = new URL(current().server.url);
      return new Promise((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port: Number(port), path, method, headers }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', reject);
        request.end(body);
      });
    },
  };
}
