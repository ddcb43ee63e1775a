/**
 * What a database template may hold: the migrated, empty schema and nothing
 * more. Owners, credentials and the sealing key are made by each instance after
 * it starts (core.ts); a template that carried them would hand one instance's
 * owner and key to every instance made from it. Checked before a template is
 * saved and again after one is loaded.
 */
import type { PGlite } from '@electric-sql/pglite';

/**
 * The tables the migrations fill with rows of their own (migrations.ts). Every
 * other table of the public schema must be empty. A migration that seeds a new
 * table must be added here, or no template is saved (the test of this module
 * says so: "finds a freshly migrated database holding only the migrated schema").
 */
const TABLES_SEEDED_BY_MIGRATIONS: ReadonlySet<string> = new Set([
  'schema_migrations',
  'organizations',
  'users',
  'notification_templates',
  'settings',
]);

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * True when `pg` holds no account but the system user (no password, no login),
 * and every table other than the seeded ones is empty: no credentials, no
 * passcodes, no sealed tokens, no server secrets, no workspaces.
 */
export async function holdsOnlyTheMigratedSchema(pg: PGlite): Promise<boolean> {
  try {
    const accounts = await pg.query<{ count: number }>(
      `select count(*)::int as count from users where not is_system or password_hash is not null or login_type <> 'none'`);
    if (accounts.rows[0]?.count !== 0) return false;
    const tables = await pg.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public'`);
    for (const { name } of tables.rows) {
      if (TABLES_SEEDED_BY_MIGRATIONS.has(name)) continue;
      const filled = await pg.query<{ filled: boolean }>(`select exists (select 1 from ${quoteIdentifier(name)}) as filled`);
      if (filled.rows[0]?.filled !== false) return false;
    }
    return true;
  } catch {
    // A cluster without the expected tables is not the migrated schema either.
    return false;
  }
}
