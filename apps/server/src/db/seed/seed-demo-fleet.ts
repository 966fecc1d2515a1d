// The deterministic demo fleet: organisations, logins, lifts and 13 months of history that make
// every dashboard number meaningful. The same (seed, lifts, months, now) gives the same rows; the
// caller passes `now`, so tests pin it and a demo started any day looks current.
import { availabilityKinds, refreshAvailabilityRollup } from '../rollups/availability-rollup.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { calls, counters, dailyCounters, events, inspections, logbook, senseData, visits } from '../schema.ts';
import { dropPrimaryKeys, useBulkLoadSettings } from './bulk-load.ts';
import { insertRows } from './bulk-insert.ts';
import { insertCounters, setServiceThresholds, type LiftThresholdInput } from './counters.ts';
import { planCurrentState } from './current-state.ts';
import { planFleet, type LiftPlan } from './fleet-plan.ts';
import { generateLiftHistory, type GeneratedLift } from './lift-history.ts';
import { insertLiftsAndModules, liftsWithoutModule } from './lifts.ts';
import { insertOrganisationsAndUsers, type DemoOrganisationKey } from './organisations-and-users.ts';
import { createRng } from './prng.ts';
import { rowsOf } from './query-rows.ts';
import { assignScenarios, type LiftScenario } from './scenarios.ts';
import { createSeedContext, type SeedContext } from './seed-context.ts';
import { StepTimer } from './step-timer.ts';

// The server prints the demo logins at start; it imports them from here with the seed itself.
export { demoPassword, demoUsers } from './organisations-and-users.ts';

export const defaultLiftCount = 150;
export const defaultMonths = 13;
export const defaultSeed = 2026;

/** Lifts generated and written per round trip: bounds memory for fleets of ten thousand and more. */
const liftsPerBatch = 250;

export interface SeedDemoFleetOptions {
  lifts?: number;
  months?: number;
  seed?: number;
  /** The seed's "right now"; all history runs up to it. */
  now: Date;
  /** Called after each batch of lifts, for progress output on large fleets. */
  onProgress?: (liftsDone: number, liftsTotal: number) => void;
}

export interface SeedSummary {
  seed: number;
  lifts: number;
  months: number;
  now: string;
  seconds: number;
  /** Seconds per step (summed over batches), to see where the time goes. */
  steps: Record<string, number>;
  /** Rows per table after seeding. */
  rows: Record<string, number>;
}

const countedTables = [
  'organisations',
  'organisation_access',
  'users',
  'roles',
  'user_roles',
  'lifts',
  'modules',
  'module_links',
  'events',
  'calls',
  'visits',
  'inspections',
  'logbook',
  'counters',
  'daily_counters',
  'sense_configuration',
  'sense_data',
] as const;

/** True when no organisation exists yet, i.e. a fresh database the demo may fill. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ empty: boolean }>(
    await db.execute(sql`select not exists (select 1 from organisations) as empty`),
  );
  return row?.empty ?? true;
}

function checkOptions(options: SeedDemoFleetOptions): { lifts: number; months: number; seed: number } {
  const lifts = options.lifts ?? defaultLiftCount;
  const months = options.months ?? defaultMonths;
  const seed = options.seed ?? defaultSeed;
  if (!Number.isInteger(lifts) || lifts < 1 || lifts > 1_000_000)
    throw new RangeError('lifts must be an integer from 1');
  if (!Number.isInteger(months) || months < 1 || months > 120)
    throw new RangeError('months must be an integer from 1 to 120');
  if (!Number.isSafeInteger(seed)) throw new RangeError('seed must be an integer');
  if (Number.isNaN(options.now.getTime())) throw new RangeError('now must be a valid date');
  return { lifts, months, seed };
}

export async function seedDemoFleet(db: Db, options: SeedDemoFleetOptions): Promise<SeedSummary> {
  const started = performance.now();
  const timer = new StepTimer();
  const { lifts: liftCount, months, seed } = checkOptions(options);
  const ctx = createSeedContext(seed, options.now, months);
  const plans = planFleet(ctx, liftCount);
  const scenarios = assignScenarios(seed, plans);
  const withoutModule = liftsWithoutModule(plans, scenarios);

  // One transaction: a crash or a bad option never leaves half a fleet behind.
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await useBulkLoadSettings(tx);
    const { idByKey } = await timer.time('organisations and users', () =>
      insertOrganisationsAndUsers(tx, new Date(ctx.windowStart)),
    );

    const thresholdInputs: LiftThresholdInput[] = [];
    const restorePrimaryKeys = await dropPrimaryKeys(tx, [counters, dailyCounters]);
    for (let offset = 0; offset < plans.length; offset += liftsPerBatch) {
      const batch = plans.slice(offset, offset + liftsPerBatch);
      const generated = await seedBatch(tx, batch, scenarios, withoutModule, idByKey, ctx, timer);
      thresholdInputs.push(...generated.map((g) => g.threshold));
      options.onProgress?.(offset + batch.length, plans.length);
    }
    await timer.time('counter primary keys', restorePrimaryKeys);
    // Before the rollups: lift_maintenance_rides copies each lift's threshold, and the trigger that
    // keeps the copy may be skipped here (below).
    await timer.time('service thresholds', () => setServiceThresholds(tx, thresholdInputs, ctx));
    // The bulk load may skip triggers (useBulkLoadSettings), among them those that keep
    // monthly_counters, lift_maintenance_rides, maintenance_gaps and lift_facts: build them from the
    // rows just written.
    await timer.time('counter rollups', () => tx.execute(sql`select liftwacht_counter_rollups_rebuild()`));
    await timer.time('lift facts', () =>
      tx.execute(sql`select liftwacht_lift_facts_refresh(array(select id from lifts))`),
    );
    await timer.time('maintenance gaps', () =>
      tx.execute(sql`select liftwacht_maintenance_gaps_refresh(array(select id from lifts))`),
    );
  });

  // The stats engine reads closed outages from the per-hour rollup, so build it for the new history.
  for (const kind of availabilityKinds) {
    await timer.time(`availability rollup ${kind}`, () => refreshAvailabilityRollup(db, kind));
  }

  // Fresh statistics, so the first dashboard queries get good plans right away.
  await timer.time('analyze', () => db.execute(sql`analyze`));

  const rows: Record<string, number> = {};
  await timer.time('count rows', async () => {
    for (const table of countedTables) {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`),
      );
      rows[table] = row?.n ?? 0;
    }
  });
  return {
    seed,
    lifts: liftCount,
    months,
    now: options.now.toISOString(),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    steps: timer.seconds(),
    rows,
  };
}

/** Plans, generates and writes one batch of lifts with their whole history. */
async function seedBatch(
  tx: Db,
  batch: readonly LiftPlan[],
  scenarios: ReadonlyMap<number, LiftScenario>,
  withoutModule: ReadonlySet<number>,
  organisationIds: ReadonlyMap<DemoOrganisationKey, number>,
  ctx: SeedContext,
  timer: StepTimer,
): Promise<GeneratedLift[]> {
  const work = batch.map((plan) => {
    const scenario = scenarios.get(plan.index);
    if (!scenario) throw new Error(`no scenario for lift ${String(plan.index)}`);
    return { plan, scenario, current: planCurrentState(scenario, ctx, createRng(ctx.seed, 'current', plan.index)) };
  });
  const ids = await timer.time('lifts and modules', () =>
    insertLiftsAndModules(
      tx,
      batch,
      work.map((w) => w.current),
      organisationIds,
      withoutModule,
    ),
  );
  const generated = await timer.time('generate history', () =>
    work.map((w, i) => {
      const liftId = ids[i];
      if (liftId === undefined) throw new Error('lift id missing');
      return generateLiftHistory(liftId, w.plan, w.scenario, w.current, ctx);
    }),
  );
  await timer.time('events', () =>
    insertRows(
      tx,
      events,
      // History, not news: the webhook outbox need not look at it.
      generated.flatMap((g) => g.history.events.map((e) => ({ ...e, webhookPending: false }))),
    ),
  );
  await timer.time('calls', () =>
    insertRows(
      tx,
      calls,
      generated.flatMap((g) => g.history.calls),
    ),
  );
  await timer.time('visits, inspections, logbook', async () => {
    await insertRows(
      tx,
      visits,
      generated.flatMap((g) => g.history.visits),
    );
    await insertRows(
      tx,
      inspections,
      generated.flatMap((g) => g.history.inspections),
    );
    await insertRows(
      tx,
      logbook,
      generated.flatMap((g) => g.history.logbook),
    );
    await insertRows(
      tx,
      senseData,
      generated.flatMap((g) => g.senseData),
    );
  });
  await insertCounters(
    tx,
    generated.map((g) => g.counters),
    ctx,
    timer,
  );
  return generated;
}
