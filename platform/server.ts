/**
 * Serves the reference platform over HTTP: the API on `port`, the embedded
 * agent's debug routes on a second port of the same host (as a workspace
 * agent's debug server is its own address), and the mail catcher on a third,
 * always on loopback.
 */
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createAgentDebugApp } from './agent-debug.ts';
import { createPlatformApp } from './app.ts';
import { openPlatformCore, type PlatformCore, type PlatformCoreOptions } from './core.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';
import type { MailboxReader } from './mailbox.ts';

export interface ReferencePlatformOptions extends PlatformCoreOptions {
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 0 (a free port). */
  readonly port?: number;
  /** Port of the agent debug server; default 0 (a free port). */
  readonly agentDebugPort?: number;
  /** Port of the mail catcher, always on 127.0.0.1; default 0 (a free port). */
  readonly mailCatcherPort?: number;
}

export interface ReferencePlatform {
  /** Base URL of the platform, e.g. `http://127.0.0.1:4322`. */
  readonly url: string;
  /** Base URL of the embedded agent's debug server (the `--agent-debug-url` to give the proxy). */
  readonly agentDebugUrl: string;
  /** The owner account; `password` only on the start that generated it. */
  readonly owner: { readonly email: string; readonly password?: string };
  /** The embedded agent's token (new at each start). */
  readonly agentToken: string;
  /** The mail catcher's address on 127.0.0.1, its key included (outgoing mail: passcodes). */
  readonly mailCatcherUrl: string;
  /** Outgoing mail, read directly (tests). */
  readonly mailbox: MailboxReader;
  /** Stops the servers (open streams are cut) and closes the database. */
  close(): Promise<void>;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('the server has no TCP address'));
      else resolve(address.port);
    });
  });
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** `http://host:port`, with IPv6 hosts bracketed and the wildcard addresses shown as loopback. */
function baseUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/** Serves an opened core; the core is closed with the servers. */
export async function servePlatform(
  core: PlatformCore,
  options: { host?: string; port?: number; agentDebugPort?: number; mailCatcherPort?: number } = {},
) {
  const host = options.host ?? '127.0.0.1';
  const listenerOptions = { overrideGlobalObjects: false };
  const apiListener = getRequestListener(createPlatformApp(core.services, core.accountSecurity).fetch, listenerOptions);
  const debugListener = getRequestListener(createAgentDebugApp(core.services).fetch, listenerOptions);
  const api = createServer((request, response) => void apiListener(request, response));
  const debug = createServer((request, response) => void debugListener(request, response));
  let catcher: MailCatcher | null = null;
  const stopCatcher = async () => catcher?.close();
  try {
    const port = await listen(api, host, options.port ?? 0);
    const url = baseUrl(host, port);
    core.setAddress({ publicUrl: url, appHost: `*.apps.localhost:${port}` });
    const debugPort = await listen(debug, host, options.agentDebugPort ?? 0);
    catcher = await startMailCatcher(core.mailbox, options.mailCatcherPort ?? 0);
    return {
      url,
      agentDebugUrl: baseUrl(host, debugPort),
      mailCatcherUrl: catcher.url,
      close: async () => {
        await Promise.all([stop(api), stop(debug), stopCatcher()]);
        await core.close();
      },
    };
  } catch (error) {
    await Promise.all([stop(api), stop(debug), stopCatcher()]);
    await core.close();
    throw error;
  }
}

/** Opens the state at `dataDir` (memory when omitted) and serves it. */
export async function startReferencePlatform(options: ReferencePlatformOptions = {}): Promise<ReferencePlatform> {
  const owner = options.owner ?? ownerFromEnvironment(process.env);
  const core = await openPlatformCore({ ...options, owner });
  const served = await servePlatform(core, options);
  const shown = core.owner.password === undefined ? { email: core.owner.email } : { email: core.owner.email, password: core.owner.password };
  return {
    url: served.url,
    agentDebugUrl: served.agentDebugUrl,
    owner: shown,
    agentToken: core.agentToken,
    mailCatcherUrl: served.mailCatcherUrl,
    mailbox: core.mailbox,
    close: served.close,
  };
}

/** `PLATFORM_OWNER_EMAIL` / `PLATFORM_OWNER_PASSWORD`, when set, name the owner created on first start. */
export function ownerFromEnvironment(env: Readonly<Record<string, string | undefined>>): { email?: string; password?: string } {
  const owner: { email?: string; password?: string } = {};
  if (env['PLATFORM_OWNER_EMAIL']) owner.email = env['PLATFORM_OWNER_EMAIL'];
  if (env['PLATFORM_OWNER_PASSWORD']) owner.password = env['PLATFORM_OWNER_PASSWORD'];
  return owner;
}
