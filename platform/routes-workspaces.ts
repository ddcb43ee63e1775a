/**
 * Workspaces listed with a filter, agent log upload and deadline extension.
 *
 * Filter `q`: space-separated terms, `owner:me`, `owner:<username>`,
 * `name:<part>`, or a bare word (name contains it). Members see their own
 * workspaces only; owners see all.
 */
import type { Hono } from 'hono';
import { schemas as s } from '../pipeline/platform-api/index.ts';
import { badRequest, forbidden, notFound, type FieldProblem } from './errors.ts';
import { TEMPLATE_IDS } from './migrations.ts';
import { inTransaction, readBody, requireActor, requireUser, type PlatformServices } from './services.ts';
import type { UserRow } from './users.ts';

const AGENT_LOG_LEVELS: readonly string[] = ['trace', 'debug', 'info', 'warn', 'error'];
/** A new deadline must be at least this far ahead... */
const EXTEND_MIN_AHEAD_MS = 30 * 60 * 1000;
/** ...and at most this far. */
const EXTEND_MAX_AHEAD_MS = 7 * 24 * 60 * 60 * 1000;

interface WorkspaceRow {
  readonly id: string; readonly name: string; readonly owner_id: string; readonly owner_name: string; readonly template_name: string;
  readonly created_at: Date; readonly updated_at: Date; readonly deadline: Date | null;
}

interface WorkspaceQuery {
  readonly owner: string | null;
  readonly names: readonly string[];
}

/** Parses `q`; `me` is replaced by the caller's username. */
function parseWorkspaceQuery(q: string, caller: UserRow): WorkspaceQuery {
  let owner: string | null = null;
  const names: string[] = [];
  for (const term of q.split(/\s+/).filter((t) => t !== '')) {
    const colon = term.indexOf(':');
    const key = colon === -1 ? 'name' : term.slice(0, colon).toLowerCase();
    const value = colon === -1 ? term : term.slice(colon + 1);
    if (value === '') throw badRequest('Invalid filter.', [{ field: 'q', detail: `'${key}:' needs a value` }]);
    if (key === 'owner') owner = value === 'me' ? caller.username : value;
    else if (key === 'name') names.push(value.toLowerCase());
    else throw badRequest('Invalid filter.', [{ field: 'q', detail: `unknown filter '${key}' (use owner: or name:)` }]);
  }
  return { owner, names };
}

export function registerWorkspaceRoutes(app: Hono, services: PlatformServices): void {
  const db = services.db;

  app.get('/api/v2/workspaces', async (c) => {
    const user = await requireUser(services, c.req.raw);
    const query = parseWorkspaceQuery(c.req.query('q') ?? '', user);
    const { rows } = await db.query<WorkspaceRow>(
      `select w.id, w.name, w.owner_id, u.username as owner_name, w.template_name, w.created_at, w.updated_at, w.deadline
       from workspaces w join users u on u.id = w.owner_id
       where ($1::text is null or lower(u.username) = lower($1))
         and ($2 = 'owner' or w.owner_id = $3)
         and (select bool_and(position(part in lower(w.name)) > 0) from unnest($4::text[]) as part) is not false
       order by u.username, w.name`,
      [query.owner, user.role, user.id, [...query.names]],
    );
    const workspaces = rows.map((row) => ({
      id: row.id, name: row.name, owner_id: row.owner_id, owner_name: row.owner_name, template_name: row.template_name,
      created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString(),
      deadline: row.deadline === null ? null : row.deadline.toISOString(),
    }));
    return c.json({ workspaces, count: workspaces.length });
  });

  app.patch('/api/v2/workspaceagents/me/logs', async (c) => {
    const actor = await requireActor(services, c.req.raw);
    if (actor.kind !== 'agent') throw forbidden('This operation takes an agent token.');
    const body = await readBody(c.req.raw, s.PatchAgentLogsRequest);
    const problems: FieldProblem[] = body.logs.flatMap((log, index) =>
      AGENT_LOG_LEVELS.includes(log.level) ? [] : [{ field: `logs.${index}.level`, detail: `must be one of: ${AGENT_LOG_LEVELS.join(', ')}` }]);
    if (problems.length > 0) throw badRequest('Invalid request body.', problems);
    await inTransaction(services, async (tx) => {
      for (const log of body.logs) {
        await tx.query('insert into agent_logs (agent_id, created_at, level, output) values ($1, $2, $3, $4)',
          [actor.agentId, log.created_at, log.level, log.output]);
      }
    });
    return c.json({ message: `Appended ${body.logs.length} log line${body.logs.length === 1 ? '' : 's'}.` });
  });

  app.put('/api/v2/workspaces/:workspace_id/extend', async (c) => {
    const actor = await requireActor(services, c.req.raw);
    const workspaceId = c.req.param('workspace_id');
    const { rows } = await db.query<WorkspaceRow>(
      `select w.id, w.name, w.owner_id, u.username as owner_name, w.template_name, w.created_at, w.updated_at, w.deadline
       from workspaces w join users u on u.id = w.owner_id where w.id::text = $1`, [workspaceId]);
    const workspace = rows[0];
    if (workspace === undefined) throw notFound('No such workspace.');
    const allowed = actor.kind === 'agent'
      ? actor.workspaceId === workspace.id
      : actor.scope === 'all' && (actor.user.id === workspace.owner_id || actor.user.role === 'owner');
    if (!allowed) throw forbidden('You cannot extend this workspace.');
    const body = await readBody(c.req.raw, s.ExtendWorkspaceRequest);
    const deadline = new Date(body.deadline);
    const ahead = deadline.getTime() - Date.now();
    if (ahead < EXTEND_MIN_AHEAD_MS || ahead > EXTEND_MAX_AHEAD_MS) {
      throw badRequest('Invalid deadline.', [{ field: 'deadline', detail: 'must be between 30 minutes and 7 days from now' }]);
    }
    await inTransaction(services, async (tx, notify) => {
      await tx.query('update workspaces set deadline = $2, updated_at = now() where id = $1', [workspace.id, deadline]);
      await notify({
        userId: workspace.owner_id, templateId: TEMPLATE_IDS.workspaceExtended, targets: [workspace.id],
        labels: { name: workspace.name, deadline: deadline.toISOString() },
      });
    });
    return c.json({ message: `Deadline of ${workspace.name} is now ${deadline.toISOString()}.` });
  });
}
