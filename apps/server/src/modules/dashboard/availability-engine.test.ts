import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sql } from 'drizzle-orm';
import {
  availabilityChannel,
  refreshAvailabilityRollup,
  type AvailabilityKind,
} from '../../db/rollups/availability-rollup.ts';
import { events, lifts, organisations } from '../../db/schema.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { AvailabilityMonthCache } from './availability-month-cache.ts';
import { AvailabilityRepository } from './availability.repository.ts';
import { computeAvailability } from './availability-engine.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';

let database: Database;
let repo: AvailabilityRepository;
let organisationId: number;
/** A repository reading whole months from memory, as the server's does. */
let cached: AvailabilityRepository;
let months: AvailabilityMonthCache;
let unlisten: () => Promise<void>;

function monthCache(): AvailabilityMonthCache {
  return new AvailabilityMonthCache(async (payload) => {
    await database.db.execute(sql`select pg_notify(${availabilityChannel}, ${payload})`);
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  repo = new AvailabilityRepository(database.db);
  months = monthCache();
  unlisten = await database.listen(availabilityChannel, months.handlers);
  cached = new AvailabilityRepository(database.db, months);
});
afterAll(async () => {
  await unlisten();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(events);
  await database.db.delete(lifts);
  await database.db.delete(organisations);
  const [org] = await database.db.insert(organisations).values({ name: 'Fixture', type: 'owner' }).returning();
  organisationId = org?.id ?? 0;
});

async function addLift(liftType: string | null = 'MRL'): Promise<number> {
  const [lift] = await database.db
    .insert(lifts)
    .values({ organisationId, name: 'Lift', address: 'Straat 1', liftType })
    .returning();
  return lift?.id ?? 0;
}

async function addEvent(liftId: number, start: string, end: string | null, type: AvailabilityKind = 'unavailable') {
  await database.db
    .insert(events)
    .values({ liftId, type, startedAt: new Date(start), endedAt: end ? new Date(end) : null, closed: end !== null });
}

const period = (from: string, to: string, startHour = 7, endHour = 19) => ({ from, to, startHour, endHour });

async function both(
  kind: AvailabilityKind,
  p: ReturnType<typeof period>,
  now: Date,
  liftId?: number,
  repository = repo,
) {
  await refreshAvailabilityRollup(database.db, kind);
  // the rollup's change signal has reached the kept months
  await months.sync();
  const scope = { organisationId, liftId };
  const engine = await computeAvailability(repository, kind, scope, p, now);
  const exact = await computeAvailability(repo, kind, scope, p, now, 'exact');
  return { engine, exact };
}

describe('availability engine', () => {
  it('10:00–13:00 unavailable on one day of a 30-day month with hours 7–19 → 99.17 %', async () => {
    const lift = await addLift();
    // 10:00–13:00 Amsterdam summer time (UTC+2)
    await addEvent(lift, '2026-06-10T08:00:00Z', '2026-06-10T11:00:00Z');
    const { engine, exact } = await both(
      'unavailable',
      period('2026-06-01', '2026-06-30'),
      new Date('2026-07-15T00:00:00Z'),
    );
    expect(engine.windowSeconds).toBe(30 * 12 * 3600);
    expect(engine.unavailableSeconds).toBe(3 * 3600);
    expect(((engine.perLift.get(lift) ?? 0) * 100).toFixed(2)).toBe('99.17');
    expect(exact.perLift).toEqual(engine.perLift);
  });

  it('counts only the business hours of an outage crossing midnight, and unions overlapping events', async () => {
    const lift = await addLift();
    // 17:00 on the 10th to 09:00 on the 11th local (winter, UTC+1): 2 h + 2 h inside 7–19
    await addEvent(lift, '2026-02-10T16:00:00Z', '2026-02-11T08:00:00Z');
    // overlapping duplicate 18:00–18:30 must not count twice
    await addEvent(lift, '2026-02-10T17:00:00Z', '2026-02-10T17:30:00Z');
    const { engine, exact } = await both(
      'unavailable',
      period('2026-02-01', '2026-02-28'),
      new Date('2026-03-05T00:00:00Z'),
    );
    expect(engine.unavailableSeconds).toBe(4 * 3600);
    expect(exact.unavailableSeconds).toBe(4 * 3600);
  });

  it('handles the spring and autumn DST changes: local business hours, 12 per day', async () => {
    const lift = await addLift();
    // Whole local day 29 March 2026 (clocks go forward at 02:00): 00:00 local = 23:00Z on the 28th
    await addEvent(lift, '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z');
    // 25 October 2026 (clocks go back): 07:00–19:00 local = 06:00Z–18:00Z
    await addEvent(lift, '2026-10-25T06:00:00Z', '2026-10-25T18:00:00Z');
    const now = new Date('2026-12-01T00:00:00Z');
    const march = await both('unavailable', period('2026-03-29', '2026-03-29'), now);
    expect(march.engine.windowSeconds).toBe(12 * 3600);
    expect(march.engine.unavailableSeconds).toBe(12 * 3600);
    const october = await both('unavailable', period('2026-10-24', '2026-10-26'), now);
    expect(october.engine.windowSeconds).toBe(36 * 3600);
    expect(october.engine.unavailableSeconds).toBe(12 * 3600);
    expect(october.exact.unavailableSeconds).toBe(12 * 3600);
  });

  it('lets an open event count until now, and the window stop at now', async () => {
    const lift = await addLift();
    await addEvent(lift, '2026-06-10T08:00:00Z', null); // 10:00 local, still open
    const now = new Date('2026-06-10T10:30:00Z'); // 12:30 local
    const { engine, exact } = await both('unavailable', period('2026-06-01', '2026-06-30'), now);
    // window: 9 full days × 12 h + 07:00–12:30 on the 10th
    expect(engine.windowSeconds).toBe(9 * 12 * 3600 + 5.5 * 3600);
    expect(engine.unavailableSeconds).toBe(2.5 * 3600);
    expect(exact.unavailableSeconds).toBe(2.5 * 3600);
    // Later in the same hour the kept window is cut back to the new now; after it, built again.
    const later = await both('unavailable', period('2026-06-01', '2026-06-30'), new Date('2026-06-10T10:45:00Z'));
    expect(later.engine.windowSeconds).toBe(9 * 12 * 3600 + 5.75 * 3600);
    expect(later.engine.unavailableSeconds).toBe(2.75 * 3600);
    const evening = await both('unavailable', period('2026-06-01', '2026-06-30'), new Date('2026-06-10T17:20:00Z'));
    expect(evening.engine.windowSeconds).toBe(10 * 12 * 3600);
    expect(evening.engine.unavailableSeconds).toBe(9 * 3600);
  });

  it('counts only lifts with a lift type for intercom availability', async () => {
    const withPhone = await addLift('MRL');
    const without = await addLift(null);
    await addEvent(without, '2026-06-10T08:00:00Z', '2026-06-10T11:00:00Z', 'intercom_unavailable');
    await addEvent(withPhone, '2026-06-11T08:00:00Z', '2026-06-11T09:00:00Z', 'intercom_unavailable');
    const { engine } = await both(
      'intercom_unavailable',
      period('2026-06-01', '2026-06-30'),
      new Date('2026-07-01T00:00:00Z'),
    );
    expect([...engine.perLift.keys()]).toEqual([withPhone]);
    expect(engine.unavailableSeconds).toBe(3600);
  });

  it('equals the exact computation on random fleets', async () => {
    await compareOnRandomFleet(12345, 0.03);
  });

  it('equals the exact computation when many lifts have an open event, before, inside and after a period', async () => {
    // The engine splits such lifts at the day their open event began: rollup before, exact after.
    await compareOnRandomFleet(777, 0.25);
  });

  // Two random fleets with every sync of the kept months: 6–15 s alone, 27–41 s on PGlite while
  // the browser flows share the 2 cores (CI of November 29), past the suite's 30 s.
  it(
    'equals the exact computation on random fleets when whole months are kept in memory',
    { timeout: 120_000 },
    async () => {
      expect(months.isLive).toBe(true);
      await compareOnRandomFleet(12345, 0.03, cached);
      await compareOnRandomFleet(4242, 0.25, cached);
    },
  );
});

describe('kept months of availability', () => {
  const now = new Date('2026-10-30T10:17:31Z');
  const year = period('2026-01-01', '2026-12-31');
  const figure = async (repository: AvailabilityRepository) =>
    computeAvailability(repository, 'unavailable', { organisationId }, year, now);

  it('follow a rollup refresh of some lifts (ingest) on this node and on another', async () => {
    const a = await addLift();
    const b = await addLift();
    await addEvent(a, '2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z');
    await addEvent(b, '2026-05-10T08:00:00Z', '2026-05-10T10:00:00Z');
    await refreshAvailabilityRollup(database.db, 'unavailable');
    await months.sync();
    // another node: its own cache on its own listening connection
    const other = monthCache();
    const unlistenOther = await database.listen(availabilityChannel, other.handlers);
    try {
      const otherRepo = new AvailabilityRepository(database.db, other);
      expect((await figure(cached)).unavailableSeconds).toBe(3 * 3600);
      expect((await figure(otherRepo)).unavailableSeconds).toBe(3 * 3600);

      // what ingest does when an outage of lift b closes: its rows rebuilt, in a transaction
      await addEvent(b, '2026-05-11T08:00:00Z', '2026-05-11T12:00:00Z');
      await database.db.transaction(async (tx) => refreshAvailabilityRollup(tx, 'unavailable', [b]));
      await months.sync();
      await other.sync();
      const loads = months.stats.loads;
      for (const repository of [cached, otherRepo]) {
        const after = await figure(repository);
        expect(after.unavailableSeconds).toBe(7 * 3600);
        expect(after.perLift).toEqual(
          (await computeAvailability(repo, 'unavailable', { organisationId }, year, now, 'exact')).perLift,
        );
      }
      // lift b is read live; the months were not loaded again
      expect(months.stats.loads).toBe(loads);
    } finally {
      await unlistenOther();
    }
  });

  it('count the lifts as they are after a lift is added, moved or decommissioned (migration 0023)', async () => {
    const a = await addLift();
    await refreshAvailabilityRollup(database.db, 'unavailable');
    await months.sync();
    expect([...(await figure(cached)).perLift.keys()]).toEqual([a]);
    const b = await addLift();
    await addEvent(b, '2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z');
    await database.db.transaction(async (tx) => refreshAvailabilityRollup(tx, 'unavailable', [b]));
    await months.sync();
    expect([...(await figure(cached)).perLift.keys()]).toEqual([a, b]);
    expect((await figure(cached)).unavailableSeconds).toBe(3600);
    await database.db.execute(sql`update lifts set decommissioned_on = '2025-12-01' where id = ${a}`);
    await months.sync();
    expect([...(await figure(cached)).perLift.keys()]).toEqual([b]);
  });

  it('keep nothing while the listener is down, and forget everything when it is back', async () => {
    const a = await addLift();
    await addEvent(a, '2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z');
    await refreshAvailabilityRollup(database.db, 'unavailable');
    await months.sync();
    expect((await figure(cached)).unavailableSeconds).toBe(3600);
    months.handlers.onDown();
    expect(months.isLive).toBe(false);
    // a change whose signal this node missed
    await addEvent(a, '2026-04-10T08:00:00Z', '2026-04-10T09:00:00Z');
    await refreshAvailabilityRollup(database.db, 'unavailable', [a]);
    expect((await figure(cached)).unavailableSeconds).toBe(2 * 3600);
    months.handlers.onUp();
    const loads = months.stats.loads;
    expect((await figure(cached)).unavailableSeconds).toBe(2 * 3600);
    expect(months.stats.loads).toBeGreaterThan(loads);
  });
});

async function compareOnRandomFleet(initialSeed: number, openRate: number, repository = repo): Promise<void> {
  const rand = seededRandom(initialSeed);
  const liftIds: number[] = [];
  for (let i = 0; i < 25; i++) liftIds.push(await addLift(rand() < 0.8 ? 'MRL' : null));
  const base = Date.parse('2025-09-01T00:00:00Z');
  const now = new Date('2026-10-30T10:17:31Z');
  const rows = [];
  for (const liftId of liftIds) {
    const n = Math.floor(rand() * 30);
    for (let k = 0; k < n; k++) {
      const start = base + Math.floor(rand() * (now.getTime() - base));
      const length = Math.floor(rand() < 0.8 ? rand() * 6 * 3600e3 : rand() * 5 * 86400e3);
      const end = start + length;
      const open = rand() < openRate;
      const type: AvailabilityKind = rand() < 0.7 ? 'unavailable' : 'intercom_unavailable';
      rows.push({
        liftId,
        type,
        startedAt: new Date(start),
        endedAt: open || end > now.getTime() ? null : new Date(end),
        closed: !open,
      });
      if (open && openRate > 0.1) {
        // A closed outage just before it, often on the same local day: that day is split between
        // the rollup and the exact part, and must count once.
        const before = start - Math.floor(rand() * 4 * 3600e3) - 1;
        rows.push({ liftId, type, startedAt: new Date(before - 2 * 3600e3), endedAt: new Date(before), closed: true });
      }
    }
  }
  if (rows.length > 0) await database.db.insert(events).values(rows);
  for (const kind of ['unavailable', 'intercom_unavailable'] as const) {
    for (const p of [
      period('2025-09-01', '2026-10-30'),
      period('2026-10-01', '2026-10-31'),
      period('2026-03-01', '2026-03-31', 0, 24),
      period('2025-12-15', '2026-01-15', 2, 4),
      // a rolling year: partial months at both ends, whole months between
      period('2025-10-16', '2026-10-15'),
      // whole months inside one year: a year to date less an earlier one
      period('2026-02-10', '2026-09-20'),
    ]) {
      const { engine, exact } = await both(kind, p, now, undefined, repository);
      if (repository === cached) {
        // loaded above, kept now: the same figures again
        const hitsBefore = months.stats.hits;
        const again = await computeAvailability(repository, kind, { organisationId }, p, now);
        expect(months.stats.hits).toBeGreaterThan(hitsBefore);
        expect(again.perLift).toEqual(engine.perLift);
      }
      expect(engine.windowSeconds).toBe(exact.windowSeconds);
      expect([...engine.perLift.keys()]).toEqual([...exact.perLift.keys()]);
      for (const [id, value] of exact.perLift) expect(engine.perLift.get(id)).toBeCloseTo(value, 9);
      expect(engine.unavailableSeconds).toBeCloseTo(exact.unavailableSeconds, 3);
      // one lift (the single-lift dashboard) reads only its own rows, with the same result
      const someLift = [...exact.perLift.keys()][0];
      if (someLift !== undefined) {
        const one = await both(kind, p, now, someLift, repository);
        expect([...one.engine.perLift.keys()]).toEqual([someLift]);
        expect(one.engine.perLift.get(someLift)).toBeCloseTo(exact.perLift.get(someLift) ?? -1, 9);
      }
    }
  }
}
