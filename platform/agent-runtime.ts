/**
 * The embedded workspace agent: the agent `main` of the owner's workspace `dev`.
 * It keeps a log file in its log directory (what `/debug/logs` serves), a
 * network layer whose debug logging can be switched, and the manifest it
 * fetched on startup.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sql } from './database.ts';

const AGENT_LOG_FILE = 'agent.log';

export interface AgentManifestView {
  readonly agent_id: string;
  readonly agent_name: string;
  readonly workspace_id: string;
  readonly workspace_name: string;
  readonly owner_name: string;
  readonly owner_id: string;
  readonly template_name: string;
  readonly directory: string;
  readonly platform_url: string;
  readonly apps: readonly never[];
  readonly environment_variables: Readonly<Record<string, string>>;
}

export class AgentRuntime {
  #debugLogging = false;
  readonly startedAt = new Date();

  constructor(
    readonly agentId: string,
    readonly workspaceId: string,
    /** Folder of the agent's log file. */
    readonly logDir: string,
  ) {}

  get logFile(): string {
    return join(this.logDir, AGENT_LOG_FILE);
  }

  get debugLogging(): boolean {
    return this.#debugLogging;
  }

  async setDebugLogging(on: boolean): Promise<void> {
    this.#debugLogging = on;
    await this.log('info', `magicsock: debug logging ${on ? 'enabled' : 'disabled'}`);
  }

  /** Appends one line to the agent's log file. */
  async log(level: string, message: string): Promise<void> {
    // Private like the data folder it lives in (private-data-folder.ts): modes apply when created.
    await mkdir(this.logDir, { recursive: true, mode: 0o700 });
    await appendFile(this.logFile, `${new Date().toISOString()} [${level}] agent: ${message}\n`, { mode: 0o600 });
  }

  /** The network layer's state (the spec leaves the format open; this is JSON). */
  magicsockState(): Record<string, unknown> {
    return {
      agent_id: this.agentId,
      debug_logging: this.#debugLogging,
      started_at: this.startedAt.toISOString(),
      home_derp_region: 1,
      derp_regions: [{ id: 1, code: 'embedded', name: 'Embedded relay', latency_ms: 0 }],
      local_endpoints: ['127.0.0.1:41641'],
      peers: [],
    };
  }

  /** The manifest, read from the platform's state. */
  async manifest(sql: Sql, platformUrl: string): Promise<AgentManifestView> {
    const { rows } = await sql.query<{
      agent_name: string; directory: string; workspace_name: string; template_name: string; owner_name: string; owner_id: string;
    }>(
      `select a.name as agent_name, a.directory, w.name as workspace_name, w.template_name, u.username as owner_name, u.id as owner_id
       from workspace_agents a join workspaces w on w.id = a.workspace_id join users u on u.id = w.owner_id where a.id = $1`,
      [this.agentId],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('the embedded agent is missing from the database');
    return {
      agent_id: this.agentId,
      agent_name: row.agent_name,
      workspace_id: this.workspaceId,
      workspace_name: row.workspace_name,
      owner_name: row.owner_name,
      owner_id: row.owner_id,
      template_name: row.template_name,
      directory: row.directory,
      platform_url: platformUrl,
      apps: [],
      environment_variables: {},
    };
  }
}
