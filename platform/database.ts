/**
 * The platform's state: PGlite (Postgres in WebAssembly) on disk at `dataDir`,
 * or in memory. Commits are durable before a request is answered (PGlite's
 * default, `relaxedDurability: false`), so a killed process loses nothing
 * that was acknowledged.
 */
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from './database-template.ts';
import { MIGRATIONS, type Migration } from './migrations.ts';
import { preparePrivateDataFolder, tightenDataFiles } from './private-data-folder.ts';

/** What both the database and an open transaction can do. */
export interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface PlatformDb extends Sql {
  /** Runs `work` in one transaction: all of it commits, or none of it. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Applies the migrations not yet recorded, each in its own transaction. */
export async function migrate(db: PGlite, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  await db.exec(`create table if not exists schema_migrations (
    version integer primary key, name text not null, applied_at timestamptz not null default now())`);
  const done = await db.query<{ version: number }>('select version from schema_migrations');
  const applied = new Set(done.rows.map((row) => row.version));
  const ran: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
    });
    ran.push(migration.version);
  }
  return ran;
}

/**
 * Opens (creating when new) the database and brings its schema up to date. On
 * disk, the data folder is private to the user (private-data-folder.ts).
 */
export async function openPlatformDb(dataDir: string | undefined, log: (line: string) => void = () => undefined): Promise<PlatformDb> {
  if (dataDir !== undefined) await preparePrivateDataFolder(dataDir, log);
  const pg = await openPglite(dataDir, (opened) => migrate(opened));
  if (dataDir !== undefined) await tightenDataFiles(dataDir);
  return {
    query: (text, params) => pg.query(text, params),
    transaction: (work) => pg.transaction((tx) => work({ query: (text, params) => tx.query(text, params) })),
    close: async () => {
      await pg.close();
      if (dataDir !== undefined) await tightenDataFiles(dataDir);
    },
  };
}
