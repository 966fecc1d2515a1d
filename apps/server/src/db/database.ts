// Opens the one SQL database the server uses: PGlite in DATA_DIR by default, a PostgreSQL server
// when a URL is given. Both speak the same dialect, so schema, migrations and queries are shared.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './data-dir-lock.ts';
import { listenOnPostgres } from './postgres-listener.ts';
import { createPostgresPool } from './postgres-pool.ts';
import { pgliteExtensions } from './pglite-extensions.ts';
import { giveTurnsBetweenStatements } from './pglite-turns.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip for the readiness probe. */
  ping(): Promise<void>;
  /**
   * LISTENs on a channel (NOTIFY, from a trigger or `pg_notify`) and tells the handlers; resolves
   * with the function that stops listening. Notifications from every node (and every process on
   * the database, like the admin command line) arrive here, in commit order.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /**
   * Runs SQL text with its parameters and answers its rows. With a name, PostgreSQL keeps the
   * statement prepared on each connection (db/prepared-rows.ts); PGlite prepares it with SQL
   * PREPARE and runs it with EXECUTE when its parameters are numbers (preparedOnPglite).
   */
  query(text: string, params: unknown[], name?: string): Promise<unknown[]>;
  /** The pool's connections, for metrics; absent for PGlite (one connection, in this process). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface NotificationHandlers {
  onNotification(payload: string): void;
  /** Listening (again): notifications sent before this moment may have been missed. */
  onUp(): void;
  /** The listening connection is gone: notifications are missed until the next onUp. */
  onDown(): void;
}

export type DatabaseTarget =
  | {
      url: string;
      /**
       * The server cancels any statement of this pool that runs longer (SQLSTATE 57014); absent or
       * 0: no limit. Migrations run on a connection of their own without it.
       */
      statementTimeoutMs?: number;
      /** A query fails after waiting this long for a connection (new or free); absent: waits forever. */
      connectTimeoutMs?: number;
    }
  | { dataDir: string }
  | {
      memory: true;
      /** A tarball of a data folder (pgliteTemplate), gzip or plain, to start from instead of initdb. */
      template?: Blob;
    };

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = path.join(here, 'migrations');
/**
 * Beside the built server only (scripts/build-server.mjs): an empty database with the migrations
 * applied. A new data folder starts as a copy of it instead of running initdb and every migration,
 * which is most of a first start; the migrations then find nothing, or only what is newer, to do.
 */
const templateFile = path.join(here, 'database-template.tar.gz');

// UTC sessions: date_trunc and ::date on timestamptz must not depend on the server's zone. JIT off:
// compiling the dashboard's larger queries costs more than running them.
const sessionOptions = '-c timezone=UTC -c jit=off';
/** The advisory lock the migrations run under (an arbitrary number that is Liftwacht's own). */
const migrationLockKey = 4_711_020_260;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    // Each kind's driver is loaded only when it is the one in use: loading both cost a restart time.
    const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const { url, statementTimeoutMs, connectTimeoutMs } = target;
    // Migrations (and what they backfill) may run longer than any request should: they get a
    // connection of their own, without the statement timeout, closed once they are through.
    const migrations = createPostgresPool({ url, max: 1, options: sessionOptions, connectTimeoutMs });
    try {
      const connection = await migrations.connect();
      try {
        // Nodes starting together (a rolling upgrade, a fresh cluster) migrate one after the other:
        // the first applies what is new, the next find it applied. Drizzle's migrator takes no lock.
        await connection.query('select pg_advisory_lock($1)', [migrationLockKey]);
        await migratePg(drizzlePg(connection, { schema, casing: 'snake_case' }), { migrationsFolder });
        await connection.query('select pg_advisory_unlock($1)', [migrationLockKey]);
      } finally {
        connection.release();
      }
    } finally {
      await migrations.end();
    }
    const timeout = statementTimeoutMs ? ` -c statement_timeout=${String(statementTimeoutMs)}` : '';
    const pool = createPostgresPool({ url, max: 10, options: sessionOptions + timeout, connectTimeoutMs });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      query: async (text, values, name) =>
        (await pool.query<Record<string, unknown>>(name ? { name, text, values } : { text, values })).rows,
      listen: (channel, handlers) => listenOnPostgres(url, sessionOptions, channel, handlers),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let client: PGlite;
  let unlock: () => void = () => undefined;
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    unlock = lockDataDir(target.dataDir);
    const dataDir = pgliteDir(target.dataDir);
    const fresh = !existsSync(path.join(dataDir, 'PG_VERSION')) && existsSync(templateFile);
    client = new PGlite(dataDir, {
      extensions: pgliteExtensions,
      ...(fresh ? { loadDataDir: new Blob([readFileSync(templateFile)], { type: 'application/x-gzip' }) } : {}),
    });
  } else {
    client = new PGlite({ extensions: pgliteExtensions, ...(target.template ? { loadDataDir: target.template } : {}) });
  }
  try {
    const db = await migrated(client);
    // Statements run on this thread: a long chain of them must still let requests in between.
    giveTurnsBetweenStatements(client);
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      query: preparedOnPglite(client),
      // One connection in this process: it cannot be lost, and PGlite hands a committed
      // statement's notifications to the callbacks before the statement's promise resolves.
      listen: async (channel, handlers) => {
        const unlisten = await client.listen(channel, (payload) => handlers.onNotification(payload));
        handlers.onUp();
        return () => unlisten();
      },
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    await client.close().catch(() => undefined);
    unlock();
    throw err;
  }
}

/**
 * Database.query on PGlite. A named statement is prepared once with SQL PREPARE and run with
 * EXECUTE: PGlite has no protocol-level statement cache, and parsing and planning in WebAssembly
 * (each relation's size is an lseek through the JS file system) was a third of the lift list's
 * time. EXECUTE takes its arguments as SQL text, so only numbers, booleans, null and arrays of
 * numbers are written there (what the prepared reads pass); anything else runs as a plain query.
 */
function preparedOnPglite(client: PGlite): Database['query'] {
  const prepared = new Set<string>();
  return async (text, params, name) => {
    const args = name === undefined ? undefined : executeArguments(params);
    if (name === undefined || args === undefined) return (await client.query(text, params)).rows;
    const prepareAndExecute = async () => {
      await client.exec(`prepare ${name} as ${text}`);
      prepared.add(name);
      return (await client.query(`execute ${name}${args}`)).rows;
    };
    if (!prepared.has(name)) return prepareAndExecute();
    try {
      return (await client.query(`execute ${name}${args}`)).rows;
    } catch (err) {
      // Deallocated behind our back (DISCARD ALL, DEALLOCATE): prepare again once.
      if ((err as { code?: string }).code !== '26000') throw err;
      return prepareAndExecute();
    }
  };
}

/** `(1, 2, '{3,4}')` for EXECUTE, or undefined when a parameter is not a plain number or the like. */
function executeArguments(params: unknown[]): string | undefined {
  const literal = (value: unknown): string | undefined => {
    if (value === null) return 'null';
    if (typeof value === 'boolean') return String(value);
    if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
    if (Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      return `'{${value.join(',')}}'`;
    }
    return undefined;
  };
  const literals = params.map(literal);
  if (literals.some((l) => l === undefined)) return undefined;
  return literals.length === 0 ? '' : `(${literals.join(', ')})`;
}

/** Where the PGlite database of a data folder lives. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/**
 * An empty PGlite database with every migration applied, as a tarball. A test file's database
 * starts from it (test-support/test-database.ts): PGlite's initdb in WebAssembly and the migrations
 * took 6–7 s per file under the suite's load, a copy of this 2–3 s. `none` leaves it uncompressed
 * (43 MB instead of 5): a copy then starts with ~0.55 instead of ~1 CPU-second, which the tests
 * pay once per file; gzip is for a template that is shipped.
 */
export async function pgliteTemplate(compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite({ extensions: pgliteExtensions });
  try {
    await migrated(client);
    return await client.dumpDataDir(compression);
  } finally {
    await client.close();
  }
}

/** The client ready, in a UTC session, with every migration applied (none left to do on a template's copy). */
async function migrated(client: PGlite) {
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  await client.waitReady;
  await client.exec("set timezone = 'UTC'");
  const db = drizzle(client, { schema, casing: 'snake_case' });
  await migrate(db, { migrationsFolder });
  return db;
}
