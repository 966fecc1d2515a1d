// Nodes that start together on one PostgreSQL database (a new cluster, a rolling upgrade) all come
// up: the migrations run once, one node after the other. Needs a PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseUrl, runOnServer } from '../test-support/postgres-admin.ts';
import { openDatabase } from './database.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(process.env.LIFTWACHT_TEST_DB !== 'postgres' || !adminUrl)('migrations on PostgreSQL', () => {
  it('lets three nodes start at once on an empty database, applying each migration once', async () => {
    const name = `lw_test_${randomBytes(6).toString('hex')}`;
    await runOnServer(adminUrl ?? '', `create database ${name}`);
    const url = new URL(databaseUrl(adminUrl ?? '', name));
    try {
      const nodes = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString() })));
      try {
        const journal = JSON.parse(
          readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
        ) as {
          entries: unknown[];
        };
        const check = new pg.Client({ connectionString: url.toString() });
        await check.connect();
        const applied = await check.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
        await check.end();
        expect(applied.rows[0]?.n).toBe(journal.entries.length);
      } finally {
        await Promise.all(nodes.map((node) => node.close()));
      }
    } finally {
      await runOnServer(adminUrl ?? '', `drop database if exists ${name} with (force)`);
    }
  });
});
