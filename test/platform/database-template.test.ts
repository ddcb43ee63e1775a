/**
 * The database template is a copy of a whole Postgres cluster that new
 * instances start from, so whoever can write it owns every instance made from
 * it. These tests plant templates where a template could be picked up, and
 * check that each instance still starts with its own owner and key, and that
 * the templates the platform saves carry no account or key. Two kinds are
 * planted: one holding an attacker's owner and sealing key (the attack as
 * reported), and one that holds only the migrated schema plus a trigger that
 * keeps a copy of every server secret the instance stores. The second passes
 * the check of a template's contents, so the tests that plant it show that the
 * folder, owner, mode and digest checks hold on their own.
 *
 * The modules are imported after TMPDIR and XDG_CACHE_HOME point into a folder
 * of this suite's own, so no template of the machine is read or written.
 */
import { createHash } from 'node:crypto';
import { chmod, chown, lstat, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

type CoreModule = typeof import('../../platform/core.ts');
type DatabaseModule = typeof import('../../platform/database.ts');
type TemplateModule = typeof import('../../platform/database-template.ts');
type UsersModule = typeof import('../../platform/users.ts');
type MigrationsModule = typeof import('../../platform/migrations.ts');

const OWNER = { email: 'owner@example.com', password: 'Granite-Falcon-template-17' } as const;
const ATTACKER = { email: 'attacker@evil.test', password: 'Planted-Owner-Password-99' } as const;
const PLANTED_KEY = Buffer.alloc(32, 7).toString('base64url');
/** A uid that is not this process's: the owner of the planted folders and files. */
const OTHER_UID = 4242;
const isRoot = process.getuid?.() === 0;

let suiteRoot: string;
let previousEnvironment: Record<string, string | undefined>;
let core: CoreModule;
let database: DatabaseModule;
let template: TemplateModule;
let users: UsersModule;
let migrations: MigrationsModule;
/** A gzipped data directory holding ATTACKER as owner and PLANTED_KEY as sealing key. */
let plantedOwner: Buffer;
/** A gzipped data directory of the empty migrated schema, plus a trigger that copies server secrets into `settings`. */
let plantedSpy: Buffer;

const tmpFolder = () => join(suiteRoot, 'tmp');
const cacheFolder = () => join(suiteRoot, 'cache');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The folder, file name and key of the template as the platform kept it before the fix. */
async function oldSharedTemplatePath(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(await readFile(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  const key = createHash('sha256').update(manifest.version).update(JSON.stringify(migrations.MIGRATIONS)).digest('hex').slice(0, 20);
  return join(tmpdir(), 'ask-platform-db-templates', `template-${key}.tar.gz`);
}

/** A migrated cluster, changed by `plant`, dumped as a template is. */
async function buildTemplate(plant: (pg: PGlite) => Promise<void>): Promise<Buffer> {
  const pg = await PGlite.create();
  try {
    await database.migrate(pg);
    await plant(pg);
    return Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await pg.close();
  }
}

/** ATTACKER as the owner, PLANTED_KEY as the sealing key. */
async function plantOwnerAndKey(pg: PGlite): Promise<void> {
  const db = {
    query: <T>(text: string, params?: unknown[]) => pg.query<T>(text, params),
    transaction: <T>(work: (tx: { query: <R>(text: string, params?: unknown[]) => Promise<{ rows: R[] }> }) => Promise<T>) =>
      pg.transaction((tx) => work({ query: (text, params) => tx.query(text, params) })),
    close: () => pg.close(),
  };
  await users.ensureOwner(db, ATTACKER);
  await pg.query(`insert into server_secrets (name, value) values ('sealing_key', $1)`, [PLANTED_KEY]);
}

/** No row of its own: a trigger that copies each server secret stored later into `settings` (key `spied_<name>`). */
async function plantSecretCopier(pg: PGlite): Promise<void> {
  await pg.exec(`
    create function keep_a_copy() returns trigger language plpgsql as $$
    begin
      insert into settings (key, value) values ('spied_' || new.name, to_jsonb(new.value)) on conflict (key) do nothing;
      return new;
    end $$;
    create trigger keep_a_copy after insert on server_secrets for each row execute function keep_a_copy();
  `);
}

/** Writes `bytes` as the template at `path`, with a digest beside it that matches them (sha256sum's format). */
async function plantTemplate(path: string, bytes: Uint8Array, digestOf: Uint8Array = bytes): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, bytes, { mode: 0o600 });
  await writeFile(`${path}.sha256`, `${sha256(digestOf)}  ${basename(path)}\n`, { mode: 0o600 });
}

/** Where the platform keeps its template now, as it reports it (the folder is created private when missing). */
async function currentTemplateFiles(): Promise<{ folder: string; template: string; digest: string }> {
  const files = await template.templateFiles();
  if (files === null) throw new Error('no private template folder');
  return files;
}

/** Opens the platform; it must come up with OWNER as its only owner and a sealing key of its own. */
async function expectFreshInstance(dataDir?: string): Promise<void> {
  const opened = await core.openPlatformCore({ owner: OWNER, ...(dataDir === undefined ? {} : { dataDir }) });
  try {
    expect(opened.owner).toMatchObject({ email: OWNER.email, created: true });
    expect(opened.services.sealingKey).not.toBe(PLANTED_KEY);
    const people = await opened.services.db.query<{ email: string }>('select email from users where not is_system order by email');
    expect(people.rows.map((row) => row.email)).toEqual([OWNER.email]);
    const copies = await opened.services.db.query<{ key: string }>(`select key from settings where key like 'spied%'`);
    expect(copies.rows).toEqual([]);
  } finally {
    await opened.close();
  }
}

/** What a template file holds, loaded into a PGlite of its own. */
async function templateContents(bytes: Uint8Array<ArrayBuffer>): Promise<{ people: unknown[]; credentials: number; secrets: number; workspaces: number }> {
  const pg = await PGlite.create({ loadDataDir: new Blob([bytes], { type: 'application/x-gzip' }) });
  try {
    const count = async (table: string) => (await pg.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? -1;
    const people = await pg.query('select email, role, is_system, login_type, password_hash from users order by email');
    return { people: people.rows, credentials: await count('credentials'), secrets: await count('server_secrets'), workspaces: await count('workspaces') };
  } finally {
    await pg.close();
  }
}

beforeAll(async () => {
  suiteRoot = await mkdtemp(join(tmpdir(), 'ask-template-suite-'));
  previousEnvironment = { TMPDIR: process.env['TMPDIR'], XDG_CACHE_HOME: process.env['XDG_CACHE_HOME'], PLATFORM_DB_TEMPLATE: process.env['PLATFORM_DB_TEMPLATE'] };
  process.env['TMPDIR'] = tmpFolder();
  process.env['XDG_CACHE_HOME'] = cacheFolder();
  delete process.env['PLATFORM_DB_TEMPLATE'];
  await mkdir(tmpFolder(), { recursive: true });
  [core, database, template, users, migrations] = await Promise.all([
    import('../../platform/core.ts'),
    import('../../platform/database.ts'),
    import('../../platform/database-template.ts'),
    import('../../platform/users.ts'),
    import('../../platform/migrations.ts'),
  ]);
  [plantedOwner, plantedSpy] = [await buildTemplate(plantOwnerAndKey), await buildTemplate(plantSecretCopier)];
});

afterAll(async () => {
  for (const [name, value] of Object.entries(previousEnvironment)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await rm(suiteRoot, { recursive: true, force: true });
});

beforeEach(async () => {
  await rm(tmpFolder(), { recursive: true, force: true });
  await rm(cacheFolder(), { recursive: true, force: true });
  await mkdir(tmpFolder(), { recursive: true });
});

describe('a planted template is never used', () => {
  // four fresh instances (two planted templates, in memory and in a data folder): four times the others' work
  it('ignores a template planted in the old shared temp folder (in memory and for a new data folder)', { timeout: 120_000 }, async () => {
    for (const [index, planted] of [plantedOwner, plantedSpy].entries()) {
      await plantTemplate(await oldSharedTemplatePath(), planted);
      await expectFreshInstance();
      await expectFreshInstance(join(suiteRoot, 'tmp', `data-old-location-${index}`));
    }
  });

  it('ignores a template whose folder others may write', async () => {
    const files = await currentTemplateFiles();
    await plantTemplate(files.template, plantedSpy);
    await chmod(files.folder, 0o777);
    await expectFreshInstance();
  });

  it('ignores a template file others may write', async () => {
    const files = await currentTemplateFiles();
    await plantTemplate(files.template, plantedSpy);
    await chmod(files.template, 0o666);
    await expectFreshInstance();
  });

  it.runIf(isRoot)('ignores a template folder owned by another user', async () => {
    const files = await currentTemplateFiles();
    await plantTemplate(files.template, plantedSpy);
    await chown(files.folder, OTHER_UID, OTHER_UID);
    await expectFreshInstance(join(suiteRoot, 'tmp', 'data-foreign-folder'));
  });

  it.runIf(isRoot)('ignores a template file and digest owned by another user', async () => {
    const files = await currentTemplateFiles();
    await plantTemplate(files.template, plantedSpy);
    await chown(files.template, OTHER_UID, OTHER_UID);
    await chown(files.digest, OTHER_UID, OTHER_UID);
    await expectFreshInstance();
  });

  it('ignores a template folder that is a symbolic link, even to a private folder', async () => {
    const files = await currentTemplateFiles();
    const elsewhere = join(suiteRoot, 'tmp', 'elsewhere');
    await plantTemplate(join(elsewhere, basename(files.template)), plantedSpy);
    await rm(files.folder, { recursive: true });
    await symlink(elsewhere, files.folder);
    await expectFreshInstance();
  });

  it('ignores, and rebuilds, a template whose bytes do not match the digest beside it', async () => {
    const files = await currentTemplateFiles();
    await plantTemplate(files.template, plantedSpy, Buffer.from('the bytes that were recorded'));
    await expectFreshInstance(join(suiteRoot, 'tmp', 'data-mismatch'));
    const rebuilt = new Uint8Array(await readFile(files.template));
    expect((await readFile(files.digest, 'utf8')).slice(0, 64)).toBe(sha256(rebuilt));
    expect((await templateContents(rebuilt)).secrets).toBe(0);
  });

  it('refuses a template that carries an owner or a key even when its files check out', async () => {
    const files = await currentTemplateFiles();
    await plantTemplate(files.template, plantedOwner);
    const dataDir = join(suiteRoot, 'tmp', 'data-carrying');
    await expectFreshInstance(dataDir);
    // The refused template's files were cleared from the data folder: it reopens as the fresh instance.
    const reopened = await core.openPlatformCore({ dataDir });
    try {
      expect(reopened.owner).toEqual({ email: OWNER.email, created: false });
    } finally {
      await reopened.close();
    }
  });

  it.runIf(isRoot)('does not use a per-user temp folder that someone else created first', async () => {
    // The cache folder cannot be made: the fallback in the temp folder is next, and it is planted.
    await writeFile(cacheFolder(), 'not a folder');
    const uid = process.getuid?.() ?? 0;
    const fallback = join(tmpFolder(), `ask-platform-db-templates-${uid}`);
    expect(await template.templateFiles()).toMatchObject({ folder: fallback });
    const files = await currentTemplateFiles();
    await plantTemplate(files.template, plantedSpy);
    await chown(fallback, OTHER_UID, OTHER_UID);
    await chmod(fallback, 0o755);
    expect(await template.templateFiles()).toBeNull();
    await expectFreshInstance();
  });
});

describe('where the template is kept', () => {
  it('keeps it in a folder of the user cache that only the user can reach', async () => {
    await expectFreshInstance();
    const files = await currentTemplateFiles();
    expect(files.folder).toBe(join(cacheFolder(), 'ask', 'platform-db-templates'));
    const folder = await lstat(files.folder);
    expect(folder.isDirectory()).toBe(true);
    expect(folder.mode & 0o077).toBe(0);
    for (const path of [files.template, files.digest]) expect((await stat(path)).mode & 0o077).toBe(0);
    expect((await readdir(files.folder)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });
});

describe('what a template holds', () => {
  it('never holds a user account, a credential or a key, even after an instance made its owner', async () => {
    const dataDir = join(suiteRoot, 'tmp', 'data-saved');
    await expectFreshInstance(dataDir);
    const saved = new Uint8Array(await readFile((await currentTemplateFiles()).template));
    const contents = await templateContents(saved);
    // The only users row is the system user the migrations insert: no password, no login.
    expect(contents.people).toEqual([
      { email: 'system@platform.invalid', role: 'member', is_system: true, login_type: 'none', password_hash: null },
    ]);
    expect(contents).toMatchObject({ credentials: 0, secrets: 0, workspaces: 0 });
  });

  it('gives every instance made from one template its own sealing key and agent token', async () => {
    const first = await core.openPlatformCore({ owner: OWNER });
    const second = await core.openPlatformCore({ owner: OWNER });
    try {
      expect(first.services.sealingKey).not.toBe(second.services.sealingKey);
      expect(first.agentToken).not.toBe(second.agentToken);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('saves no template from a database that holds an owner or a key', async () => {
    const files = await currentTemplateFiles();
    const pg = await PGlite.create();
    try {
      await database.migrate(pg);
      await plantOwnerAndKey(pg);
      await template.saveTemplate(pg, files);
    } finally {
      await pg.close();
    }
    expect(await readdir(files.folder)).toEqual([]);
  });

  it('finds a freshly migrated database holding only the migrated schema', async () => {
    const pg = await PGlite.create();
    try {
      await database.migrate(pg);
      const { holdsOnlyTheMigratedSchema } = await import('../../platform/template-contents.ts');
      expect(await holdsOnlyTheMigratedSchema(pg)).toBe(true);
      await pg.query(`insert into server_secrets (name, value) values ('sealing_key', $1)`, [PLANTED_KEY]);
      expect(await holdsOnlyTheMigratedSchema(pg)).toBe(false);
    } finally {
      await pg.close();
    }
  });
});
