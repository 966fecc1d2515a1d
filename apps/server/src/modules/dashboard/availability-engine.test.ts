import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { refreshAvailabilityRollup, type AvailabilityKind } from '../../db/rollups/availability-rollup.ts';
import { events, lifts, organisations } from '../../db/schema.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { AvailabilityRepository } from './availability.repository.ts';
import { computeAvailability } from './availability-engine.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';

let database: Database;
let repo: AvailabilityRepository;
let organisationId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  repo = new AvailabilityRepository(database.db);
});
afterAll(async () => {
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

async function both(kind: AvailabilityKind, p: ReturnType<typeof period>, now: Date, liftId?: number) {
  await refreshAvailabilityRollup(database.db, kind);
  const scope = { organisationId, liftId };
  const engine = await computeAvailability(repo, kind, scope, p, now);
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
});

async function compareOnRandomFleet(initialSeed: number, openRate: number): Promise<void> {
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
      const { engine, exact } = await both(kind, p, now);
      expect(engine.windowSeconds).toBe(exact.windowSeconds);
      expect([...engine.perLift.keys()]).toEqual([...exact.perLift.keys()]);
      for (const [id, value] of exact.perLift) expect(engine.perLift.get(id)).toBeCloseTo(value, 9);
      expect(engine.unavailableSeconds).toBeCloseTo(exact.unavailableSeconds, 3);
      // one lift (the single-lift dashboard) reads only its own rows, with the same result
      const someLift = [...exact.perLift.keys()][0];
      if (someLift !== undefined) {
        const one = await both(kind, p, now, someLift);
        expect([...one.engine.perLift.keys()]).toEqual([someLift]);
        expect(one.engine.perLift.get(someLift)).toBeCloseTo(exact.perLift.get(someLift) ?? -1, 9);
      }
    }
  }
}
