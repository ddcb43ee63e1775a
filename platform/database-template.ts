/**
 * Creating a Postgres cluster (initdb) is most of PGlite's start-up time. A new
 * database is therefore made from a template: the data directory of a freshly
 * migrated, empty cluster, kept as a gzipped tarball and keyed by the PGlite
 * version and the migrations, so it is never stale. The first start that finds
 * none builds it (best effort, written atomically).
 *
 * A template is a whole cluster, so whoever can write it owns every instance
 * made from it. It is therefore kept in a folder private to the user
 * (private-cache-folder.ts: `$XDG_CACHE_HOME/ask/platform-db-templates`, else
 * `~/.cache/ask/...`, else `<tmp>/ask-platform-db-templates-<uid>`), used only
 * when it matches the SHA-256 recorded beside it (`<template>.sha256`, in
 * sha256sum's format), and holds only the migrated schema: no account, no
 * credential, no key (template-contents.ts), checked before it is saved and
 * after it is loaded. Each instance makes its owner, sealing key and agent
 * token after it opens (core.ts). Anything that does not check out is ignored
 * and the database is made with initdb, as without a template.
 *
 * Set `PLATFORM_DB_TEMPLATE=off` to always run initdb.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS } from './migrations.ts';
import { privateCacheFolder, readPrivateFile, writePrivateFile } from './private-cache-folder.ts';
import { holdsOnlyTheMigratedSchema } from './template-contents.ts';

const TEMPLATE_FOLDER_NAME = 'platform-db-templates';

async function pgliteVersion(): Promise<string> {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const manifest: unknown = JSON.parse(await readFile(join(dirname(entry), '..', 'package.json'), 'utf8'));
    return typeof manifest === 'object' && manifest !== null && 'version' in manifest ? String(manifest.version) : 'unknown';
  } catch {
    return 'unknown';
  }
}

export interface TemplateFiles {
  /** The private folder the template is kept in. */
  readonly folder: string;
  /** The gzipped data directory. */
  readonly template: string;
  /** Its SHA-256, as `sha256sum` writes it. */
  readonly digest: string;
}

/** Where the template of this PGlite version and these migrations is kept; null when no private folder can be had. */
export async function templateFiles(): Promise<TemplateFiles | null> {
  const folder = await privateCacheFolder(TEMPLATE_FOLDER_NAME);
  if (folder === null) return null;
  const key = createHash('sha256').update(await pgliteVersion()).update(JSON.stringify(MIGRATIONS)).digest('hex').slice(0, 20);
  const template = join(folder, `template-${key}.tar.gz`);
  return { folder, template, digest: `${template}.sha256` };
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The template's bytes when both files are private to this user and the bytes match the recorded digest. */
async function readTemplate(files: TemplateFiles): Promise<Uint8Array<ArrayBuffer> | null> {
  const [bytes, digestFile] = await Promise.all([readPrivateFile(files.template), readPrivateFile(files.digest)]);
  if (bytes === null || digestFile === null) return null;
  const recorded = /^[0-9a-f]{64}(?=\s)/.exec(digestFile.toString('utf8'))?.[0];
  return recorded === sha256Hex(bytes) ? new Uint8Array(bytes) : null;
}

/** Saves `pg` as the template, only while it holds nothing but the migrated schema. Template first, digest second. */
export async function saveTemplate(pg: PGlite, files: TemplateFiles): Promise<void> {
  if (!(await holdsOnlyTheMigratedSchema(pg))) return;
  const bytes = new Uint8Array(await (await pg.dumpDataDir('gzip')).arrayBuffer());
  await writePrivateFile(files.template, bytes);
  // A reader between the two renames sees a mismatch, ignores the template and rebuilds it: no harm.
  await writePrivateFile(files.digest, `${sha256Hex(bytes)}  ${basename(files.template)}\n`);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

const enabled = () => process.env['PLATFORM_DB_TEMPLATE'] !== 'off';

/**
 * Opens PGlite from the template; null (with anything it wrote to `dataDir`
 * removed) when the template fails to load or holds more than the migrated schema.
 */
async function openFromTemplate(
  template: Uint8Array<ArrayBuffer>,
  dataDir: string | undefined,
  migrate: (pg: PGlite) => Promise<unknown>,
): Promise<PGlite | null> {
  const entriesBefore = new Set(dataDir === undefined ? [] : await readdir(dataDir).catch(() => []));
  let pg: PGlite | null = null;
  try {
    pg = await PGlite.create({ ...(dataDir === undefined ? {} : { dataDir }), loadDataDir: new Blob([template], { type: 'application/x-gzip' }) });
    await migrate(pg);
    if (await holdsOnlyTheMigratedSchema(pg)) return pg;
  } catch {
    // Fall through: the database is made from scratch instead.
  }
  await pg?.close().catch(() => undefined);
  if (dataDir !== undefined) {
    const added = (await readdir(dataDir).catch(() => [])).filter((entry) => !entriesBefore.has(entry));
    await Promise.all(added.map((entry) => rm(join(dataDir, entry), { recursive: true, force: true })));
  }
  return null;
}

/**
 * Opens PGlite: an existing data directory as it is; a new one (or memory) from
 * the template when there is a trusted one. `migrate` brings either up to date;
 * it also runs before a new template is saved.
 */
export async function openPglite(dataDir: string | undefined, migrate: (pg: PGlite) => Promise<unknown>): Promise<PGlite> {
  const at = dataDir === undefined ? {} : { dataDir };
  if (dataDir !== undefined && (await exists(join(dataDir, 'PG_VERSION')))) {
    const pg = await PGlite.create(at);
    await migrate(pg);
    return pg;
  }
  const files = enabled() ? await templateFiles().catch(() => null) : null;
  const template = files === null ? null : await readTemplate(files);
  if (template !== null) {
    const fromTemplate = await openFromTemplate(template, dataDir, migrate);
    if (fromTemplate !== null) return fromTemplate;
  }
  const pg = await PGlite.create(at);
  await migrate(pg);
  // Saved here, before the caller makes the owner, the sealing key or any token.
  if (files !== null) await saveTemplate(pg, files).catch(() => undefined);
  return pg;
}
