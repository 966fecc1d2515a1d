// lift_maintenance_rides is kept by triggers (migrations 0006 and 0030) on lifts, visits and
// daily_counters. Whatever writers do — rides arriving for past days, visits finished later,
// canceled, moved to another day or lift, deleted, lifts added and removed, thresholds changed — the
// stored figure must equal the from-scratch count over the raw rows, and the lifts over their
// threshold must be exactly those whose count exceeds the lift's own threshold.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../database.ts';
import { lifts, organisations } from '../schema.ts';
import { sqlRows } from '../sql-rows.ts';
import { overRideThresholdSql } from './rides-since-maintenance.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { insertLift } from '../../test-support/fixtures.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

interface Figure {
  liftId: number;
  lastAt: number | null;
  total: number;
  threshold: number;
}

/** Straight from visits and daily_counters: the rule as DESIGN §4 states it. */
const fromScratch = (db: Db) =>
  sqlRows<Figure>(
    db,
    sql`select l.id as "liftId", extract(epoch from lm.last_at)::float8 as "lastAt",
               (select coalesce(sum(d.value), 0) from daily_counters d
                where d.lift_id = l.id and d.kind = 'rides'
                  and d.day > coalesce((lm.last_at at time zone 'Europe/Amsterdam')::date, '-infinity'::date))::float8 as total,
               l.service_ride_threshold as threshold
        from lifts l
        left join lateral (
          select max(v.started_at) as last_at from visits v
          where v.lift_id = l.id and v.type = 'maintenance' and v.state = 'finished'
        ) lm on true
        order by l.id`,
  );

/** What the lift page reads. */
const stored = (db: Db) =>
  sqlRows<Figure>(
    db,
    sql`select r.lift_id as "liftId", extract(epoch from r.last_maintenance_at)::float8 as "lastAt",
               r.rides_since::float8 as total, r.service_ride_threshold as threshold
        from lift_maintenance_rides r
        order by r.lift_id`,
  );

/** What the dashboard and the lift search read: the lifts over their threshold. */
const over = async (db: Db) =>
  (
    await sqlRows<{ liftId: number }>(
      db,
      sql`select r.lift_id as "liftId" from (${overRideThresholdSql(sql`lifts`, sql`true`)}) r order by r.lift_id`,
    )
  ).map((r) => r.liftId);

const overFromScratch = (figures: readonly Figure[]) =>
  figures.filter((f) => f.total > f.threshold).map((f) => f.liftId);

/** Both reads against the raw rows. */
async function expectCurrent(db: Db, context?: string): Promise<Figure[]> {
  const expected = await fromScratch(db);
  expect(await stored(db), context).toEqual(expected);
  expect(await over(db), context).toEqual(overFromScratch(expected));
  return expected;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('rides since maintenance', () => {
  it('equals the count over visits and daily counters after any sequence of writes', async () => {
    const db = database.db;
    const rand = seededRandom(7);
    const pick = <T>(items: readonly T[]): T => {
      const item = items[Math.floor(rand() * items.length)];
      if (item === undefined) throw new Error('nothing to pick');
      return item;
    };
    const [org] = await db.insert(organisations).values({ name: 'Onderhoud', type: 'owner' }).returning();
    const organisationId = org?.id ?? 0;
    const liftIds: number[] = [];
    const addLift = async () => {
      liftIds.push(await insertLift(db, organisationId, `Lift ${String(liftIds.length)}`));
    };
    for (let i = 0; i < 6; i++) await addLift();

    const firstDay = '2025-01-20';
    const randomDay = () => addDays(firstDay, Math.floor(rand() * 120));
    // Around local midnight too: 22:30 and 23:30 UTC are the next local day in summer or winter.
    const randomStart = () => {
      const hour = pick([0, 6, 11, 21, 22, 23]);
      return `${randomDay()}T${String(hour).padStart(2, '0')}:30:00Z`;
    };
    const visitIds = async () =>
      (await sqlRows<{ id: number }>(db, sql`select id::int as id from visits order by id`)).map((r) => r.id);
    const addCounters = async (n: number) => {
      const values = Array.from(
        { length: n },
        () =>
          sql`(${pick(liftIds)}::int, ${pick(['rides', 'rides', 'energy_wh'])}::text, ${randomDay()}::date, ${Math.floor(rand() * 900)}::bigint)`,
      );
      // What ingest does: add to existing days and create new ones in one statement.
      await db.execute(sql`
        insert into daily_counters (lift_id, kind, day, value)
        select lift_id, kind, day, sum(value) from (values ${sql.join(values, sql`, `)}) v(lift_id, kind, day, value)
        group by 1, 2, 3
        on conflict (lift_id, kind, day) do update set value = daily_counters.value + excluded.value`);
    };
    const addVisits = async (n: number) => {
      const values = Array.from(
        { length: n },
        () =>
          sql`(${pick(liftIds)}::int, ${pick(['maintenance', 'maintenance', 'repair'])}::text, 'mechanic',
               ${pick(['finished', 'finished', 'progress', 'canceled'])}::text, ${randomStart()}::timestamptz)`,
      );
      await db.execute(sql`
        insert into visits (lift_id, type, role, state, started_at)
        select * from (values ${sql.join(values, sql`, `)}) v`);
    };

    const steps: (() => Promise<unknown>)[] = [
      () => addCounters(1 + Math.floor(rand() * 40)),
      () => addCounters(1),
      () => addVisits(1),
      () => addVisits(1 + Math.floor(rand() * 4)),
      // A visit finished later, or a finished one canceled.
      async () => {
        const id = pick(await visitIds());
        await db.execute(sql`update visits set state = case when state = 'finished' then 'canceled' else 'finished' end
                             where id = ${id}`);
      },
      // Moved to another time, possibly another day.
      async () => {
        const id = pick(await visitIds());
        const hours = Math.floor(rand() * 24 * 20) - 24 * 10;
        await db.execute(
          sql`update visits set started_at = started_at + ${hours} * interval '1 hour' where id = ${id}`,
        );
      },
      // Booked on the wrong lift, corrected.
      async () => {
        const id = pick(await visitIds());
        await db.execute(sql`update visits set lift_id = ${pick(liftIds)} where id = ${id}`);
      },
      // An update that does not touch the figure.
      () => db.execute(sql`update visits set remarks = 'gecontroleerd' where type = 'maintenance'`),
      async () => {
        const id = pick(await visitIds());
        await db.execute(sql`delete from visits where id = ${id}`);
      },
      () =>
        db.execute(sql`update daily_counters set value = value * 2
                       where lift_id = ${pick(liftIds)} and day < ${randomDay()}::date`),
      () => {
        const from = randomDay();
        return db.execute(sql`delete from daily_counters
                              where lift_id = ${pick(liftIds)} and day between ${from}::date and ${addDays(from, 10)}::date`);
      },
      // Rides of a lift moved to other days in one statement (old and new rows in one update).
      () =>
        db.execute(sql`update daily_counters set day = day + 3
                       where lift_id = ${pick(liftIds)} and kind = 'rides' and day > ${randomDay()}::date
                         and not exists (select 1 from daily_counters later
                                         where later.lift_id = daily_counters.lift_id and later.kind = 'rides'
                                           and later.day between daily_counters.day + 1 and daily_counters.day + 3)`),
      addLift,
      // A threshold changed, around the lifts' counts, so lifts cross it both ways.
      () =>
        db.execute(
          sql`update lifts set service_ride_threshold = ${Math.floor(rand() * 4000)} where id = ${pick(liftIds)}`,
        ),
      // One statement for several lifts, one of them left as it was.
      () =>
        db.execute(sql`update lifts set service_ride_threshold = case when id = ${pick(liftIds)}
                         then service_ride_threshold else ${Math.floor(rand() * 4000)} end`),
      async () => {
        if (liftIds.length < 3) return;
        const id = liftIds.splice(Math.floor(rand() * liftIds.length), 1)[0] ?? 0;
        await db.delete(lifts).where(sql`id = ${id}`);
      },
    ];

    await addCounters(300);
    await addVisits(8);
    await expectCurrent(db);
    let overSeen = 0;
    for (let i = 0; i < 150; i++) {
      const step = Math.floor(rand() * steps.length);
      await steps[step]?.();
      if ((await visitIds()).length === 0) await addVisits(2);
      overSeen += overFromScratch(await expectCurrent(db, `after step ${String(i)} (${String(step)})`)).length;
    }
    const figures = await stored(db);
    // The data must make the test mean something: maintained and never maintained lifts, rides,
    // lifts over their threshold and under it.
    expect(figures.some((f) => f.lastAt !== null && f.total > 0)).toBe(true);
    expect(figures.filter((f) => f.lastAt === null).length).toBeGreaterThan(0);
    expect(figures).toHaveLength(liftIds.length);
    expect(overSeen).toBeGreaterThan(20);
    expect(overSeen).toBeLessThan(150 * liftIds.length);
    const orphans = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from lift_maintenance_rides where lift_id not in (select id from lifts)`,
    );
    expect(orphans[0]?.n).toBe(0);

    // The rebuild the seed runs after its trigger-less bulk load gives the same figures.
    await db.execute(
      sql`update lift_maintenance_rides set rides_since = -1, last_maintenance_at = null, service_ride_threshold = 0`,
    );
    await db.execute(sql`delete from monthly_counters`);
    await db.execute(sql`select liftwacht_counter_rollups_rebuild()`);
    expect(await stored(db)).toEqual(figures);
    expect(await over(db)).toEqual(overFromScratch(figures));
  });
});
