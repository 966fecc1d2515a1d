// Which errors mean "the database is unavailable for now" (503 with Retry-After) and which are bugs
// (500): the classification, the error handler's answer, and the real driver's errors for a
// statement timeout and a server that is not there.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { errorsPlugin } from '../plugins/errors.ts';
import { freePort } from '../modules/realtime/test-services.ts';
import { createTestDatabase } from '../test-support/test-database.ts';
import { DatabaseUnavailableError, databaseUnavailability } from './database-errors.ts';

function pgError(code: string, message = 'x'): pg.DatabaseError {
  const err = new pg.DatabaseError(message, message.length, 'error');
  err.code = code;
  return err;
}

function systemError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
}

describe('databaseUnavailability', () => {
  it('knows the server stopping, starting, refusing and the statement timeout', () => {
    expect(databaseUnavailability(pgError('57P01'))).toBe('outage');
    expect(databaseUnavailability(pgError('57P03'))).toBe('outage');
    expect(databaseUnavailability(pgError('08006'))).toBe('outage');
    expect(databaseUnavailability(pgError('57014'))).toBe('timeout');
    expect(databaseUnavailability(systemError('ECONNREFUSED'))).toBe('outage');
    expect(databaseUnavailability(new Error('Connection terminated unexpectedly'))).toBe('outage');
    expect(databaseUnavailability(new Error('timeout exceeded when trying to connect'))).toBe('outage');
    expect(databaseUnavailability(new DatabaseUnavailableError('the ingest worker stopped', 'outage'))).toBe('outage');
  });

  it('looks through Drizzle’s wrapper and AggregateErrors', () => {
    expect(databaseUnavailability(new DrizzleQueryError('select 1', [], pgError('57P01')))).toBe('outage');
    const refused = Object.assign(new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')]), {
      code: 'ECONNREFUSED',
    });
    expect(databaseUnavailability(new DrizzleQueryError('select 1', [], refused))).toBe('outage');
  });

  it('leaves bugs and data errors alone, PGlite’s included', async () => {
    expect(databaseUnavailability(pgError('23505'))).toBeNull();
    expect(databaseUnavailability(pgError('42601'))).toBeNull();
    expect(databaseUnavailability(new Error('boom'))).toBeNull();
    expect(databaseUnavailability(Object.assign(new Error('57P01'), { code: '57P01' }))).toBeNull();
    expect(databaseUnavailability(null)).toBeNull();
    const lite = new PGlite();
    try {
      const err = await lite.query('select from no_such_table').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(databaseUnavailability(err)).toBeNull();
      // Even a PGlite error carrying an outage's SQLSTATE is not one: PGlite lives in the process.
      expect(databaseUnavailability(Object.assign(err as Error, { code: '57P01' }))).toBeNull();
    } finally {
      await lite.close();
    }
  });
});

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  afterAll(() => app.close());

  it('answers 503 unavailable with Retry-After, without internals, and 500 for anything else', async () => {
    await app.register(errorsPlugin);
    app.get('/down', () => Promise.reject(new DrizzleQueryError('select secret', [], pgError('57P03', 'starting up'))));
    app.get('/slow', () => Promise.reject(pgError('57014', 'canceling statement due to statement timeout')));
    app.get('/bug', () => Promise.reject(pgError('42703', 'column "x" does not exist')));
    await app.ready();

    const down = await app.inject({ method: 'GET', url: '/down' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json<{ error: { code: string } }>().error.code).toBe('unavailable');
    expect(down.body).not.toMatch(/secret|starting up/);

    const slow = await app.inject({ method: 'GET', url: '/slow' });
    expect(slow.statusCode).toBe(503);
    expect(slow.headers['retry-after']).toBe('30');
    expect(slow.body).not.toContain('canceling');

    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({ error: { code: 'internal_error', message: 'Internal server error' } });
  });
});

describe('the driver’s own errors', () => {
  it('a server that is not there is an outage, and fails fast', async () => {
    const port = await freePort();
    const started = Date.now();
    const err = await openDatabase({ url: `postgresql://nobody@127.0.0.1:${String(port)}/x`, connectTimeoutMs: 2000 })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(databaseUnavailability(err)).toBe('outage');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it.skipIf(process.env.LIFTWACHT_TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL)(
    'the statement timeout cancels a long statement of the app’s pool; a transaction may lift it',
    async () => {
      const scratch = await createTestDatabase();
      // The test database exists and is migrated now; open a second pool on it with a short timeout.
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      const [row] = await sqlRows<{ name: string }>(scratch.db, sql`select current_database() as name`);
      url.pathname = `/${row?.name ?? ''}`;
      const limited = await openDatabase({ url: url.toString(), statementTimeoutMs: 200, connectTimeoutMs: 2000 });
      try {
        const err = await limited.db.execute(sql`select pg_sleep(1)`).catch((e: unknown) => e);
        expect(databaseUnavailability(err)).toBe('timeout');
        // The pool is fine afterwards.
        await limited.ping();
        // A transaction may lift it for itself, as the seed does.
        await limited.db.transaction(async (tx) => {
          await tx.execute(sql`set local statement_timeout = 0`);
          await tx.execute(sql`select pg_sleep(0.3)`);
        });
      } finally {
        await limited.close();
        await scratch.close();
      }
    },
  );

  it.skipIf(process.env.LIFTWACHT_TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL)(
    'a connection lost while a transaction holds it fails that transaction as an outage, and crashes nothing',
    async () => {
      const database = await createTestDatabase();
      try {
        const err = await database.db
          .transaction(async (tx) => {
            // The server ends this very backend, as a restart does, between two statements.
            await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
          })
          .then(
            () => null,
            (e: unknown) => e,
          );
        expect(databaseUnavailability(err)).toBe('outage');
        const between = await database.db
          .transaction(async (tx) => {
            const [row] = await sqlRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
            const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
            await killer.connect();
            await killer.query('select pg_terminate_backend($1)', [row?.pid]);
            await killer.end();
            // The client heard of it while idle in the transaction (its 'error' event) …
            await new Promise((resolve) => setTimeout(resolve, 200));
            await tx.execute(sql`select 1`);
          })
          .then(
            () => null,
            (e: unknown) => e,
          );
        // … and the next statement says so.
        expect(databaseUnavailability(between)).toBe('outage');
        await database.ping();
      } finally {
        await database.close();
      }
    },
  );
});
