/**
 * The platform proxy set up the way the docs host mounts it, for the proxy
 * suites: a real Node HTTP server on a loopback port that answers `/api/v2/*`
 * and `/debug/*` through the proxy and anything else with a stand-in host page,
 * in front of either the reference platform or a scripted upstream.
 */
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createUser, openPlatformCore, servePlatform, type PlatformCore, type ScryptCost } from '../../platform/index.ts';
import { createPlatformProxy, type PlatformProxyOptions } from '../../pipeline/proxy/index.ts';
import { startScriptedUpstream, type ScriptedUpstream } from './scripted-upstream.ts';

/** The proxy's web-standard handler: a response for the paths it owns, `null` for the host's. */
export type PlatformProxy = ReturnType<typeof createPlatformProxy>;

/** The proxy's settings other than where its upstreams are (timeout, body limit, ...). */
export type ProxyTuning = Omit<PlatformProxyOptions, 'platformUrl' | 'agentDebugUrl'>;

/** The reference platform as served: its API and agent debug base URLs. */
export type ServedPlatform = Awaited<ReturnType<typeof servePlatform>>;

/**
 * The scrypt cost the suites open the platform with: the default (N=2^17) takes
 * about 0.3 s a hash, and the suites hash hundreds of times. Not a weaker
 * production setting: `ask platform serve` has no way to choose it.
 */
export const TEST_PASSWORD_HASH_COST: ScryptCost = { N: 2 ** 12, r: 8, p: 1 };

/**
 * The passcode in the newest mail to `email`, once the work started after
 * answering has finished; undefined when none was sent.
 */
export async function passcodeFromMailbox(core: PlatformCore, email: string): Promise<string | undefined> {
  await core.settled();
  const mail = (await core.mailbox.list()).filter((message) => message.to === email.toLowerCase()).at(-1);
  return /\b([A-Z2-9]{4}-[A-Z2-9]{4})\b/.exec(mail?.text ?? '')?.[1];
}

/** The owner the reference platform is opened with. */
export const OWNER = { email: 'owner@example.com', password: 'Granite-Falcon-e2e-91' } as const;
/** A second, plain member created on the reference platform. */
export const MEMBER = { email: 'member@example.com', password: 'Copper-Willow-e2e-42' } as const;

export interface ProxyServer {
  /** `http://127.0.0.1:<port>`, the docs host's origin. */
  readonly url: string;
  /** Drops open connections (streams included), then stops listening. */
  close(): Promise<void>;
}

/**
 * Serves `proxy` on a free loopback port as the docs host does: what the proxy
 * declines (`null`) is answered 200 with a stand-in host page.
 */
export async function serveProxy(proxy: PlatformProxy): Promise<ProxyServer> {
  const listener = getRequestListener(async (request) => (await proxy(request)) ?? new Response('host page', { status: 200 }), {
    overrideGlobalObjects: false,
  });
  const server = createServer((request, response) => void listener(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface PlatformBehindProxy {
  readonly core: PlatformCore;
  readonly platform: ServedPlatform;
  /** The id of the `MEMBER` user. */
  readonly memberId: string;
  /** Where to call the proxy (the docs host's origin). */
  readonly proxyUrl: string;
  /** Stops the proxy's server, then the platform (and its core). */
  close(): Promise<void>;
}

/**
 * Opens the reference platform in memory with `OWNER` as its owner, adds
 * `MEMBER` (role member, username `member`), serves it, and serves the proxy in
 * front of its API and agent debug servers. No one is logged in yet.
 */
export async function startPlatformBehindProxy(): Promise<PlatformBehindProxy> {
  const core = await openPlatformCore({ owner: OWNER, passwordHashCost: TEST_PASSWORD_HASH_COST });
  const platform = await servePlatform(core);
  const memberId = (await createUser(core.services.db, { ...MEMBER, username: 'member', role: 'member' }, core.passwordHashCost)).id;
  const server = await serveProxy(createPlatformProxy({ platformUrl: platform.url, agentDebugUrl: platform.agentDebugUrl }));
  return {
    core,
    platform,
    memberId,
    proxyUrl: server.url,
    close: async () => {
      await server.close();
      await platform.close();
    },
  };
}

export interface ProxyOverScriptedUpstream {
  /** Stands in for both the platform and the agent debug server. */
  readonly upstream: ScriptedUpstream;
  /** The handler itself, for calls that need no HTTP server in between. */
  readonly proxy: PlatformProxy;
  /** Where to call the proxy over HTTP (the docs host's origin). */
  readonly proxyUrl: string;
  /** Stops the proxy's server, then kills the upstream. */
  close(): Promise<void>;
}

/**
 * Starts a scripted upstream and serves the proxy, tuned by `tuning`, in front
 * of it as both the platform and the agent debug server.
 */
export async function startProxyOverScriptedUpstream(tuning: ProxyTuning = {}): Promise<ProxyOverScriptedUpstream> {
  const upstream = await startScriptedUpstream();
  const proxy = createPlatformProxy({ ...tuning, platformUrl: upstream.url, agentDebugUrl: upstream.url });
  const server = await serveProxy(proxy);
  return {
    upstream,
    proxy,
    proxyUrl: server.url,
    close: async () => {
      await server.close();
      await upstream.kill();
    },
  };
}
