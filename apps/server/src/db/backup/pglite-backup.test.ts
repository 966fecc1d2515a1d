// A PGlite backup round trip: the demo fleet into a data folder, a backup, a restore into another
// folder, and the restored database opened as the server opens it: the same rows in every table
// and the same sample rows. Also what must be refused: a database in use, a target already holding
// one (unless replaced, and then kept), and a file that is no backup.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../database.ts';
import { DataDirInUseError } from '../data-dir-lock.ts';
import { rowsOf } from '../seed/query-rows.ts';
import { seedDemoFleet } from '../seed/seed-demo-fleet.ts';
import { backupDataDir, BackupError, restoreDataDir } from './pglite-backup.ts';

const now = new Date('2026-03-15T10:30:00Z');
let root: string;
let source: string;
let backup: string;
let seeded: Record<string, number>;

async function tableRows(db: Db): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`),
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`));
    rows[name] = row?.n ?? 0;
  }
  return rows;
}

async function sampleRows(db: Db) {
  const lift = rowsOf<{ id: number }>(await db.execute(sql`select * from lifts order by id limit 1`));
  const user = rowsOf(
    await db.execute(sql`select id, username, password_hash, organisation_id from users order by id limit 1`),
  );
  const events = rowsOf(await db.execute(sql`select * from events order by id desc limit 3`));
  return { lift, user, events };
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'liftwacht-backup-test-'));
  source = path.join(root, 'source');
  backup = path.join(root, 'backups', 'liftwacht.tar.gz');
  const database = await openDatabase({ dataDir: source });
  try {
    await seedDemoFleet(database.db, { lifts: 4, months: 2, now });
    seeded = await tableRows(database.db);
    // The data folder is in use while the server has it open: no backup of a moving database.
    await expect(backupDataDir(source, backup)).rejects.toThrow(DataDirInUseError);
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('PGlite backup and restore', () => {
  it('restores into a fresh data folder with the same rows in every table and the same sample rows', async () => {
    const result = await backupDataDir(source, backup);
    expect(result.bytes).toBeGreaterThan(0);
    expect(result.rows).toEqual(seeded);
    expect(seeded.lifts).toBe(4);
    expect(seeded.events).toBeGreaterThan(0);

    const target = path.join(root, 'restored');
    const restored = await restoreDataDir(backup, target, { replace: false });
    expect(restored.previous).toBeNull();
    expect(restored.rows).toEqual(seeded);

    const original = await openDatabase({ dataDir: source });
    const expected = await sampleRows(original.db).finally(() => original.close());
    const copy = await openDatabase({ dataDir: target });
    try {
      expect(await tableRows(copy.db)).toEqual(seeded);
      expect(await sampleRows(copy.db)).toEqual(expected);
      // A working database, not only readable files: it takes writes.
      await copy.db.execute(sql`update lifts set name = 'Na herstel' where id = ${expected.lift[0]?.id ?? 0}`);
    } finally {
      await copy.close();
    }
  }, 120_000);

  it('refuses a data folder that holds a database, unless replaced; the replaced one is kept', async () => {
    const target = path.join(root, 'occupied');
    await restoreDataDir(backup, target, { replace: false });
    await expect(restoreDataDir(backup, target, { replace: false })).rejects.toThrow(/already holds a database/);

    const result = await restoreDataDir(backup, target, { replace: true });
    expect(result.previous).not.toBeNull();
    expect(existsSync(path.join(result.previous ?? '', 'PG_VERSION'))).toBe(true);
    expect(result.rows).toEqual(seeded);
  }, 120_000);

  it('refuses a file that is no backup, leaving the data folder as it was', async () => {
    const bogus = path.join(root, 'not-a-backup.tar.gz');
    writeFileSync(bogus, 'not a tarball');
    const target = path.join(root, 'untouched');
    await expect(restoreDataDir(bogus, target, { replace: false })).rejects.toThrow(BackupError);
    expect(readdirSync(target).filter((name) => name.startsWith('pglite'))).toEqual([]);
    await expect(backupDataDir(path.join(root, 'empty'), path.join(root, 'x.tar.gz'))).rejects.toThrow(
      /no Liftwacht database/,
    );
  }, 60_000);
});
