// The default demo fleet has what every dashboard card needs (DESIGN §4). Availability is
// recomputed here the plain way (Intl for local time, interval overlap per day) so the test does
// not trust the generator's own calendar code.
import { eventTypes } from '@liftwacht/contracts/event-types';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../modules/auth/password.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import type { Database } from '../database.ts';
import { rowsOf } from './query-rows.ts';
import { demoPassword, demoUsers, seedDemoFleet, type SeedSummary } from './seed-demo-fleet.ts';

const now = new Date('2026-03-15T10:30:00Z');
const months = 13;

let database: Database;
let summary: SeedSummary;
let ownerId: number;

async function rows<T>(query: SQL): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(query));
}
async function count(query: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(query);
  return row?.n ?? 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  summary = await seedDemoFleet(database.db, { now, months });
  const [owner] = await rows<{ id: number }>(
    sql`select id from organisations where name = 'Woonstichting De Vechtstreek'`,
  );
  ownerId = owner?.id ?? 0;
}, 180_000);

afterAll(async () => {
  await database.close();
});

// ---- a straightforward business-hours computation, independent of amsterdam-time.ts ----

const localFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});
function localDate(t: number): { y: number; m: number; d: number; h: number } {
  const p = Object.fromEntries(localFormat.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
  return { y: p.year ?? 0, m: p.month ?? 0, d: p.day ?? 0, h: p.hour ?? 0 };
}
/** The UTC instant of hh:00 local time on a local date (no DST switch happens at 07:00 or 19:00). */
function utcOfLocal(y: number, m: number, d: number, hour: number): number {
  for (const offsetHours of [1, 2]) {
    const t = Date.UTC(y, m - 1, d, hour - offsetHours);
    const local = localDate(t);
    if (local.h === hour && local.d === d) return t;
  }
  throw new Error('no such local time');
}
function businessDays(): { open: number; close: number }[] {
  const today = localDate(now.getTime());
  const start = new Date(Date.UTC(today.y, today.m - 1 - months, today.d));
  const days: { open: number; close: number }[] = [];
  for (let day = start; day.getTime() <= Date.UTC(today.y, today.m - 1, today.d);) {
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    const open = utcOfLocal(y, m, d, 7);
    const close = Math.min(utcOfLocal(y, m, d, 19), now.getTime());
    if (close > open) days.push({ open, close });
    day = new Date(Date.UTC(y, m - 1, d + 1));
  }
  return days;
}

describe('demo fleet', () => {
  it('reports what it wrote', () => {
    expect(summary.lifts).toBe(150);
    expect(summary.rows.lifts).toBe(150);
    // The owner organisation keeps three lifts free for a module to be registered on in the demo.
    expect(summary.rows.modules).toBe(147);
    expect(summary.rows.module_links).toBe(147);
    expect(summary.rows.daily_availability).toBeUndefined();
    console.info(`default fleet seeded in ${String(summary.seconds)} s`, summary.steps);
  });

  it("owns each module by its lift's organisation and links it to the lift since commissioning", async () => {
    const wrong = await count(sql`
      select count(*)::int as n from modules m join lifts l on l.id = m.lift_id
      left join module_links ml on ml.module_id = m.id and ml.lift_id = l.id and ml.unlinked_at is null
      where m.organisation_id is distinct from l.organisation_id or ml.id is null
         or ml.linked_at <> (l.commissioned_on::timestamp at time zone 'Europe/Amsterdam') or m.created_at <> ml.linked_at`);
    expect(wrong).toBe(0);
    const free = await rows<{ type: string }>(sql`
      select o.type from lifts l join organisations o on o.id = l.organisation_id
      where not exists (select 1 from modules m where m.lift_id = l.id)`);
    expect(free).toEqual([{ type: 'owner' }, { type: 'owner' }, { type: 'owner' }]);
  });

  it('has the organisations, and the maintenance company serves two of them', async () => {
    const orgs = await rows<{ name: string; type: string }>(sql`select name, type from organisations order by id`);
    expect(orgs.length).toBeGreaterThanOrEqual(3);
    expect(orgs).toEqual(
      expect.arrayContaining([
        { name: 'Woonstichting De Vechtstreek', type: 'owner' },
        { name: 'Gemeente Utrecht Vastgoed', type: 'client' },
        { name: 'Liftservice Randstad B.V.', type: 'maintenance' },
        { name: 'Keurmeesters Nederland B.V.', type: 'inspection' },
      ]),
    );
    const access = await rows<{ name: string }>(sql`
      select o.name from organisation_access a
      join organisations m on m.id = a.organisation_id and m.type = 'maintenance'
      join organisations o on o.id = a.accessible_organisation_id
      order by o.name`);
    expect(access.map((a) => a.name)).toEqual(['Gemeente Utrecht Vastgoed', 'Woonstichting De Vechtstreek']);
    const inspected = await rows<{ name: string }>(sql`
      select o.name from organisation_access a
      join organisations k on k.id = a.organisation_id and k.type = 'inspection'
      join organisations o on o.id = a.accessible_organisation_id`);
    expect(inspected.map((a) => a.name)).toEqual(['Woonstichting De Vechtstreek']);
  });

  it('has the seven demo users with their roles, organisations and the demo password', async () => {
    const users = await rows<{
      username: string;
      role: string;
      org: string;
      locale: string;
      password_hash: string;
    }>(sql`
      select u.username, r.name as role, o.type as org, u.locale, u.password_hash
      from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
      join organisations o on o.id = u.organisation_id order by u.username`);
    expect(users.map((u) => [u.username, u.role, u.org])).toEqual([
      ['demo-admin', 'admin', 'owner'],
      ['demo-client', 'client-light', 'owner'],
      ['demo-keuring', 'user', 'inspection'],
      ['demo-monteur', 'monteur', 'owner'],
      ['demo-onderhoud', 'user', 'maintenance'],
      ['demo-system', 'system-admin', 'maintenance'],
      ['demo-user', 'user', 'owner'],
    ]);
    expect(users.find((u) => u.username === 'demo-user')?.locale).toBe('nl');
    expect(users.some((u) => u.locale === 'en-GB')).toBe(true);
    expect(demoUsers).toHaveLength(7);
    expect(await verifyPassword(users[0]?.password_hash ?? '', demoPassword)).toBe(true);
    expect(await count(sql`select count(*)::int as n from roles`)).toBe(5);
  });

  it('fills every lift field, with about one lift in ten without intercom', async () => {
    const missing = await count(sql`select count(*)::int as n from lifts where
      postal_code is null or city is null or building_name is null or sbcl_id is null or serial_number is null
      or owner_number is null or inspection_number is null or installer_number is null
      or telephone_number is null or manufacturer_number is null or commissioned_on is null`);
    expect(missing).toBe(0);
    const noIntercom = await count(sql`select count(*)::int as n from lifts where lift_type is null`);
    expect(noIntercom).toBeGreaterThanOrEqual(5);
    expect(noIntercom).toBeLessThanOrEqual(30);
    const [postal] = await rows<{ bad: number }>(
      sql`select count(*)::int as bad from lifts where postal_code !~ '^[1-9][0-9]{3} [A-Z]{2}$'`,
    );
    expect(postal?.bad).toBe(0);
  });

  it('spreads yearly availability (business hours 07–19): most ≥ 99 %, some 98–99 %, a few < 98 %', async () => {
    const outages = await rows<{ lift_id: number; s: string | Date; e: string | Date | null }>(
      sql`select lift_id, started_at as s, ended_at as e from events where type = 'unavailable' order by lift_id, started_at`,
    );
    const lifts = await rows<{ id: number }>(sql`select id from lifts`);
    const days = businessDays();
    const total = days.reduce((sum, d) => sum + d.close - d.open, 0);
    const byLift = new Map<number, { start: number; end: number }[]>();
    for (const o of outages) {
      const list = byLift.get(o.lift_id) ?? [];
      list.push({ start: new Date(o.s).getTime(), end: o.e === null ? now.getTime() : new Date(o.e).getTime() });
      byLift.set(o.lift_id, list);
    }
    const brackets = { below98: 0, from98: 0, from99: 0 };
    for (const { id } of lifts) {
      // Union first, so overlapping events never count twice.
      const merged: { start: number; end: number }[] = [];
      for (const i of (byLift.get(id) ?? []).sort((a, b) => a.start - b.start)) {
        const last = merged[merged.length - 1];
        if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
        else merged.push({ ...i });
      }
      let down = 0;
      for (const day of days) {
        for (const i of merged) down += Math.max(0, Math.min(i.end, day.close) - Math.max(i.start, day.open));
      }
      const availability = 1 - down / total;
      if (availability < 0.98) brackets.below98++;
      else if (availability < 0.99) brackets.from98++;
      else brackets.from99++;
    }
    expect(brackets.from99).toBeGreaterThanOrEqual(105);
    expect(brackets.from98).toBeGreaterThanOrEqual(10);
    expect(brackets.below98).toBeGreaterThanOrEqual(5);
    expect(brackets.below98).toBeLessThan(brackets.from98 + 10);
  });

  it('mixes short, multi-day and midnight-crossing outages', async () => {
    const [mix] = await rows<{ short: number; multi_day: number; overnight: number }>(sql`
      select count(*) filter (where ended_at - started_at < interval '1 hour')::int as short,
             count(*) filter (where ended_at - started_at > interval '2 days')::int as multi_day,
             count(*) filter (where (started_at at time zone 'Europe/Amsterdam')::date
                                  <> (ended_at at time zone 'Europe/Amsterdam')::date)::int as overnight
      from events where type = 'unavailable' and ended_at is not null`);
    expect(mix?.short).toBeGreaterThan(500);
    expect(mix?.multi_day).toBeGreaterThanOrEqual(5);
    expect(mix?.overnight).toBeGreaterThanOrEqual(20);
  });

  it('uses every event type', async () => {
    const types = (await rows<{ type: string }>(sql`select distinct type from events`)).map((r) => r.type);
    expect([...types].sort()).toEqual([...eventTypes].sort());
  });

  it('shows every current-view card of the demo organisation with a non-zero count', async () => {
    const inOwner = sql`l.organisation_id = ${ownerId}`;
    const openEvent = (type: string) =>
      count(sql`select count(distinct e.lift_id)::int as n from events e join lifts l on l.id = e.lift_id
                where ${inOwner} and e.type = ${type} and e.ended_at is null`);
    const counts = {
      liftUnavailable: await openEvent('unavailable'),
      senseFailureSensor: await openEvent('sense_failure'),
      intercomUnavailable: await openEvent('intercom_unavailable'),
      visits: await count(sql`select count(distinct v.lift_id)::int as n from visits v join lifts l on l.id = v.lift_id
                              where ${inOwner} and v.state = 'progress'`),
      // the rule of db/rollups/rides-since-maintenance.ts: rides on the local days after the day the
      // last finished maintenance visit started
      servicecounterMaintenanceAlert: await count(sql`
        with last_maintenance as (
          select lift_id, max(started_at) as at from visits
          where type = 'maintenance' and state = 'finished' group by lift_id)
        select count(*)::int as n from lifts l join last_maintenance m on m.lift_id = l.id
        where ${inOwner} and l.service_ride_threshold < (
          select sum(d.value) from daily_counters d
          where d.lift_id = l.id and d.kind = 'rides' and d.day > (m.at at time zone 'Europe/Amsterdam')::date)`),
      approvalRejected: await count(sql`
        select count(*)::int as n from lifts l
        join lateral (select result from inspections i where i.lift_id = l.id
                      order by inspected_on desc, id desc limit 1) last on true
        where ${inOwner} and last.result = 'rejected'`),
      approvalExpired: await count(sql`
        select count(*)::int as n from lifts l
        join lateral (select max(valid_until) as valid_until from inspections i
                      where i.lift_id = l.id and i.result = 'approved') a on true
        where ${inOwner} and a.valid_until < (${now.toISOString()}::timestamptz at time zone 'Europe/Amsterdam')::date`),
      senseNotConnected: await count(sql`
        select count(*)::int as n from modules m join lifts l on l.id = m.lift_id
        where ${inOwner} and not m.connected and m.last_seen_at < ${now.toISOString()}::timestamptz - interval '10 minutes'`),
      maintenanceExpired: await count(sql`
        with last_maintenance as (
          select lift_id, max(started_at) as at from visits
          where type = 'maintenance' and state = 'finished' group by lift_id)
        select count(*)::int as n from lifts l join last_maintenance m on m.lift_id = l.id
        where ${inOwner}
          and m.at + l.maintenance_interval_days * interval '1.1 day' < ${now.toISOString()}::timestamptz`),
      currentCalls: await count(sql`select count(*)::int as n from calls c join lifts l on l.id = c.lift_id
                                    where ${inOwner} and c.ended_at is null`),
    };
    for (const [card, n] of Object.entries(counts)) {
      expect(n, card).toBeGreaterThan(0);
      expect(n, card).toBeLessThan(15);
    }
  });

  it('keeps the other lifts below their service threshold and within their maintenance interval', async () => {
    const [row] = await rows<{ over: number; overdue: number }>(sql`
      with last_maintenance as (
        select lift_id, max(started_at) as at from visits
        where type = 'maintenance' and state = 'finished' group by lift_id)
      select
        count(*) filter (where l.service_ride_threshold < (
          select sum(d.value) from daily_counters d
          where d.lift_id = l.id and d.kind = 'rides' and d.day > (m.at at time zone 'Europe/Amsterdam')::date))::int as over,
        count(*) filter (where m.at + l.maintenance_interval_days * interval '1.1 day'
                               < ${now.toISOString()}::timestamptz)::int as overdue
      from lifts l join last_maintenance m on m.lift_id = l.id`);
    expect(row?.over).toBeLessThanOrEqual(12);
    expect(row?.overdue).toBeLessThanOrEqual(12);
  });

  it('times maintenance early, on time and late against the interval', async () => {
    const [timing] = await rows<{ early: number; on_time: number; late: number }>(sql`
      with gaps as (
        select v.started_at - lag(v.started_at) over (partition by v.lift_id order by v.started_at) as gap,
               l.maintenance_interval_days * interval '1 day' as due
        from visits v join lifts l on l.id = v.lift_id
        where v.type = 'maintenance' and v.state = 'finished')
      select count(*) filter (where gap < due * 0.9)::int as early,
             count(*) filter (where gap between due * 0.9 and due * 1.1)::int as on_time,
             count(*) filter (where gap > due * 1.1)::int as late
      from gaps where gap is not null`);
    expect(timing?.on_time).toBeGreaterThan((timing?.early ?? 0) + (timing?.late ?? 0));
    expect(timing?.early).toBeGreaterThan(20);
    expect(timing?.late).toBeGreaterThan(20);
  });

  it('has every call kind, failing test calls, and tests about every three days', async () => {
    const kinds = await rows<{ kind: string; n: number }>(
      sql`select kind, count(*)::int as n from calls group by kind order by kind`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(['entrapment', 'false_alarm', 'other', 'test']);
    const results = (
      await rows<{ test_result: string }>(sql`select distinct test_result from calls where kind = 'test'`)
    )
      .map((r) => r.test_result)
      .sort();
    expect(results).toEqual(['battery', 'microphone', 'ok', 'speaker']);
    const testsPerIntercomLift = await count(sql`
      select (count(*) / count(distinct c.lift_id))::int as n from calls c where c.kind = 'test'`);
    expect(testsPerIntercomLift).toBeGreaterThan(120);
    expect(testsPerIntercomLift).toBeLessThan(150);
    const disorder = await count(sql`select count(*)::int as n from calls
      where acknowledged_at < started_at or ended_at < acknowledged_at
         or (status = 'ended') <> (ended_at is not null)`);
    expect(disorder).toBe(0);
    // Every ended entrapment has its passenger freed between acknowledgement and end (time to free).
    const freed = await rows<{ ok: boolean; n: number }>(sql`
      select (passenger_freed_at between acknowledged_at and ended_at) as ok, count(*)::int as n
      from calls where kind = 'entrapment' and status = 'ended' group by 1`);
    expect(freed).toEqual([{ ok: true, n: expect.any(Number) as number }]);
    expect(
      await count(
        sql`select count(*)::int as n from calls where kind <> 'entrapment' and passenger_freed_at is not null`,
      ),
    ).toBe(0);
  });

  it('has visits of every type, role and state, and inspections under the 18-month rule', async () => {
    const distinct = async (column: string) =>
      (await rows<{ v: string }>(sql`select distinct ${sql.identifier(column)} as v from visits order by 1`)).map(
        (r) => r.v,
      );
    expect(await distinct('type')).toEqual(
      expect.arrayContaining(['approval', 'failure', 'inspection', 'maintenance', 'other', 'repair']),
    );
    expect(await distinct('role')).toEqual(['approving_authority', 'inspector', 'mechanic']);
    expect(await distinct('state')).toEqual(['canceled', 'finished', 'progress', 'timeout']);
    const badValidity = await count(sql`select count(*)::int as n from inspections
      where result = 'approved' and log_type <> 'assistance_inspection'
        and valid_until <> (inspected_on + interval '18 months')::date`);
    expect(badValidity).toBe(0);
    const logTypes = (await rows<{ v: string }>(sql`select distinct log_type as v from logbook order by 1`)).map(
      (r) => r.v,
    );
    expect(logTypes).toEqual(
      expect.arrayContaining(['check', 'maintenance', 'other', 'periodic_inspection', 'repair']),
    );
  });

  it('keeps daily counters equal to the 15-minute buckets on the days both cover', async () => {
    const [check] = await rows<{ days: number; mismatches: number }>(sql`
      with buckets as (
        select lift_id, kind, (bucket_start at time zone 'Europe/Amsterdam')::date as day, sum(value) as value
        from counters group by 1, 2, 3)
      select count(*)::int as days, count(*) filter (where d.value is distinct from b.value)::int as mismatches
      from buckets b left join daily_counters d using (lift_id, kind, day)`);
    expect(check?.days).toBe(150 * 2 * 14);
    expect(check?.mismatches).toBe(0);
    const [profile] = await rows<{ night: number; day: number }>(sql`
      select avg(value) filter (where extract(hour from bucket_start at time zone 'Europe/Amsterdam') between 1 and 4)::float8 as night,
             avg(value) filter (where extract(hour from bucket_start at time zone 'Europe/Amsterdam') between 8 and 17)::float8 as day
      from counters where kind = 'rides'`);
    expect(profile?.day).toBeGreaterThan((profile?.night ?? 0) * 5);
  });
  it('builds the rollups its bulk load skipped the triggers of', async () => {
    // maintenance_gaps: one row a finished maintenance visit, with the one before it on the lift
    expect(await count(sql`select count(*)::int as n from maintenance_gaps`)).toBe(
      await count(sql`select count(*)::int as n from visits where type = 'maintenance' and state = 'finished'`),
    );
    expect(await count(sql`select count(*)::int as n from maintenance_gaps where previous_at is not null`)).toBe(
      await count(sql`select (count(*) - count(distinct lift_id))::int as n from visits
                      where type = 'maintenance' and state = 'finished'`),
    );
    // monthly_availability: the daily rollup per month, and per year (the January year to date of 12)
    expect(await count(sql`select count(*)::int as n from monthly_availability where months = 1`)).toBe(
      await count(
        sql`select count(distinct (lift_id, kind, date_trunc('month', day)))::int as n from daily_availability`,
      ),
    );
    expect(
      await count(sql`select count(*)::int as n from monthly_availability
                      where months = 12 and extract(month from month) = 1`),
    ).toBe(
      await count(
        sql`select count(distinct (lift_id, kind, date_trunc('year', day)))::int as n from daily_availability`,
      ),
    );
    // the years hold what their months hold
    expect(
      await count(sql`select round(sum(through_hour[25]))::int as n from monthly_availability where months = 12`),
    ).toBe(await count(sql`select round(sum(through_hour[25]))::int as n from monthly_availability where months = 1`));
    expect(await count(sql`select count(*)::int as n from monthly_availability`)).toBeGreaterThan(0);
    // lift_maintenance_rides: every lift with the threshold the seed gave it (migration 0030's copy,
    // which the threshold trigger keeps only outside the bulk load), and some lifts over it
    expect(
      await count(sql`select count(*)::int as n from lifts l join lift_maintenance_rides r on r.lift_id = l.id
                      where r.service_ride_threshold = l.service_ride_threshold`),
    ).toBe(await count(sql`select count(*)::int as n from lifts`));
    expect(
      await count(sql`select count(*)::int as n from lift_maintenance_rides where over_threshold`),
    ).toBeGreaterThan(0);
  });
});
