// Backup and restore of the embedded database (PGlite in DATA_DIR) as one .tar.gz of its data
// folder, PGlite's own dumpDataDir/loadDataDir format. Both need the server stopped: the data
// folder's lock (data-dir-lock.ts) refuses them while it runs, so a backup is always a consistent
// copy of a closed database. Neither migrates: a backup from an older version is migrated by the
// next start, as an upgrade is. A PostgreSQL server is backed up with pg_dump (docs/deploy.md).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '../data-dir-lock.ts';
import { pgliteDir } from '../database.ts';
import { pgliteExtensions } from '../pglite-extensions.ts';

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Rows per table of the public schema: what a backup holds, and what a restore must give back. */
export type TableRows = Record<string, number>;

export interface BackupSummary {
  file: string;
  bytes: number;
  rows: TableRows;
}

function hasDatabase(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

export async function countRows(client: PGlite): Promise<TableRows> {
  const tables = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const rows: TableRows = {};
  for (const { name } of tables.rows) {
    const result = await client.query<{ n: number }>(`select count(*)::int as n from "${name.replaceAll('"', '""')}"`);
    rows[name] = result.rows[0]?.n ?? 0;
  }
  return rows;
}

/** Writes the database in `dataDir` to `file` (.tar.gz), through a temporary file and a rename. */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupSummary> {
  const source = pgliteDir(dataDir);
  if (!hasDatabase(source)) throw new BackupError(`no Liftwacht database in ${dataDir} (expected ${source})`);
  const unlock = lockDataDir(dataDir);
  try {
    const client = new PGlite(source, { extensions: pgliteExtensions });
    try {
      await client.waitReady;
      // Everything in the data files, so the copy needs no write-ahead log replay to be complete.
      await client.exec('checkpoint');
      const rows = await countRows(client);
      const tarball = await client.dumpDataDir('gzip');
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      const temporary = `${file}.${String(process.pid)}.tmp`;
      writeFileSync(temporary, Buffer.from(await tarball.arrayBuffer()));
      renameSync(temporary, file);
      return { file, bytes: statSync(file).size, rows };
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

/**
 * The backup as a tar of a PostgreSQL data folder. Unpacked here rather than by PGlite, which
 * leaves the error of a damaged file unhandled.
 */
function readBackup(file: string): Buffer {
  let tar: Buffer;
  try {
    tar = gunzipSync(readFileSync(file));
  } catch (err) {
    throw new BackupError(`${file} is not a .tar.gz backup: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!tar.includes('PG_VERSION')) throw new BackupError(`${file} holds no PostgreSQL data folder`);
  return tar;
}

/** Unpacks the backup into `staging` and opens it: what cannot be opened never becomes the database. */
async function openRows(file: string, staging: string): Promise<TableRows> {
  const tar = readBackup(file);
  rmSync(staging, { recursive: true, force: true });
  try {
    const client = new PGlite(staging, {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([tar], { type: 'application/x-tar' }),
    });
    try {
      await client.waitReady;
      return await countRows(client);
    } finally {
      await client.close();
    }
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    const reason = err instanceof Error ? err.message : String(err);
    throw new BackupError(`${file} is not a backup PGlite can open: ${reason}`);
  }
}

export interface RestoreSummary {
  rows: TableRows;
  /** Where the database that was replaced now lives; null when there was none. */
  previous: string | null;
}

/**
 * Makes the backup in `file` the database of `dataDir`. It is unpacked and opened beside the
 * current one first; only a backup that opens takes its place. A database already there is
 * refused unless `replace`, and then kept under a dated name rather than deleted.
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  options: { replace: boolean },
): Promise<RestoreSummary> {
  if (!existsSync(file)) throw new BackupError(`no backup at ${file}`);
  const target = pgliteDir(dataDir);
  if (hasDatabase(target) && !options.replace) {
    throw new BackupError(
      `${dataDir} already holds a database; restore with --replace to set it aside and use the backup`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  const staging = `${target}.restoring-${String(process.pid)}`;
  try {
    const rows = await openRows(file, staging);
    let previous: string | null = null;
    if (existsSync(target)) {
      previous = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, previous);
    }
    renameSync(staging, target);
    return { rows, previous };
  } finally {
    unlock();
  }
}
