// Opens the one SQL database the server uses: PGlite in DATA_DIR by default, a PostgreSQL server
// when a URL is given. Both speak the same dialect, so schema, migrations and queries are shared.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip for the readiness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    // UTC sessions: date_trunc and ::date on timestamptz must not depend on the server's zone. JIT off:
    // compiling the dashboard's larger queries costs more than running them.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, options: '-c timezone=UTC -c jit=off' });
    // An idle connection that the server drops (restart, failover, a dropped test database) must
    // not crash the process; the pool replaces it on the next query.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL idle connection error: ${err.message}`);
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    client = new PGlite(path.join(target.dataDir, 'pglite'));
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  await client.exec("set timezone = 'UTC'");
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
