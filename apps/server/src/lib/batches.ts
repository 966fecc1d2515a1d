// Long work in bounded pieces, for bulk writes (a 50,000-row spreadsheet import) that must leave
// the server answering. Two things stall the event loop: one statement over many rows (PGlite runs
// it synchronously on the main thread, however long it takes), and a run of statements or a JS
// loop that never lets the loop turn (PGlite's queue and awaited promises resolve in microtasks,
// which run before any socket or timer). So writes go in batches of a few hundred rows, one
// multi-row statement each (not one per row, which is slow on PostgreSQL, nor one for all), and
// the loop gets a turn between batches (and between the statements of one batch) and every few
// milliseconds of a long JS loop.
import { performance } from 'node:perf_hooks';

/**
 * Rows per statement of a bulk write: a few tens of milliseconds on PGlite (lifts with their
 * generated columns and trigram index: ~15 ms for 100 rows, ~200 ms for 1,000, ~1.7 s for 5,000 on
 * a loaded machine; smaller batches were no slower in all), and few round trips on PostgreSQL.
 */
export const writeBatchSize = 200;

/** Lifts per read or lock by id: reads cost less a row than writes. */
export const readBatchSize = 1000;

/** Resolves after pending I/O and timers have run (setImmediate, not a microtask). */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function batchesOf<T>(rows: readonly T[], size = writeBatchSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Runs `write` for each batch in order, with a turn of the event loop between two batches. */
export async function forEachBatch<T>(
  rows: readonly T[],
  write: (batch: T[]) => Promise<void>,
  size = writeBatchSize,
): Promise<void> {
  const batches = batchesOf(rows, size);
  for (const [i, batch] of batches.entries()) {
    if (i > 0) await nextTurn();
    await write(batch);
  }
}

/** forEachBatch that collects what each batch answers, in order. */
export async function mapBatches<T, R>(
  rows: readonly T[],
  write: (batch: T[]) => Promise<readonly R[]>,
  size = writeBatchSize,
): Promise<R[]> {
  const out: R[] = [];
  await forEachBatch(rows, async (batch) => void out.push(...(await write(batch))), size);
  return out;
}

/** How long a JS loop may hold the event loop before it gives a turn. */
export const loopBudgetMs = 20;

/**
 * For a long synchronous loop made async: `await turns.check()` in each iteration gives the event
 * loop a turn once `budgetMs` have passed since the last one (reading the clock every 64 calls).
 */
export function loopTurns(budgetMs = loopBudgetMs): { check(): Promise<void> | undefined } {
  let last = performance.now();
  let calls = 0;
  return {
    check() {
      if (++calls % 64 !== 0 || performance.now() - last < budgetMs) return undefined;
      return nextTurn().then(() => {
        last = performance.now();
      });
    },
  };
}
