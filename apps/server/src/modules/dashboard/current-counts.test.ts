// The current view's counts from the fleet's conditions and the kept list of lifts in service
// (current-counts.ts) against the counts of the conditions statement's rows, on random fleets, and
// after changes to what the kept list holds from this node, another node and plain SQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { liftStatuses, type LiftStatus } from '@liftwacht/contracts/dashboard';
import type { Database } from '../../db/database.ts';
import { availabilityChannel } from '../../db/rollups/availability-rollup.ts';
import { dailyCounters, events, inspections, lifts, modules, organisations, visits } from '../../db/schema.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { AvailabilityMonthCache } from './availability-month-cache.ts';
import { AvailabilityRepository } from './availability.repository.ts';
import { CurrentConditionsRepository } from './current-conditions.repository.ts';
import { CurrentCounts } from './current-counts.ts';

interface Node {
  lifts: AvailabilityMonthCache;
  counts: CurrentCounts;
  unlisten: () => Promise<void>;
}

let database: Database;
let node: Node;
/** The conditions statement's rows counted: the reference. */
let exact: CurrentCounts;
let organisationId: number;
const now = new Date('2026-10-30T10:17:31Z');

async function startNode(): Promise<Node> {
  const liftLists = new AvailabilityMonthCache(async (payload) => {
    await database.db.execute(sql`select pg_notify(${availabilityChannel}, ${payload})`);
  });
  const unlisten = await database.listen(availabilityChannel, liftLists.handlers);
  const counts = new CurrentCounts(
    new CurrentConditionsRepository(database.db),
    new AvailabilityRepository(database.db, liftLists),
  );
  return { lifts: liftLists, counts, unlisten };
}

beforeAll(async () => {
  database = await createTestDatabase();
  node = await startNode();
  exact = new CurrentCounts(new CurrentConditionsRepository(database.db), new AvailabilityRepository(database.db));
});
afterAll(async () => {
  await node.unlisten();
  await database.close();
});
beforeEach(async () => {
  for (const table of [modules, inspections, visits, dailyCounters, events, lifts, organisations]) {
    await database.db.delete(table);
  }
  const [org] = await database.db.insert(organisations).values({ name: 'Fixture', type: 'owner' }).returning();
  organisationId = org?.id ?? 0;
  await node.lifts.sync();
});

async function addLift(values: Partial<typeof lifts.$inferInsert> = {}): Promise<number> {
  const [lift] = await database.db
    .insert(lifts)
    .values({ organisationId, name: 'Lift', address: 'Straat 1', liftType: 'MRL', ...values })
    .returning({ id: lifts.id });
  return lift?.id ?? 0;
}

/** Every status, 0 where none: a missing figure and a zero are the same count. */
function all(counts: Map<LiftStatus, number>): Record<string, number> {
  return Object.fromEntries(liftStatuses.map((s) => [s, counts.get(s) ?? 0]));
}

async function compare(n: Node): Promise<Record<string, number>> {
  const expected = all(await exact.counts({ organisationId }, now));
  expect(all(await n.counts.counts({ organisationId }, now))).toEqual(expected);
  return expected;
}

const at = (ms: number) => new Date(ms);

describe('current view counts from the kept lifts', () => {
  it('equal the counts of the conditions statement on random fleets', async () => {
    for (const seed of [11, 2026]) {
      const rand = seededRandom(seed);
      const [other] = await database.db.insert(organisations).values({ name: 'Other', type: 'owner' }).returning();
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) {
        const decommissioned = rand() < 0.15 ? (rand() < 0.5 ? '2026-10-30' : '2026-11-02') : null;
        ids.push(
          await addLift({
            organisationId: rand() < 0.15 ? other?.id : organisationId,
            decommissionedOn: decommissioned,
            liftType: rand() < 0.3 ? null : 'MRL',
            serviceRideThreshold: 50 + Math.floor(rand() * 400),
            // Some commissioned long ago or recently, some never dated (their creation counts).
            commissionedOn:
              rand() < 0.4
                ? null
                : `20${String(15 + Math.floor(rand() * 12))}-0${String(1 + Math.floor(rand() * 9))}-15`,
            maintenanceIntervalDays: [30, 90, 365][Math.floor(rand() * 3)] ?? 90,
          }),
        );
      }
      // A quarter of the lifts have no history at all: no events, visits, inspections, rides or module.
      const withHistory = ids.filter(() => rand() >= 0.25);
      const day = 86_400_000;
      const types = ['unavailable', 'sense_failure', 'intercom_unavailable', 'battery', 'unavailable'];
      const eventRows = [];
      const visitRows = [];
      const inspectionRows = [];
      const counterRows = [];
      const moduleRows = [];
      for (const liftId of withHistory) {
        for (let k = Math.floor(rand() * 4); k > 0; k--) {
          // some start after now: not a condition yet
          const start = now.getTime() - Math.floor(rand() * 20 * day) + (rand() < 0.1 ? 3_600_000 : 0);
          eventRows.push({
            liftId,
            type: types[Math.floor(rand() * types.length)] ?? 'unavailable',
            startedAt: at(start),
            endedAt: rand() < 0.4 ? at(start + 3_600_000) : null,
          });
        }
        if (rand() < 0.3) {
          visitRows.push({
            liftId,
            type: rand() < 0.5 ? 'maintenance' : 'repair',
            role: 'mechanic',
            state: rand() < 0.6 ? 'progress' : 'finished',
            startedAt: at(now.getTime() - Math.floor(rand() * 40 * day)),
          });
        }
        for (let k = Math.floor(rand() * 3); k > 0; k--) {
          const approved = rand() < 0.6;
          inspectionRows.push({
            liftId,
            inspectedOn: `2025-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-1${String(k)}`,
            result: approved ? 'approved' : 'rejected',
            validUntil: approved ? `2026-${String(6 + Math.floor(rand() * 7)).padStart(2, '0')}-15` : null,
            logType: 'periodic_inspection',
          });
        }
        for (let k = Math.floor(rand() * 3); k > 0; k--) {
          counterRows.push({
            liftId,
            kind: 'rides',
            day: `2026-10-${String(10 + k)}`,
            value: Math.floor(rand() * 300),
          });
        }
        for (let k = Math.floor(rand() * 3); k > 0; k--) {
          const seen = rand();
          moduleRows.push({
            esNumber: `ES-${String(seed)}-${String(liftId)}-${String(k)}`,
            liftId,
            lastSeenAt: seen < 0.2 ? null : at(now.getTime() - Math.floor(seen * 30 * 60_000)),
          });
        }
      }
      await database.db.insert(events).values(eventRows);
      if (visitRows.length > 0) await database.db.insert(visits).values(visitRows);
      if (inspectionRows.length > 0) await database.db.insert(inspections).values(inspectionRows);
      if (counterRows.length > 0) await database.db.insert(dailyCounters).values(counterRows);
      if (moduleRows.length > 0) await database.db.insert(modules).values(moduleRows);
      await node.lifts.sync();

      const expected = await compare(node);
      // the fleet has each condition, so each rule is exercised
      for (const [status, n] of Object.entries(expected)) expect(n, status).toBeGreaterThan(0);
      // Lifts without history are never fine by default: each is unknown, expired or insufficient
      // as its commissioning date says.
      const history = new Set(withHistory);
      const bare = await database.db
        .select({ id: lifts.id, commissionedOn: lifts.commissionedOn })
        .from(lifts)
        .where(sql`${lifts.organisationId} = ${organisationId} and ${lifts.decommissionedOn} is null`);
      const bareLifts = bare.filter((l) => ids.includes(l.id) && !history.has(l.id));
      expect(bareLifts.length).toBeGreaterThan(0);
      const rows = await new CurrentConditionsRepository(database.db).conditions({ organisationId }, now);
      const has = (id: number, status: LiftStatus) => rows.some((r) => r.liftId === id && r.status === status);
      for (const lift of bareLifts) {
        if (lift.commissionedOn === null)
          expect(has(lift.id, 'inspectionUnknown'), `lift ${String(lift.id)}`).toBe(true);
        else if (lift.commissionedOn < '2025-10-30') expect(has(lift.id, 'approvalExpired')).toBe(true);
        // never maintained: more than any interval (at most 365 days + 10 %) since commissioning
        if (lift.commissionedOn !== null && lift.commissionedOn < '2025-09-01') {
          expect(has(lift.id, 'servicecounterMaintenanceAlert'), `lift ${String(lift.id)}`).toBe(true);
        }
      }
      // the list is kept now: the same counts again without loading it
      await compare(node);
      for (const table of [modules, inspections, visits, dailyCounters, events, lifts]) {
        await database.db.delete(table);
      }
      await database.db.delete(organisations).where(sql`${organisations.id} = ${other?.id ?? 0}`);
      await node.lifts.sync();
    }
  });

  it('follow changes to the kept lifts: from this node, from another node and from plain SQL', async () => {
    const a = await addLift({ serviceRideThreshold: 100 });
    const b = await addLift({ serviceRideThreshold: 500 });
    await database.db.insert(dailyCounters).values([
      { liftId: a, kind: 'rides', day: '2026-10-20', value: 300 },
      { liftId: b, kind: 'rides', day: '2026-10-20', value: 300 },
    ]);
    await database.db
      .insert(events)
      .values({ liftId: b, type: 'intercom_unavailable', startedAt: at(now.getTime() - 60_000) });
    await node.lifts.sync();
    const other = await startNode();
    try {
      for (const n of [node, other]) {
        const counts = await compare(n);
        expect([counts.servicecounterMaintenanceAlert, counts.intercomUnavailable]).toEqual([1, 1]);
      }
      // this node lowers b's threshold below its rides
      await database.db
        .update(lifts)
        .set({ serviceRideThreshold: 200 })
        .where(sql`${lifts.id} = ${b}`);
      await node.lifts.sync();
      await other.lifts.sync();
      for (const n of [node, other]) expect((await compare(n)).servicecounterMaintenanceAlert).toBe(2);

      // plain SQL raises a's threshold above its rides and takes b's intercom away
      await database.db.execute(sql`update lifts set service_ride_threshold = 1000 where id = ${a}`);
      await database.db.execute(sql`update lifts set lift_type = null where id = ${b}`);
      await node.lifts.sync();
      await other.lifts.sync();
      for (const n of [node, other]) {
        const counts = await compare(n);
        expect([counts.servicecounterMaintenanceAlert, counts.intercomUnavailable]).toEqual([1, 0]);
      }

      // a lift decommissioned today leaves the counts; conditions themselves are read live
      await database.db.execute(sql`update lifts set decommissioned_on = '2026-10-30' where id = ${b}`);
      await database.db
        .insert(events)
        .values({ liftId: a, type: 'unavailable', startedAt: at(now.getTime() - 60_000) });
      await other.lifts.sync();
      const counts = await compare(other);
      expect([counts.servicecounterMaintenanceAlert, counts.liftUnavailable]).toEqual([0, 1]);
    } finally {
      await other.unlisten();
    }
  });
});
