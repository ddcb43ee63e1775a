/**
 * Creating a Postgres cluster (initdb) is most of PGlite's start-up time. A new
 * database is therefore made from a template: the data directory of a freshly
 * migrated, empty cluster, kept as a gzipped tarball in the system temp folder
 * and keyed by the PGlite version and the migrations, so it is never stale. The
 * first start that finds none builds it (best effort, written atomically).
 * Set `PLATFORM_DB_TEMPLATE=off` to always run initdb.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS } from './migrations.ts';

const TEMPLATE_DIR = join(tmpdir(), 'ask-platform-db-templates');

async function pgliteVersion(): Promise<string> {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const manifest: unknown = JSON.parse(await readFile(join(dirname(entry), '..', 'package.json'), 'utf8'));
    return typeof manifest === 'object' && manifest !== null && 'version' in manifest ? String(manifest.version) : 'unknown';
  } catch {
    return 'unknown';
  }
}

async function templatePath(): Promise<string> {
  const key = createHash('sha256').update(await pgliteVersion()).update(JSON.stringify(MIGRATIONS)).digest('hex').slice(0, 20);
  return join(TEMPLATE_DIR, `template-${key}.tar.gz`);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

const enabled = () => process.env['PLATFORM_DB_TEMPLATE'] !== 'off';

/**
 * Opens PGlite: an existing data directory as it is; a new one (or memory) from
 * the template when there is one. `migrate` brings either up to date; it also
 * runs before a new template is saved.
 */
export async function openPglite(dataDir: string | undefined, migrate: (pg: PGlite) => Promise<unknown>): Promise<PGlite> {
  const at = dataDir === undefined ? {} : { dataDir };
  if (dataDir !== undefined && (await exists(join(dataDir, 'PG_VERSION')))) {
    const pg = await PGlite.create(at);
    await migrate(pg);
    return pg;
  }
  const path = await templatePath();
  const template = enabled() ? await readFile(path).catch(() => null) : null;
  if (template !== null) {
    const pg = await PGlite.create({ ...at, loadDataDir: new Blob([template], { type: 'application/x-gzip' }) });
    await migrate(pg);
    return pg;
  }
  const pg = await PGlite.create(at);
  await migrate(pg);
  if (enabled()) await saveTemplate(pg, path).catch(() => undefined);
  return pg;
}

async function saveTemplate(pg: PGlite, path: string): Promise<void> {
  const dump = await pg.dumpDataDir('gzip');
  await mkdir(TEMPLATE_DIR, { recursive: true });
  const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, path);
}
