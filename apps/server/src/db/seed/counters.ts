// Ride and energy counters, generated inside the database: 15-minute buckets for the last 14 days
// (the lift page's "rides per 15 minutes" chart) and daily totals for the whole history (weeks,
// years, the service counter). Hundreds of thousands of rows would be slow to ship from JS, so SQL
// expands them with generate_series; md5 of (lift salt, time) is the deterministic noise source,
// so the same seed gives the same counters on PGlite and on PostgreSQL.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { DAY, dayToIso, localMidnight, toLocal } from './amsterdam-time.ts';
import type { LiftPlan } from './fleet-plan.ts';
import type { Outage } from './outages.ts';
import { hashToInt } from './prng.ts';
import type { SeedContext } from './seed-context.ts';
import type { StepTimer } from './step-timer.ts';
import { hourWeights, usageProfiles, weekdayFactors } from './usage-profiles.ts';

const bucketMs = 15 * 60_000;
/** Days of raw 15-minute buckets, today included. */
export const rawCounterDays = 14;

export interface LiftCounterInput {
  liftId: number;
  plan: LiftPlan;
  outages: readonly Outage[];
}

export interface LiftThresholdInput {
  liftId: number;
  plan: LiftPlan;
  /** End of the last finished maintenance visit; the service counter restarts there. */
  lastMaintenanceAt: number | null;
  rideCounterAlert: boolean;
}

function arrayLiteral(values: readonly number[]): string {
  return `{${values.map((v) => v.toFixed(8)).join(',')}}`;
}

const hourArray = arrayLiteral(usageProfiles.flatMap((p) => hourWeights[p]));
const weekdayArray = arrayLiteral(usageProfiles.flatMap((p) => weekdayFactors[p]));

/** Outages as a tstzmultirange literal: no rides while the lift is down. */
function outageRanges(outages: readonly Outage[]): string | null {
  if (outages.length === 0) return null;
  const ranges = outages.map(
    (o) => `["${new Date(o.start).toISOString()}",${o.end === null ? '' : `"${new Date(o.end).toISOString()}"`})`,
  );
  return `{${ranges.join(',')}}`;
}

function liftParams(lifts: readonly LiftCounterInput[], seed: number): string {
  return JSON.stringify(
    lifts.map((l) => ({
      lift_id: l.liftId,
      daily_rides: l.plan.dailyRides,
      profile: usageProfiles.indexOf(l.plan.profile),
      standby_wh: l.plan.standbyWhPer15Min,
      wh_per_ride: l.plan.whPerRide,
      salt: hashToInt(seed, 'counters', l.plan.index),
      outages: outageRanges(l.outages),
    })),
  );
}

const paramsCte = (json: string) => sql`
  select lift_id, daily_rides, profile, standby_wh, wh_per_ride, salt, outages::tstzmultirange as outages
  from json_to_recordset(${json}::json) as r(
    lift_id int, daily_rides float8, profile int, standby_wh float8, wh_per_ride float8, salt int, outages text)`;

/**
 * Uniform [0, 1) noise from `bits` (64 bits of an md5 digest): slice n of three overlapping 32-bit
 * windows. One md5 per row and bigint shifts are several times cheaper than one md5 per number.
 */
const noise = (bits: string, n: 0 | 1 | 2) =>
  sql.raw(`(((${bits} >> ${String(n * 16)}) & 4294967295) / 4294967296.0::float8)`);
const md5Bits = (text: SQL) => sql`('x' || substr(md5(${text}), 1, 16))::bit(64)::bigint`;

/**
 * Inserts the counters of a batch of lifts. Every CTE is materialised on purpose: inlined,
 * PostgreSQL recomputes md5 and time-zone conversions once per reference, several times slower.
 */
export async function insertCounters(
  db: Db,
  lifts: readonly LiftCounterInput[],
  ctx: SeedContext,
  timer: StepTimer,
): Promise<void> {
  if (lifts.length === 0) return;
  const params = liftParams(lifts, ctx.seed);

  const rawFromDay = Math.max(ctx.windowStartDay, ctx.todayDay - (rawCounterDays - 1));
  const firstBucket = localMidnight(rawFromDay);
  // Only completed buckets: the one in progress belongs to the live ingest.
  const lastBucket = Math.floor(ctx.now / bucketMs) * bucketMs - bucketMs;

  if (lastBucket >= firstBucket) {
    await timer.time('counters (15 min)', () =>
      db.execute(sql`
        with p as materialized (${paramsCte(params)}),
        t as materialized (
          select ts,
            extract(hour from ts at time zone 'Europe/Amsterdam')::int as hour,
            extract(isodow from ts at time zone 'Europe/Amsterdam')::int as weekday,
            extract(epoch from ts)::bigint::text as epoch
          from generate_series(${new Date(firstBucket).toISOString()}::timestamptz,
                               ${new Date(lastBucket).toISOString()}::timestamptz, interval '15 minutes') as ts
        ),
        -- Expected rides per bucket for each profile: 6 profiles × buckets rows instead of lifts × buckets.
        f as materialized (
          select pr.profile, t.ts, t.epoch,
            (${hourArray}::float8[])[pr.profile * 24 + t.hour + 1]
              * (${weekdayArray}::float8[])[pr.profile * 7 + t.weekday] / 4 as share
          from generate_series(0, ${usageProfiles.length - 1}) as pr(profile) cross join t
        ),
        b as materialized (
          select p.lift_id, p.daily_rides, p.standby_wh, p.wh_per_ride, f.ts, f.share,
            p.outages @> (f.ts + interval '450 seconds') as down,
            ${md5Bits(sql`p.salt::text || ':' || f.epoch`)} as bits
          from p join f on f.profile = p.profile
        ),
        r as materialized (
          select lift_id, ts, standby_wh, wh_per_ride, bits,
            -- floor(x + u) with u uniform rounds without bias, so quiet night buckets still see rides.
            case when down then 0
                 else floor(daily_rides * share * (0.55 + 0.9 * ${noise('bits', 0)}) + ${noise('bits', 2)})
            end::bigint as rides
          from b
        ),
        v as materialized (
          select lift_id, ts, rides,
            round(standby_wh * (0.85 + 0.3 * ${noise('bits', 1)}) + rides * wh_per_ride)::bigint as energy
          from r
        ),
        raw as (
          insert into counters (lift_id, kind, bucket_start, value)
          select lift_id, 'rides', ts, rides from v
          union all
          select lift_id, 'energy_wh', ts, energy from v
        )
        -- The days the buckets cover get their totals from the same values, so both always agree.
        insert into daily_counters (lift_id, kind, day, value)
        select lift_id, k.kind, (ts at time zone 'Europe/Amsterdam')::date, sum(k.value)::bigint
        from v cross join lateral (values ('rides', v.rides), ('energy_wh', v.energy)) as k(kind, value)
        group by 1, 2, 3
      `),
    );
  }

  const lastOlderDay = lastBucket >= firstBucket ? rawFromDay - 1 : ctx.todayDay;
  if (lastOlderDay >= ctx.windowStartDay) {
    await timer.time('daily counters', () =>
      db.execute(sql`
        with p as materialized (${paramsCte(params)}),
        d as materialized (
          select g.day::date as day,
            extract(isodow from g.day)::int as weekday,
            g.day at time zone 'Europe/Amsterdam' as day_start,
            (g.day + interval '1 day') at time zone 'Europe/Amsterdam' as day_end
          from generate_series(${dayToIso(ctx.windowStartDay)}::timestamp, ${dayToIso(lastOlderDay)}::timestamp,
                               interval '1 day') as g(day)
        ),
        b as materialized (
          select p.lift_id, p.standby_wh, p.wh_per_ride, d.day,
            p.daily_rides * (${weekdayArray}::float8[])[p.profile * 7 + d.weekday] as expected,
            -- Share of the local day the lift was down (no rides then).
            case when p.outages && tstzrange(d.day_start, d.day_end)
                 then extract(epoch from (
                        select sum(upper(x) - lower(x))
                        from unnest(p.outages * tstzmultirange(tstzrange(d.day_start, d.day_end))) as x))
                      / extract(epoch from d.day_end - d.day_start)
                 else 0 end as down,
            ${md5Bits(sql`p.salt::text || ':d:' || d.day::text`)} as bits
          from p cross join d
        ),
        r as materialized (
          select lift_id, day, standby_wh, wh_per_ride, bits,
            round(expected * (0.85 + 0.3 * ${noise('bits', 0)}) * (1 - down))::bigint as rides
          from b
        )
        insert into daily_counters (lift_id, kind, day, value)
        select lift_id, 'rides', day, rides from r
        union all
        select lift_id, 'energy_wh', day,
          round(standby_wh * 96 * (0.95 + 0.1 * ${noise('bits', 1)}) + rides * wh_per_ride)::bigint
        from r
      `),
    );
  }
}

/**
 * Thresholds from the generated rides: comfortably above the rides since the last maintenance for
 * most lifts, below them for the lifts whose scenario is a service-counter alert right now. Those
 * also get the open `run_counter` event from the day the count passed the threshold. Runs once for
 * the whole fleet after all counters exist.
 */
export async function setServiceThresholds(
  db: Db,
  lifts: readonly LiftThresholdInput[],
  ctx: SeedContext,
): Promise<void> {
  if (lifts.length === 0) return;
  const params = JSON.stringify(
    lifts.map((l) => ({
      lift_id: l.liftId,
      since_day: dayToIso(l.lastMaintenanceAt === null ? ctx.windowStartDay : toLocal(l.lastMaintenanceAt).day),
      nominal: l.plan.row.serviceRideThreshold ?? 20_000,
      alert: l.rideCounterAlert,
      // The alert lifts passed their threshold some time ago, not this morning.
      factor: 0.72 + (hashToInt(ctx.seed, 'threshold', l.plan.index) % 16) / 100,
    })),
  );
  const p = sql`select * from json_to_recordset(${params}::json)
    as r(lift_id int, since_day date, nominal int, alert boolean, factor float8)`;

  await db.execute(sql`
    with p as materialized (${p}),
    s as (
      select p.lift_id, p.nominal, p.alert, p.factor, coalesce(sum(d.value), 0)::float8 as since
      from p
      left join daily_counters d on d.lift_id = p.lift_id and d.kind = 'rides' and d.day >= p.since_day
      group by p.lift_id, p.nominal, p.alert, p.factor
    )
    update lifts set service_ride_threshold =
      case when s.alert then greatest(100, floor(s.since * s.factor / 100) * 100)
           else greatest(s.nominal, ceil(s.since * 1.25 / 1000) * 1000) end::int
    from s
    where lifts.id = s.lift_id
  `);

  await db.execute(sql`
    insert into events (lift_id, type, started_at, ended_at, closed, floor, data, webhook_pending)
    with p as materialized (${p}),
    cumulative as (
      select d.lift_id, d.day, sum(d.value) over (partition by d.lift_id order by d.day) as rides
      from daily_counters d
      join p on p.lift_id = d.lift_id and p.alert and d.kind = 'rides' and d.day >= p.since_day
    ),
    crossing as (
      select distinct on (c.lift_id) c.lift_id, c.day, l.service_ride_threshold as threshold
      from cumulative c
      join lifts l on l.id = c.lift_id
      where c.rides > l.service_ride_threshold
      order by c.lift_id, c.day
    )
    select c.lift_id, 'run_counter',
      least(${new Date(ctx.now - DAY / 24).toISOString()}::timestamptz,
            (c.day + time '12:00') at time zone 'Europe/Amsterdam'),
      null, false, null,
      jsonb_build_object('threshold', c.threshold), false
    from crossing c
    order by c.lift_id
  `);
}
