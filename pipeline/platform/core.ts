/**
 * Opens the platform's state and everything the routes share: the database
 * (migrated), the owner created on first start, the sealing key, the embedded
 * agent with a fresh token, and the inbox hub.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentRuntime } from './agent-runtime.ts';
import { rotateAgentToken } from './credentials.ts';
import { openPlatformDb, type PlatformDb } from './database.ts';
import { InboxHub } from './inbox-hub.ts';
import { newSealingKey } from './secrets.ts';
import type { PlatformAddress, PlatformServices } from './services.ts';
import { ensureOwner, type OwnerBootstrap } from './users.ts';

export interface PlatformCoreOptions {
  /** PGlite data directory; in memory when omitted. */
  readonly dataDir?: string;
  /** The owner created on first start (ignored once an owner exists). Password: generated when absent. */
  readonly owner?: { readonly email?: string; readonly password?: string };
  /** Where the embedded agent keeps `agent.log`; default `<dataDir>/agent-logs`, or a temporary folder. */
  readonly agentLogDir?: string;
  readonly log?: (line: string) => void;
}

export interface PlatformCore {
  readonly services: PlatformServices;
  readonly owner: OwnerBootstrap;
  /** The embedded agent's token, new at every start (only its hash is stored). */
  readonly agentToken: string;
  /** Called once the server listens. */
  setAddress(address: PlatformAddress): void;
  close(): Promise<void>;
}

async function sealingKey(db: PlatformDb): Promise<string> {
  await db.query(`insert into server_secrets (name, value) values ('sealing_key', $1) on conflict (name) do nothing`, [newSealingKey()]);
  const { rows } = await db.query<{ value: string }>(`select value from server_secrets where name = 'sealing_key'`);
  const key = rows[0]?.value;
  if (key === undefined) throw new Error('the sealing key could not be stored');
  return key;
}

export async function openPlatformCore(options: PlatformCoreOptions = {}): Promise<PlatformCore> {
  const log = options.log ?? (() => undefined);
  const db = await openPlatformDb(options.dataDir);
  try {
    const owner = await ensureOwner(db, options.owner ?? {});
    const key = await sealingKey(db);
    const { rows } = await db.query<{ agent_id: string; workspace_id: string }>(
      `select a.id as agent_id, a.workspace_id from workspace_agents a join workspaces w on w.id = a.workspace_id
       join users u on u.id = w.owner_id where u.role = 'owner' order by a.created_at limit 1`);
    const embedded = rows[0];
    if (embedded === undefined) throw new Error("the owner's workspace agent is missing");
    const agentToken = await db.transaction((tx) => rotateAgentToken(tx, embedded.agent_id));

    const temporaryLogDir = options.agentLogDir === undefined && options.dataDir === undefined;
    const logDir = options.agentLogDir
      ?? (options.dataDir === undefined ? await mkdtemp(join(tmpdir(), 'platform-agent-')) : join(options.dataDir, 'agent-logs'));
    const agent = new AgentRuntime(embedded.agent_id, embedded.workspace_id, logDir);
    await agent.log('info', 'agent started');

    let address: PlatformAddress | null = null;
    const services: PlatformServices = {
      db,
      hub: new InboxHub(),
      agent,
      sealingKey: key,
      address: () => {
        if (address === null) throw new Error('the platform is not listening yet');
        return address;
      },
      log,
    };
    if (owner.created) log(`platform: created the owner account ${owner.email}`);
    return {
      services,
      owner,
      agentToken,
      setAddress: (value) => {
        address = value;
      },
      close: async () => {
        await db.close();
        if (temporaryLogDir) await rm(logDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
