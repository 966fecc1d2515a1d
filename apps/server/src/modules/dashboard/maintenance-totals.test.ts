// The maintenance and inspection totals from the snapshot kept in memory (maintenance-totals.ts)
// against the SQL statement (PeriodFiguresRepository.totals), on random fleets and periods, and
// after changes from this node, another node and plain SQL (the triggers of migration 0025).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sharedChannelHandlers } from '../../db/notification-barriers.ts';
import { availabilityChannel } from '../../db/rollups/availability-rollup.ts';
import { inspections, lifts, organisations, visits } from '../../db/schema.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { AvailabilityMonthCache } from './availability-month-cache.ts';
import { AvailabilityRepository } from './availability.repository.ts';
import { MaintenanceTotals } from './maintenance-totals.ts';
import {
  PeriodFiguresRepository,
  type MaintenanceSnapshot,
  type PeriodFigureTotal,
} from './period-figures.repository.ts';
import { SignalKeptCache } from './signal-kept-cache.ts';

interface Node {
  snapshot: SignalKeptCache<MaintenanceSnapshot>;
  totals: MaintenanceTotals;
  unlisten: () => Promise<void>;
}

let database: Database;
let repository: PeriodFiguresRepository;
let node: Node;
let organisationId: number;
const dayMs = 86_400_000;
const now = new Date('2026-09-15T10:30:00Z');
const period = (from: string, to: string) => ({ from, to, startHour: 7, endHour: 19 });

async function startNode(): Promise<Node> {
  const notify = async (payload: string) => {
    await database.db.execute(sql`select pg_notify(${availabilityChannel}, ${payload})`);
  };
  const snapshot = new SignalKeptCache<MaintenanceSnapshot>('maintenance', notify);
  const liftLists = new AvailabilityMonthCache(notify);
  const unlisten = await database.listen(
    availabilityChannel,
    sharedChannelHandlers([liftLists.handlers, snapshot.handlers]),
  );
  const totals = new MaintenanceTotals(repository, new AvailabilityRepository(database.db, liftLists), snapshot);
  return { snapshot, totals, unlisten };
}

beforeAll(async () => {
  database = await createTestDatabase();
  repository = new PeriodFiguresRepository(database.db);
  node = await startNode();
});
afterAll(async () => {
  await node.unlisten();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(visits);
  await database.db.delete(inspections);
  await database.db.delete(lifts);
  await database.db.delete(organisations);
  const [org] = await database.db.insert(organisations).values({ name: 'Fixture', type: 'owner' }).returning();
  organisationId = org?.id ?? 0;
});

/** Figure → [count, lifts], the SQL's missing inspection figures as zeros. */
function normalised(rows: readonly PeriodFigureTotal[]): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {
    approvalRejected: [0, 0],
    approvalExpired: [0, 0],
    inspectionUnknown: [0, 0],
  };
  for (const r of rows) out[r.figure] = [r.count, r.lifts];
  return out;
}

async function compare(
  totals: MaintenanceTotals,
  p: ReturnType<typeof period>,
): Promise<Record<string, [number, number]>> {
  const exact = normalised(await repository.totals({ organisationId }, p, now));
  expect(normalised(await totals.totals({ organisationId }, p, now))).toEqual(exact);
  return exact;
}

async function addLift(values: Partial<typeof lifts.$inferInsert> = {}): Promise<number> {
  const [lift] = await database.db
    .insert(lifts)
    .values({ organisationId, name: 'Lift', address: 'Straat 1', ...values })
    .returning({ id: lifts.id });
  return lift?.id ?? 0;
}

describe('maintenance totals from the kept snapshot', () => {
  it('equal the SQL totals on random visits, inspections, intervals and periods', async () => {
    const rand = seededRandom(31);
    const [other] = await database.db.insert(organisations).values({ name: 'Other', type: 'owner' }).returning();
    const ids: number[] = [];
    for (let i = 0; i < 16; i++) {
      ids.push(
        await addLift({
          maintenanceIntervalDays: [30, 60, 90, 91][Math.floor(rand() * 4)] ?? 90,
          decommissionedOn: rand() < 0.15 ? '2026-03-01' : null,
          organisationId: rand() < 0.15 ? other?.id : organisationId,
          // commissioned before, during or after the history below, or never dated
          commissionedOn:
            rand() < 0.35
              ? null
              : new Date(Date.parse('2023-06-01') + Math.floor(rand() * 1000) * dayMs).toISOString().slice(0, 10),
        }),
      );
    }
    // Lifts without history: no visits, no inspections (their commissioning or creation decides).
    const bare = new Set(ids.filter(() => rand() < 0.3));
    const base = Date.parse('2025-01-01T00:00:00Z');
    const visitRows: (typeof visits.$inferInsert)[] = [];
    const inspectionRows: (typeof inspections.$inferInsert)[] = [];
    for (const liftId of ids) {
      if (bare.has(liftId)) continue;
      let at = base + Math.floor(rand() * 60) * dayMs;
      while (at < base + 700 * dayMs) {
        visitRows.push({
          liftId,
          type: 'maintenance',
          role: 'mechanic',
          state: rand() < 0.85 ? 'finished' : 'canceled',
          // microseconds too: the snapshot keeps them
          startedAt: new Date(at),
        });
        at += rand() < 0.05 ? 0 : Math.floor(60 * (0.5 + rand() * 1.3) * dayMs + rand() * 7200e3);
      }
      let day = base + Math.floor(rand() * 200) * dayMs;
      while (day < base + 650 * dayMs) {
        const approved = rand() < 0.7;
        const on = new Date(day).toISOString().slice(0, 10);
        inspectionRows.push({
          liftId,
          inspectedOn: on,
          result: approved ? 'approved' : 'rejected',
          validUntil:
            approved && rand() < 0.9
              ? new Date(day + Math.floor(rand() * 540) * dayMs).toISOString().slice(0, 10)
              : null,
          logType: 'periodic_inspection',
        });
        day += Math.floor(rand() * 300) * dayMs;
      }
    }
    await database.db.insert(visits).values(visitRows);
    await database.db.insert(inspections).values(inspectionRows);
    // sub-millisecond start times, which a JavaScript Date cannot carry
    await database.db.execute(
      sql`update visits set started_at = started_at + interval '123 microseconds' where id % 3 = 0`,
    );
    await node.snapshot.sync();
    let seen = 0;
    for (const p of [
      period('2026-01-01', '2026-12-31'),
      period('2025-09-16', '2026-09-15'),
      period('2025-03-01', '2025-03-31'),
      period('2025-06-10', '2026-02-20'),
      period('2026-09-01', '2026-09-30'),
      period('2027-01-01', '2027-01-31'),
    ]) {
      const exact = await compare(node.totals, p);
      seen += Object.values(exact).filter(([count]) => count > 0).length;
    }
    // the random fleet reaches every figure
    expect(seen).toBeGreaterThan(20);
    expect(bare.size).toBeGreaterThan(0);
    // lifts never inspected count as unknown or (commissioned more than a year before) expired
    const year = await compare(node.totals, period('2026-01-01', '2026-12-31'));
    expect(year.inspectionUnknown?.[1]).toBeGreaterThan(0);
    expect(node.snapshot.stats.hits).toBeGreaterThan(0);
  });

  it('follow visits, inspections and intervals changed on this node, another node and in plain SQL', async () => {
    const a = await addLift({ maintenanceIntervalDays: 90 });
    await database.db.insert(visits).values([
      {
        liftId: a,
        type: 'maintenance',
        role: 'mechanic',
        state: 'finished',
        startedAt: new Date('2026-01-10T09:00:00Z'),
      },
      {
        liftId: a,
        type: 'maintenance',
        role: 'mechanic',
        state: 'finished',
        startedAt: new Date('2026-04-10T09:00:00Z'),
      },
    ]);
    await node.snapshot.sync();
    const other = await startNode();
    const year = period('2026-01-01', '2026-12-31');
    try {
      for (const n of [node, other]) expect((await compare(n.totals, year)).maintenanceOnInterval).toEqual([1, 1]);
      const loads = node.snapshot.stats.loads;

      // this node finishes a visit late: the gap before it is after the interval
      await database.db.insert(visits).values({
        liftId: a,
        type: 'maintenance',
        role: 'mechanic',
        state: 'finished',
        startedAt: new Date('2026-08-20T09:00:00Z'),
      });
      // plain SQL: an inspection rejected, and the interval shortened (what was on time is after it)
      await database.db.execute(
        sql`insert into inspections (lift_id, inspected_on, result, log_type) values (${a}, '2026-05-05', 'rejected', 'periodic_inspection')`,
      );
      await node.snapshot.sync();
      await other.snapshot.sync();
      for (const n of [node, other]) {
        const after = await compare(n.totals, year);
        expect([after.maintenanceAfterInterval, after.approvalRejected]).toEqual([
          [1, 1],
          [1, 1],
        ]);
      }
      await database.db.execute(sql`update lifts set maintenance_interval_days = 60 where id = ${a}`);
      await other.snapshot.sync();
      expect((await compare(other.totals, year)).maintenanceAfterInterval).toEqual([2, 1]);
      expect(node.snapshot.stats.loads).toBeGreaterThan(loads);
    } finally {
      await other.unlisten();
    }
  });
});
