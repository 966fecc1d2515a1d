// PGlite runs each statement synchronously on the main thread, and its queue of waiting statements
// drains in microtasks only: the event loop (sockets, timers, GET /health) got no turn until every
// statement queued had run — a 10-year GET /stats held it ~1 s, a 12-period comparison export 6 s,
// though no single statement took more than a few tens of milliseconds. So statements go through
// one queue of our own, and before the next one runs, once the loop has gone `budgetMs` without a
// turn from here, it gets one (setImmediate: pending I/O and timers run first). A transaction is
// one piece: its statements go through the transaction's own methods and are never held.
import { performance } from 'node:perf_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';

/** How long a run of statements may hold the event loop before it gives a turn. */
export const pgliteTurnBudgetMs = 20;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Makes `client.query`, `client.exec` and `client.transaction` run one at a time, in call order,
 * and give the event loop a turn first when it has waited `budgetMs`; answers how many turns were
 * given (for tests).
 */
export function giveTurnsBetweenStatements(client: PGlite, budgetMs = pgliteTurnBudgetMs): { turns(): number } {
  let lastTurn = performance.now();
  let turns = 0;
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(async () => {
      if (performance.now() - lastTurn >= budgetMs) {
        await nextTurn();
        turns++;
        lastTurn = performance.now();
      }
      return run();
    });
    tail = result.catch(() => undefined);
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = <T>(...args: Parameters<PGlite['query']>) => inTurn(() => query<T>(...args));
  client.exec = (...args: Parameters<PGlite['exec']>) => inTurn(() => exec(...args));
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    inTurn(() => transaction(callback));
  return { turns: () => turns };
}
