/** Custom and test notifications, dispatch methods, settings, templates and per-user preferences. */
import type { Hono } from 'hono';
import { schemas as s } from '../pipeline/platform-api/index.ts';
import { badRequest, forbidden, notFound } from './errors.ts';
import { releaseHeld } from './inbox-store.ts';
import { TEMPLATE_IDS } from './migrations.ts';
import { inTransaction, readBody, requireOwner, requireUser, type PlatformServices } from './services.ts';
import { resolveUserParam } from './users.ts';

/** The one dispatch method this platform has: there is no mail server, so everything goes to the inbox. */
const DISPATCH_METHODS = { available: ['inbox'], default: 'inbox' } as const;

interface TemplateRow {
  readonly id: string; readonly name: string; readonly kind: string; readonly grp: string; readonly method: string;
  readonly title_template: string; readonly body_template: string; readonly actions: string; readonly enabled_by_default: boolean;
}

interface PreferenceRow {
  readonly template_id: string;
  readonly disabled: boolean;
  readonly updated_at: Date;
}

export function registerNotificationRoutes(app: Hono, services: PlatformServices): void {
  const db = services.db;

  async function notifierPaused(): Promise<boolean> {
    const { rows } = await db.query<{ paused: boolean }>(`select value = 'true'::jsonb as paused from settings where key = 'notifier_paused'`);
    return rows[0]?.paused ?? false;
  }

  async function templates(kind: 'system' | 'custom') {
    const { rows } = await db.query<TemplateRow>(
      `select id, name, kind, grp, method, title_template, body_template, actions, enabled_by_default
       from notification_templates where kind = $1 order by grp, name`, [kind]);
    return rows.map((row) => ({
      actions: row.actions, body_template: row.body_template, enabled_by_default: row.enabled_by_default, group: row.grp,
      id: row.id, kind: row.kind, method: row.method, name: row.name, title_template: row.title_template,
    }));
  }

  async function preferencesOf(userId: string) {
    const { rows } = await db.query<PreferenceRow>(
      'select template_id, disabled, updated_at from notification_preferences where user_id = $1 order by template_id', [userId]);
    return rows.map((row) => ({ id: row.template_id, disabled: row.disabled, updated_at: row.updated_at.toISOString() }));
  }

  async function preferenceSubject(request: Request, param: string) {
    const caller = await requireUser(services, request);
    const subject = await resolveUserParam(db, caller, param);
    if (subject === null) throw notFound('No such user.');
    if (subject.id !== caller.id && caller.role !== 'owner') throw forbidden("Only an owner can manage another user's preferences.");
    return subject;
  }

  app.post('/api/v2/notifications/custom', async (c) => {
    const user = await requireUser(services, c.req.raw);
    if (user.is_system) throw forbidden('System users cannot send custom notifications.');
    const body = await readBody(c.req.raw, s.CustomNotificationRequest);
    await inTransaction(services, (_tx, notify) => notify({
      userId: user.id,
      templateId: TEMPLATE_IDS.customNotification,
      labels: { custom_title: body.content.title ?? '', custom_message: body.content.message ?? '' },
    }));
    return c.body(null, 204);
  });

  app.get('/api/v2/notifications/dispatch-methods', async (c) => {
    await requireUser(services, c.req.raw);
    return c.json([{ available: [...DISPATCH_METHODS.available], default: DISPATCH_METHODS.default }]);
  });

  app.get('/api/v2/notifications/settings', async (c) => {
    await requireUser(services, c.req.raw);
    return c.json({ notifier_paused: await notifierPaused() });
  });

  app.put('/api/v2/notifications/settings', async (c) => {
    await requireOwner(services, c.req.raw);
    const body = await readBody(c.req.raw, s.NotificationsSettings);
    const changed = await inTransaction(services, async (tx) => {
      const { rows } = await tx.query<{ paused: boolean }>(
        `select value = 'true'::jsonb as paused from settings where key = 'notifier_paused' for update`);
      if ((rows[0]?.paused ?? false) === body.notifier_paused) return null;
      await tx.query(`update settings set value = $1::jsonb where key = 'notifier_paused'`, [JSON.stringify(body.notifier_paused)]);
      return body.notifier_paused ? [] : releaseHeld(tx);
    });
    if (changed === null) return c.body(null, 304);
    for (const view of changed) services.hub.publish(view);
    return c.json({ notifier_paused: body.notifier_paused });
  });

  app.get('/api/v2/notifications/templates/custom', async (c) => {
    await requireUser(services, c.req.raw);
    return c.json(await templates('custom'));
  });

  app.get('/api/v2/notifications/templates/system', async (c) => {
    await requireUser(services, c.req.raw);
    return c.json(await templates('system'));
  });

  app.post('/api/v2/notifications/test', async (c) => {
    const user = await requireOwner(services, c.req.raw);
    await inTransaction(services, (_tx, notify) => notify({ userId: user.id, templateId: TEMPLATE_IDS.testNotification, labels: {} }));
    return c.body(null, 200);
  });

  app.get('/api/v2/users/:user/notifications/preferences', async (c) => {
    const subject = await preferenceSubject(c.req.raw, c.req.param('user'));
    return c.json(await preferencesOf(subject.id));
  });

  app.put('/api/v2/users/:user/notifications/preferences', async (c) => {
    const subject = await preferenceSubject(c.req.raw, c.req.param('user'));
    const body = await readBody(c.req.raw, s.UpdateUserNotificationPreferences);
    const { rows: known } = await db.query<{ id: string; required: boolean }>('select id, required from notification_templates');
    const problems = Object.entries(body.template_disabled_map).flatMap(([id, disabled]) => {
      const template = known.find((row) => row.id === id);
      const field = `template_disabled_map.${id}`;
      if (template === undefined) return [{ field, detail: 'no such template' }];
      if (template.required && disabled) return [{ field, detail: 'this template cannot be disabled' }];
      return [];
    });
    if (problems.length > 0) throw badRequest('Invalid preferences.', problems);
    await inTransaction(services, async (tx) => {
      for (const [id, disabled] of Object.entries(body.template_disabled_map)) {
        await tx.query(
          `insert into notification_preferences (user_id, template_id, disabled) values ($1, $2, $3)
           on conflict (user_id, template_id) do update set disabled = excluded.disabled, updated_at = now()`,
          [subject.id, id, disabled],
        );
      }
    });
    return c.json(await preferencesOf(subject.id));
  });
}
