// A fresh, migrated database per test file: PGlite in memory always, or a throwaway database on
// the PostgreSQL server named by TEST_DATABASE_URL, so CI proves both dialects.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.ts';

export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.LIFTWACHT_TEST_DB !== 'postgres' || !adminUrl) return openDatabase({ memory: true });

  const name = `lw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
