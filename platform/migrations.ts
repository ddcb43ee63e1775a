/**
 * The reference platform's schema, as numbered migrations. Each runs once, in
 * its own transaction, and is recorded in `schema_migrations`. Never edit a
 * migration that has shipped: add the next one.
 */

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** Fixed ids of the seeded templates and the system user, so code and data agree. */
export const TEMPLATE_IDS = {
  oneTimePasscode: '6c1f7e2a-0a41-4f5e-9b7e-3f0d8f1e0001',
  testNotification: '6c1f7e2a-0a41-4f5e-9b7e-3f0d8f1e0002',
  workspaceExtended: '6c1f7e2a-0a41-4f5e-9b7e-3f0d8f1e0003',
  customNotification: '6c1f7e2a-0a41-4f5e-9b7e-3f0d8f1e0004',
} as const;

export const SYSTEM_USER_ID = '00000000-0000-4000-8000-000000000001';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'users and credentials',
    sql: `
      create table organizations (
        id uuid primary key default gen_random_uuid(),
        name text not null unique,
        created_at timestamptz not null default now()
      );
      create table users (
        id uuid primary key default gen_random_uuid(),
        email text not null unique,
        username text not null unique,
        name text not null default '',
        role text not null check (role in ('owner', 'member')),
        is_system boolean not null default false,
        login_type text not null check (login_type in ('password', 'github', 'oidc', 'none')),
        password_hash text,
        organization_id uuid not null references organizations(id),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      -- One table for every bearer credential; only a hash of the secret is kept.
      create table credentials (
        id text primary key,
        kind text not null check (kind in ('session', 'app', 'agent')),
        secret_hash text not null,
        user_id uuid references users(id) on delete cascade,
        agent_id uuid,
        scope text not null,
        expires_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index credentials_user on credentials(user_id);
      create table one_time_passcodes (
        user_id uuid primary key references users(id) on delete cascade,
        code_hash text not null,
        expires_at timestamptz not null
      );
      create table login_conversions (
        state_hash text primary key,
        user_id uuid not null references users(id) on delete cascade,
        to_type text not null,
        expires_at timestamptz not null
      );
      -- Server-side secrets (the application-key encryption key), created once.
      create table server_secrets (
        name text primary key,
        value text not null
      );
      insert into organizations (name) values ('default');
      insert into users (id, email, username, name, role, is_system, login_type, organization_id)
        select '${SYSTEM_USER_ID}', 'system@platform.invalid', 'platform-system', 'Platform system', 'member', true, 'none', id
        from organizations where name = 'default';
    `,
  },
  {
    version: 2,
    name: 'notifications',
    sql: `
      create table notification_templates (
        id uuid primary key,
        name text not null unique,
        kind text not null check (kind in ('system', 'custom')),
        grp text not null,
        method text not null default '',
        title_template text not null,
        body_template text not null,
        actions text not null default '[]',
        icon text not null,
        enabled_by_default boolean not null default true,
        required boolean not null default false
      );
      create table notification_preferences (
        user_id uuid not null references users(id) on delete cascade,
        template_id uuid not null references notification_templates(id) on delete cascade,
        disabled boolean not null,
        updated_at timestamptz not null default now(),
        primary key (user_id, template_id)
      );
      -- delivered = false while the notifier is paused; such rows are invisible until it resumes.
      create table inbox_notifications (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null references users(id) on delete cascade,
        template_id uuid not null references notification_templates(id),
        targets uuid[] not null default '{}',
        title text not null,
        content text not null,
        icon text not null,
        actions jsonb not null default '[]',
        read_at timestamptz,
        delivered boolean not null default true,
        created_at timestamptz not null default clock_timestamp()
      );
      create index inbox_by_user on inbox_notifications(user_id, created_at desc, id desc);
      create table settings (
        key text primary key,
        value jsonb not null
      );
      insert into settings (key, value) values ('notifier_paused', 'false');
      insert into notification_templates (id, name, kind, grp, title_template, body_template, actions, icon, required) values
        ('${TEMPLATE_IDS.oneTimePasscode}', 'One-Time Passcode', 'system', 'User Events',
         'Your one-time passcode', 'Use the passcode **{{.Labels.passcode}}** to change your password. It expires in 15 minutes.',
         '[]', 'DEFAULT_ICON_ACCOUNT', true),
        ('${TEMPLATE_IDS.testNotification}', 'Test Notification', 'system', 'Notification Events',
         'A test notification', 'This is a test notification.', '[]', 'DEFAULT_ICON_OTHER', false),
        ('${TEMPLATE_IDS.workspaceExtended}', 'Workspace Deadline Extended', 'system', 'Workspace Events',
         'Workspace "{{.Labels.name}}" extended', 'The deadline of **{{.Labels.name}}** is now {{.Labels.deadline}}.',
         '[{"label":"View workspace","url":"{{base_url}}/@{{.UserUsername}}/{{.Labels.name}}"}]', 'DEFAULT_ICON_WORKSPACE', false),
        ('${TEMPLATE_IDS.customNotification}', 'Custom Notification', 'custom', 'Custom Events',
         '{{.Labels.custom_title}}', '{{.Labels.custom_message}}', '[]', 'DEFAULT_ICON_OTHER', false);
    `,
  },
  {
    version: 3,
    name: 'external auth (simulated git provider)',
    sql: `
      -- The platform's side: one link per user and provider; tokens sealed with the server key.
      create table external_auth_links (
        user_id uuid not null references users(id) on delete cascade,
        provider_id text not null,
        access_token_sealed text not null,
        refresh_token_sealed text,
        expires_at timestamptz not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (user_id, provider_id)
      );
      -- The simulated provider's side: device codes and the access tokens it issued.
      create table git_device_codes (
        device_code_hash text primary key,
        user_code text not null unique,
        provider_id text not null,
        user_id uuid not null references users(id) on delete cascade,
        approved boolean not null default false,
        expires_at timestamptz not null,
        created_at timestamptz not null default clock_timestamp()
      );
      create table git_access_tokens (
        token_hash text primary key,
        provider_id text not null,
        login text not null,
        account_id integer not null,
        revoked boolean not null default false,
        expires_at timestamptz not null
      );
    `,
  },
  {
    version: 4,
    name: 'workspaces and agents',
    sql: `
      create table workspaces (
        id uuid primary key default gen_random_uuid(),
        owner_id uuid not null references users(id) on delete cascade,
        name text not null,
        template_name text not null,
        deadline timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (owner_id, name)
      );
      create table workspace_agents (
        id uuid primary key default gen_random_uuid(),
        workspace_id uuid not null references workspaces(id) on delete cascade,
        name text not null,
        directory text not null default '/home/dev',
        created_at timestamptz not null default now()
      );
      create table agent_logs (
        id bigserial primary key,
        agent_id uuid not null references workspace_agents(id) on delete cascade,
        created_at timestamptz not null,
        level text not null,
        output text not null
      );
    `,
  },
  {
    version: 5,
    name: 'passcode attempts, passcodes void on login conversion',
    sql: `
      -- Wrong tries against the live passcode; at the limit it is deleted (routes-login.ts).
      alter table one_time_passcodes add column failed_attempts integer not null default 0;
      -- A passcode sets a password: once an account no longer logs in with one (a login
      -- conversion, whatever code path makes it), its passcode is void. In the database, so
      -- no route that changes the login type can forget it.
      create function void_passcodes_of_non_password_accounts() returns trigger language plpgsql as $$
      begin
        delete from one_time_passcodes where user_id = new.id;
        return new;
      end
      $$;
      create trigger void_passcodes_on_login_type_change
        after update of login_type on users
        for each row when (new.login_type <> 'password')
        execute function void_passcodes_of_non_password_accounts();
      -- Passcodes go by mail now, never to the inbox: the template keeps no passcode label.
      update notification_templates set body_template = 'A one-time passcode to change your password was sent to your email address.'
        where id = '${TEMPLATE_IDS.oneTimePasscode}';
    `,
  },
];
