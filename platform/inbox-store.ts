/**
 * Inbox notifications in the database: delivering one from a template (with
 * the user's preferences and the paused notifier honoured), listing, counting
 * and marking read.
 */
import { z } from 'zod';
import { InboxNotificationAction } from '../pipeline/platform-api/index.ts';
import type { Sql } from './database.ts';

/** A notification as the API shows it (spec InboxNotification). */
export interface InboxNotificationView {
  readonly id: string;
  readonly user_id: string;
  readonly template_id: string;
  readonly targets: string[];
  readonly title: string;
  readonly content: string;
  readonly icon: string;
  readonly actions: { label: string; url: string }[];
  readonly read_at: string | null;
  readonly created_at: string;
}

/** The same notification as the database returns it: timestamps as dates. */
type InboxRow = Omit<InboxNotificationView, 'read_at' | 'created_at'> & {
  readonly read_at: Date | null;
  readonly created_at: Date;
};

const INBOX_COLUMNS = 'id, user_id, template_id, targets, title, content, icon, actions, read_at, created_at';

function toView(row: InboxRow): InboxNotificationView {
  return { ...row, read_at: row.read_at === null ? null : row.read_at.toISOString(), created_at: row.created_at.toISOString() };
}

export interface Delivery {
  readonly userId: string;
  readonly templateId: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly targets?: readonly string[];
  /** Used for `{{base_url}}` in action links. */
  readonly baseUrl?: string;
}

/** Fills `{{.Labels.x}}`, `{{.UserUsername}}` and `{{base_url}}`. */
function renderTemplate(text: string, values: { labels: Readonly<Record<string, string>>; username: string; baseUrl: string }): string {
  return text
    .replace(/\{\{\s*\.Labels\.(\w+)\s*\}\}/g, (_all, key: string) => values.labels[key] ?? '')
    .replace(/\{\{\s*\.UserUsername\s*\}\}/g, values.username)
    .replace(/\{\{\s*base_url\s*\}\}/g, values.baseUrl);
}

/**
 * Delivers one notification. Returns the stored notification when it is visible
 * now (to be published after commit), null when the user disabled the template
 * (required templates cannot be disabled) or when the notifier is paused (then
 * it is kept and shown on resume).
 */
export async function deliver(sql: Sql, delivery: Delivery): Promise<InboxNotificationView | null> {
  const found = await sql.query<{
    title_template: string; body_template: string; actions: string; icon: string; required: boolean;
    enabled_by_default: boolean; disabled: boolean | null; username: string; paused: boolean;
  }>(
    `select t.title_template, t.body_template, t.actions, t.icon, t.required, t.enabled_by_default, p.disabled, u.username,
            (select value = 'true'::jsonb from settings where key = 'notifier_paused') as paused
     from notification_templates t
     join users u on u.id = $2
     left join notification_preferences p on p.template_id = t.id and p.user_id = u.id
     where t.id = $1`,
    [delivery.templateId, delivery.userId],
  );
  const template = found.rows[0];
  if (template === undefined) throw new Error(`unknown notification template ${delivery.templateId}`);
  const disabled = template.disabled ?? !template.enabled_by_default;
  if (disabled && !template.required) return null;
  const values = { labels: delivery.labels, username: template.username, baseUrl: delivery.baseUrl ?? '' };
  const actions = z.array(InboxNotificationAction).parse(JSON.parse(template.actions))
    .map((action) => ({ label: renderTemplate(action.label, values), url: renderTemplate(action.url, values) }));
  const { rows } = await sql.query<InboxRow>(
    `insert into inbox_notifications (user_id, template_id, targets, title, content, icon, actions, delivered)
     values ($1, $2, $3::uuid[], $4, $5, $6, $7::jsonb, $8) returning ${INBOX_COLUMNS}`,
    [
      delivery.userId, delivery.templateId, [...(delivery.targets ?? [])],
      renderTemplate(template.title_template, values), renderTemplate(template.body_template, values),
      template.icon, JSON.stringify(actions), !template.paused,
    ],
  );
  const row = rows[0];
  return row === undefined || template.paused ? null : toView(row);
}

/** Makes every notification held while the notifier was paused visible; returns them to publish. */
export async function releaseHeld(sql: Sql): Promise<InboxNotificationView[]> {
  const { rows } = await sql.query<InboxRow>(
    `update inbox_notifications set delivered = true where not delivered returning ${INBOX_COLUMNS}`,
  );
  return rows.map(toView).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export interface InboxFilter {
  readonly targets: readonly string[];
  readonly templates: readonly string[];
  readonly readStatus: 'read' | 'unread' | 'all';
}

/** True when a notification passes a filter (the watch stream applies it in memory). */
export function matchesFilter(view: InboxNotificationView, filter: InboxFilter): boolean {
  if (filter.targets.some((target) => !view.targets.includes(target))) return false;
  if (filter.templates.length > 0 && !filter.templates.includes(view.template_id)) return false;
  if (filter.readStatus === 'read') return view.read_at !== null;
  if (filter.readStatus === 'unread') return view.read_at === null;
  return true;
}

const INBOX_PAGE_SIZE = 25;

/** One page, newest first; `startingBefore` (a notification id) returns those older than it. */
export async function listInbox(sql: Sql, userId: string, filter: InboxFilter, startingBefore: string | null): Promise<InboxNotificationView[] | 'unknown-cursor'> {
  let cursor: { created_at: Date; id: string } | null = null;
  if (startingBefore !== null) {
    const found = await sql.query<{ created_at: Date; id: string }>(
      'select created_at, id from inbox_notifications where id = $1 and user_id = $2 and delivered', [startingBefore, userId]);
    cursor = found.rows[0] ?? null;
    if (cursor === null) return 'unknown-cursor';
  }
  const { rows } = await sql.query<InboxRow>(
    `select ${INBOX_COLUMNS} from inbox_notifications
     where user_id = $1 and delivered
       and targets @> $2::uuid[]
       and (cardinality($3::uuid[]) = 0 or template_id = any($3::uuid[]))
       and ($4 = 'all' or ($4 = 'read' and read_at is not null) or ($4 = 'unread' and read_at is null))
       and ($5::timestamptz is null or (created_at, id) < ($5::timestamptz, $6::uuid))
     order by created_at desc, id desc
     limit ${INBOX_PAGE_SIZE}`,
    [userId, [...filter.targets], [...filter.templates], filter.readStatus, cursor?.created_at ?? null, cursor?.id ?? null],
  );
  return rows.map(toView);
}

export async function countUnread(sql: Sql, userId: string): Promise<number> {
  const { rows } = await sql.query<{ count: number }>(
    'select count(*)::int as count from inbox_notifications where user_id = $1 and delivered and read_at is null', [userId]);
  return rows[0]?.count ?? 0;
}

export async function markAllRead(sql: Sql, userId: string): Promise<void> {
  await sql.query('update inbox_notifications set read_at = now() where user_id = $1 and delivered and read_at is null', [userId]);
}

/** Marks one notification read; false when it is not in the user's inbox. */
export async function markRead(sql: Sql, userId: string, id: string): Promise<boolean> {
  const { rows } = await sql.query<{ id: string }>(
    `update inbox_notifications set read_at = coalesce(read_at, now())
     where id = $1 and user_id = $2 and delivered returning id`, [id, userId]);
  return rows.length > 0;
}
