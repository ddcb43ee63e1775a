/**
 * Opens the platform's state and everything the routes share: the database
 * (migrated), the owner created on first start, the sealing key, the embedded
 * agent with a fresh token, the inbox hub, and what guards accounts (the
 * mailbox passcodes go to, the throttles and their clock).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountSecurity, type AccountSecurity } from './account-security.ts';
import { AgentRuntime } from './agent-runtime.ts';
import { rotateAgentToken } from './credentials.ts';
import { openPlatformDb, type PlatformDb } from './database.ts';
import { InboxHub } from './inbox-hub.ts';
import { openMailbox, type MailboxReader } from './mailbox.ts';
import { DEFAULT_SCRYPT_COST, newSealingKey, type ScryptCost } from './secrets.ts';
import type { PlatformAddress, PlatformServices } from './services.ts';
import type { Clock } from './throttle.ts';
import { ensureOwner, type OwnerBootstrap } from './users.ts';

export interface PlatformCoreOptions {
  /** PGlite data directory; in memory when omitted. */
  readonly dataDir?: string;
  /** The owner created on first start (ignored once an owner exists). Password: generated when absent. */
  readonly owner?: { readonly email?: string; readonly password?: string };
  /** Where the embedded agent keeps `agent.log`; default `<dataDir>/agent-logs`, or a temporary folder. */
  readonly agentLogDir?: string;
  readonly log?: (line: string) => void;
  /** The throttles' clock (milliseconds, like `Date.now`, the default): tests move it instead of sleeping. */
  readonly clock?: Clock;
  /**
   * The scrypt cost of new password hashes. Default N=2^17, r=8, p=1; leave it
   * so outside tests. A test harness passes a lower one to keep the suite fast;
   * there is deliberately no environment variable or flag for it.
   */
  readonly passwordHashCost?: ScryptCost;
  /**
   * Addresses of the proxies in front (`ask serve`): from them alone the
   * `Ask-Client-Address` header is taken as the client's address. None by default.
   */
  readonly trustedProxies?: readonly string[];
}

export interface PlatformCore {
  readonly services: PlatformServices;
  readonly owner: OwnerBootstrap;
  /** The embedded agent's token, new at every start (only its hash is stored). */
  readonly agentToken: string;
  /** Guards of the login and passcode routes (throttles, mailbox, hashing cost). */
  readonly accountSecurity: AccountSecurity;
  /** Outgoing mail (passcodes): `<dataDir>/mail/`, or in memory. */
  readonly mailbox: MailboxReader;
  /** The scrypt cost new password hashes are made with. */
  readonly passwordHashCost: ScryptCost;
  /** Resolves once the work started after answering (issuing passcodes) is done. */
  settled(): Promise<void>;
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
  const db = await openPlatformDb(options.dataDir, log);
  try {
    const passwordHashCost = options.passwordHashCost ?? DEFAULT_SCRYPT_COST;
    const owner = await ensureOwner(db, options.owner ?? {}, passwordHashCost);
    const mailbox = await openMailbox(options.dataDir);
    const accountSecurity = createAccountSecurity({ mailbox, log, clock: options.clock, passwordHashCost, trustedProxies: options.trustedProxies });
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
      accountSecurity,
      mailbox,
      passwordHashCost,
      settled: () => accountSecurity.background.settled(),
      setAddress: (value) => {
        address = value;
      },
      close: async () => {
        // Work started after an answer still writes to the database: let it finish first.
        await accountSecurity.background.settled();
        await db.close();
        if (temporaryLogDir) await rm(logDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
