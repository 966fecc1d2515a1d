// The alarm figures with finished months kept in memory (alarm-month-cache.ts) against the SQL
// statement over the whole period, on random fleets, and after changes dated in a finished month
// from this node, from another node and from plain SQL (the triggers of migration 0024).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sharedChannelHandlers } from '../../db/notification-barriers.ts';
import { availabilityChannel } from '../../db/rollups/availability-rollup.ts';
import { calls, events, lifts, organisations } from '../../db/schema.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { AlarmFiguresRepository, type AlarmFigureRow } from './alarm-figures.repository.ts';
import { AlarmMonthCache } from './alarm-month-cache.ts';
import { AlarmTotals } from './alarm-totals.ts';
import { AvailabilityMonthCache } from './availability-month-cache.ts';
import { AvailabilityRepository } from './availability.repository.ts';

/** One node as the server builds it: both caches on one listening connection. */
interface Node {
  alarms: AlarmMonthCache;
  lifts: AvailabilityMonthCache;
  totals: AlarmTotals;
  unlisten: () => Promise<void>;
}

let database: Database;
let repository: AlarmFiguresRepository;
let node: Node;
let organisationId: number;
const now = new Date('2026-10-30T10:17:31Z');
const period = (from: string, to: string) => ({ from, to, startHour: 7, endHour: 19 });

async function startNode(): Promise<Node> {
  const notify = async (payload: string) => {
    await database.db.execute(sql`select pg_notify(${availabilityChannel}, ${payload})`);
  };
  const alarms = new AlarmMonthCache(notify);
  const liftLists = new AvailabilityMonthCache(notify);
  const unlisten = await database.listen(
    availabilityChannel,
    sharedChannelHandlers([liftLists.handlers, alarms.handlers]),
  );
  const totals = new AlarmTotals(repository, new AvailabilityRepository(database.db, liftLists), alarms);
  return { alarms, lifts: liftLists, totals, unlisten };
}

beforeAll(async () => {
  database = await createTestDatabase();
  repository = new AlarmFiguresRepository(database.db);
  node = await startNode();
});
afterAll(async () => {
  await node.unlisten();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(calls);
  await database.db.delete(events);
  await database.db.delete(lifts);
  await database.db.delete(organisations);
  const [org] = await database.db.insert(organisations).values({ name: 'Fixture', type: 'owner' }).returning();
  organisationId = org?.id ?? 0;
  await node.alarms.sync();
});

async function addLift(values: Partial<typeof lifts.$inferInsert> = {}): Promise<number> {
  const [lift] = await database.db
    .insert(lifts)
    .values({ organisationId, name: 'Lift', address: 'Straat 1', ...values })
    .returning({ id: lifts.id });
  return lift?.id ?? 0;
}

/**
 * Equal to the SQL figures; MTTR and the seconds in service (sums of float seconds, added up in
 * another order) to 6 decimals.
 */
function expectSame(kept: AlarmFigureRow, exact: AlarmFigureRow): void {
  expect({ ...kept, mttr: null, inService: 0 }).toEqual({ ...exact, mttr: null, inService: 0 });
  expect(kept.inService).toBeCloseTo(exact.inService, 6);
  if (exact.mttr === null) expect(kept.mttr).toBeNull();
  else expect(kept.mttr).toBeCloseTo(exact.mttr, 6);
}

async function compare(totals: AlarmTotals, p: ReturnType<typeof period>): Promise<AlarmFigureRow> {
  const exact = await repository.totals({ organisationId }, p, now);
  const kept = await totals.totals({ organisationId }, p, now);
  expectSame(kept, exact);
  return exact;
}

const periods = [
  period('2026-01-01', '2026-12-31'),
  // a rolling year: partial months at both ends, whole finished months between
  period('2025-10-31', '2026-10-30'),
  period('2026-03-01', '2026-03-31'),
  period('2025-12-15', '2026-02-10'),
  period('2026-10-01', '2026-10-31'),
];

describe('alarm figures with finished months kept in memory', () => {
  it('equal the SQL figures on random fleets, for periods over finished and open months', async () => {
    for (const seed of [7, 2024]) {
      const rand = seededRandom(seed);
      const [other] = await database.db.insert(organisations).values({ name: 'Other', type: 'owner' }).returning();
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) {
        const decommissioned = rand() < 0.15 ? `2026-0${String(1 + Math.floor(rand() * 9))}-15` : null;
        const inOther = rand() < 0.15;
        ids.push(
          await addLift({ decommissionedOn: decommissioned, organisationId: inOther ? other?.id : organisationId }),
        );
      }
      const base = Date.parse('2025-09-01T00:00:00Z');
      const span = now.getTime() - base;
      const kinds = ['entrapment', 'entrapment', 'false_alarm', 'test', 'other'];
      const callRows = [];
      const eventRows = [];
      for (const liftId of ids) {
        for (let k = Math.floor(rand() * 40); k > 0; k--) {
          const start = base + Math.floor(rand() * span);
          // seconds with microseconds, sometimes acknowledged before the start (counts as 0)
          const ack = rand() < 0.8 ? Math.floor((rand() * 900 - 30) * 1e3) / 1e3 : null;
          const freed = rand() < 0.6 ? Math.floor(rand() * 5400 * 1e3) / 1e3 : null;
          callRows.push({
            liftId,
            startedAt: new Date(start),
            kind: kinds[Math.floor(rand() * kinds.length)] ?? 'other',
            status: 'ended',
            acknowledgedAt: ack === null ? null : new Date(start + ack * 1000),
            passengerFreedAt: freed === null ? null : new Date(start + freed * 1000),
          });
        }
        for (let k = Math.floor(rand() * 15); k > 0; k--) {
          const start = base + Math.floor(rand() * span);
          const end = start + Math.floor(rand() * (rand() < 0.8 ? 6 * 3600e3 : 5 * 86400e3)) + 0.5;
          eventRows.push({
            liftId,
            type: rand() < 0.8 ? 'unavailable' : 'intercom_unavailable',
            startedAt: new Date(start),
            endedAt: rand() < 0.1 || end > now.getTime() ? null : new Date(end),
            closed: true,
          });
        }
      }
      await database.db.insert(calls).values(callRows);
      await database.db.insert(events).values(eventRows);
      await node.alarms.sync();
      for (const p of periods) {
        const exact = await compare(node.totals, p);
        if (p.from === '2026-01-01') expect(exact.ttaCount).toBeGreaterThan(20);
        // kept now: the same figures again without loading
        const loads = node.alarms.stats.loads;
        await compare(node.totals, p);
        expect(node.alarms.stats.loads).toBe(loads);
      }
      expect(node.alarms.stats.hits).toBeGreaterThan(0);
      await database.db.delete(calls);
      await database.db.delete(events);
      await database.db.delete(lifts);
      await node.alarms.sync();
    }
  });

  it('follow changes dated in a finished month: from this node, from another node and from plain SQL', async () => {
    const a = await addLift();
    const b = await addLift();
    const year = period('2026-01-01', '2026-12-31');
    await database.db.insert(calls).values([
      { liftId: a, startedAt: new Date('2026-03-10T08:00:00Z'), kind: 'entrapment', status: 'received' },
      {
        liftId: b,
        startedAt: new Date('2026-05-10T08:00:00Z'),
        kind: 'entrapment',
        status: 'ended',
        acknowledgedAt: new Date('2026-05-10T08:01:00Z'),
      },
    ]);
    await database.db.insert(events).values({
      liftId: a,
      type: 'unavailable',
      startedAt: new Date('2026-04-30T22:30:00Z'),
      endedAt: null,
      closed: false,
    });
    await node.alarms.sync();
    const other = await startNode();
    try {
      for (const n of [node, other]) {
        const before = await n.totals.totals({ organisationId }, year, now);
        expect([before.entrapments, before.ttaCount, before.ttaMedian, before.failures, before.restored]).toEqual([
          2, 1, 60, 1, 0,
        ]);
      }
      const loads = node.alarms.stats.loads;

      // this node acknowledges the March entrapment late (an update of a finished month's row)
      await database.db
        .update(calls)
        .set({ acknowledgedAt: new Date('2026-03-10T08:03:00Z') })
        .where(sql`${calls.liftId} = ${a}`);
      // plain SQL, as the admin command line or another process would: the outage that began
      // 00:30 on 1 May (local; 30 April in UTC) ends, and an old false alarm arrives late
      await database.db.execute(
        sql`update events set ended_at = '2026-05-01T02:30:00Z', closed = true where lift_id = ${a}`,
      );
      await database.db.execute(
        sql`insert into calls (lift_id, started_at, kind, status) values (${b}, '2026-02-02T10:00:00Z', 'false_alarm', 'ended')`,
      );
      await node.alarms.sync();
      await other.alarms.sync();
      for (const n of [node, other]) {
        const after = await n.totals.totals({ organisationId }, year, now);
        expect([after.calls, after.falseAlarms, after.ttaCount, after.ttaMedian, after.restored, after.mttr]).toEqual([
          3,
          1,
          2,
          120,
          1,
          4 * 3600,
        ]);
        expectSame(after, await repository.totals({ organisationId }, year, now));
      }
      // only the changed months were loaded again (February, March, May on this node)
      expect(node.alarms.stats.loads - loads).toBe(3);

      // a delete, and a truncate, are changes too
      await database.db.execute(sql`delete from calls where kind = 'false_alarm'`);
      await other.alarms.sync();
      expect((await other.totals.totals({ organisationId }, year, now)).falseAlarms).toBe(0);
      await database.db.execute(sql`truncate events cascade`);
      await other.alarms.sync();
      expect((await other.totals.totals({ organisationId }, year, now)).failures).toBe(0);
    } finally {
      await other.unlisten();
    }
  });

  it('keep the current month up to yesterday, and follow changes dated in it from both nodes and plain SQL', async () => {
    const a = await addLift();
    const b = await addLift();
    const month = period('2026-10-01', '2026-10-31');
    await database.db.insert(calls).values([
      { liftId: a, startedAt: new Date('2026-10-05T08:00:00Z'), kind: 'entrapment', status: 'received' },
      {
        liftId: b,
        startedAt: new Date('2026-10-07T08:00:00Z'),
        kind: 'entrapment',
        status: 'ended',
        acknowledgedAt: new Date('2026-10-07T08:01:00Z'),
      },
      // today (the clock's): read from SQL with every request
      { liftId: b, startedAt: new Date('2026-10-30T09:00:00Z'), kind: 'false_alarm', status: 'ended' },
    ]);
    await database.db.insert(events).values({
      liftId: a,
      type: 'unavailable',
      startedAt: new Date('2026-10-12T06:00:00Z'),
      endedAt: null,
      closed: false,
    });
    await node.alarms.sync();
    const other = await startNode();
    try {
      for (const n of [node, other]) {
        const before = await compare(n.totals, month);
        expect([before.calls, before.entrapments, before.ttaCount, before.failures, before.restored]).toEqual([
          3, 2, 1, 1, 0,
        ]);
      }
      // kept: the days 1–29 October are not loaded again
      const loads = node.alarms.stats.loads;
      await compare(node.totals, month);
      expect(node.alarms.stats.loads).toBe(loads);

      // this node acknowledges the entrapment of 5 October late; plain SQL ends the outage of the
      // 12th and adds a false alarm of the 20th
      await database.db
        .update(calls)
        .set({ acknowledgedAt: new Date('2026-10-05T08:03:00Z') })
        .where(sql`${calls.liftId} = ${a}`);
      await database.db.execute(
        sql`update events set ended_at = '2026-10-12T08:00:00Z', closed = true where lift_id = ${a}`,
      );
      await database.db.execute(
        sql`insert into calls (lift_id, started_at, kind, status) values (${a}, '2026-10-20T10:00:00Z', 'false_alarm', 'ended')`,
      );
      await node.alarms.sync();
      await other.alarms.sync();
      for (const n of [node, other]) {
        const after = await compare(n.totals, month);
        expect([after.calls, after.falseAlarms, after.ttaCount, after.ttaMedian, after.restored, after.mttr]).toEqual([
          4,
          2,
          2,
          120,
          1,
          2 * 3600,
        ]);
      }
      expect(node.alarms.stats.loads).toBeGreaterThan(loads);

      // what ingest writes for the database's today sends no signal
      const signals = node.alarms.stats.signals;
      await database.db
        .insert(calls)
        .values({ liftId: a, startedAt: new Date(), kind: 'entrapment', status: 'received' });
      await database.db.execute(
        sql`update calls set acknowledged_at = now() + interval '1 minute' where started_at > now() - interval '1 hour'`,
      );
      await node.alarms.sync();
      expect(node.alarms.stats.signals).toBe(signals);
      // one dated before the database's today does, also within its current month
      await database.db.insert(calls).values({
        liftId: a,
        startedAt: new Date(Date.now() - 25 * 3_600_000),
        kind: 'entrapment',
        status: 'received',
      });
      await node.alarms.sync();
      expect(node.alarms.stats.signals).toBe(signals + 1);
    } finally {
      await other.unlisten();
    }
  });

  it('keep no day that has not ended an hour ago, and nothing while the listener is down', async () => {
    expect(node.alarms.lastKeepableDay(now)).toBe('2026-10-29');
    // 00:30 and 01:30 on 1 October, local time
    expect(node.alarms.lastKeepableDay(new Date('2026-09-30T22:30:00Z'))).toBe('2026-09-29');
    expect(node.alarms.lastKeepableDay(new Date('2026-09-30T23:30:00Z'))).toBe('2026-09-30');
    expect(node.alarms.keepable('2026-09-01', now)).toBe(true);
    expect(node.alarms.keepable('2026-10-01', now)).toBe(false);
    expect(node.alarms.keepable('2026-09-01', new Date('2026-09-30T22:30:00Z'))).toBe(false);
    expect(node.alarms.keepable('2026-09-01', new Date('2026-09-30T23:30:00Z'))).toBe(true);

    const a = await addLift();
    await database.db
      .insert(calls)
      .values({ liftId: a, startedAt: new Date('2026-03-10T08:00:00Z'), kind: 'entrapment', status: 'received' });
    await node.alarms.sync();
    const year = period('2026-01-01', '2026-12-31');
    expect((await node.totals.totals({ organisationId }, year, now)).entrapments).toBe(1);
    node.alarms.handlers.onDown();
    expect(node.alarms.isLive).toBe(false);
    // a change whose signal this node misses
    await database.db
      .insert(calls)
      .values({ liftId: a, startedAt: new Date('2026-03-11T08:00:00Z'), kind: 'entrapment', status: 'received' });
    expect((await node.totals.totals({ organisationId }, year, now)).entrapments).toBe(2);
    node.alarms.handlers.onUp();
    const loads = node.alarms.stats.loads;
    expect((await node.totals.totals({ organisationId }, year, now)).entrapments).toBe(2);
    expect(node.alarms.stats.loads).toBeGreaterThan(loads);
  });
});
