// PGlite's statements run on the main thread and its queue drains in microtasks: without turns a
// chain of statements keeps every timer and socket waiting until it ends. With them, the loop gets a
// turn once the budget is spent, statements still run in call order, and a transaction is not cut.
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giveTurnsBetweenStatements } from './pglite-turns.ts';

let client: PGlite;

beforeEach(async () => {
  client = new PGlite();
  await client.waitReady;
});
afterEach(async () => {
  await client.close();
});

/** Whether a timer due at once fired while `run` ran (it can only fire when the loop gets a turn). */
async function timerFiredDuring(run: () => Promise<unknown>): Promise<boolean> {
  let fired = false;
  const timer = setTimeout(() => (fired = true), 0);
  await run();
  clearTimeout(timer);
  return fired;
}

const chain = async (n: number) => {
  for (let i = 0; i < n; i++) await client.query('select count(*) from generate_series(1, 2000)');
};
const concurrently = (n: number) =>
  Promise.all(Array.from({ length: n }, () => client.query('select count(*) from generate_series(1, 2000)')));

describe('giveTurnsBetweenStatements', () => {
  it('PGlite alone gives the loop no turn during a chain of statements (what the turns are for)', async () => {
    expect(await timerFiredDuring(() => chain(30))).toBe(false);
    expect(await timerFiredDuring(() => concurrently(30))).toBe(false);
  });

  it('gives the loop a turn during a chain and during statements queued at once', async () => {
    const turns = giveTurnsBetweenStatements(client, 0);
    expect(await timerFiredDuring(() => chain(30))).toBe(true);
    expect(await timerFiredDuring(() => concurrently(30))).toBe(true);
    expect(turns.turns()).toBeGreaterThanOrEqual(60);
  });

  it('gives no turn while the budget lasts', async () => {
    const turns = giveTurnsBetweenStatements(client, 60_000);
    await chain(10);
    expect(turns.turns()).toBe(0);
  });

  it('runs statements in call order, past a failing one, and keeps a transaction whole', async () => {
    giveTurnsBetweenStatements(client, 0);
    await client.exec('create table seen (n int)');
    const order: Promise<unknown>[] = [];
    for (let n = 1; n <= 5; n++) order.push(client.query('insert into seen values ($1)', [n]));
    const failing = client.query('select * from no_such_table');
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into seen values (6)');
      // Nothing of the queue below may run inside the transaction.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.query('insert into seen values (7)');
    });
    const after = client.query('insert into seen values (8)');
    await expect(failing).rejects.toThrow();
    await Promise.all([...order, transaction, after]);
    const rows = await client.query<{ n: number }>('select n from seen');
    expect(rows.rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
