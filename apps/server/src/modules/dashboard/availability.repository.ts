// Unavailable seconds per lift inside a period's business window (DESIGN §4), two ways:
// - exact: range/multirange arithmetic over the raw events (the reference);
// - byLift: the per-hour rollup for whole days, and range arithmetic only where the rollup cannot
//   answer (from the day a lift's open event began), so a year never scans raw rows.
import { sql, type SQL } from 'drizzle-orm';
import { localDayStartSql, timestampSql } from '../../db/local-time-sql.ts';
import type { Db } from '../../db/database.ts';
import { businessTimeZone, type AvailabilityKind } from '../../db/rollups/availability-rollup.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { addDays } from '../../lib/calendar-days.ts';
import {
  liftScopeSql,
  localHourSql,
  periodEndSql,
  periodStartSql,
  type BusinessPeriod,
  type LiftScope,
} from './stats-scope.ts';
import type { AvailabilityMonthCache, CountingLifts, MonthRows } from './availability-month-cache.ts';
import { monthBlocks, wholeMonths } from './whole-months.ts';

export interface LiftWindow {
  liftId: number;
  unavailableSeconds: number;
}

/**
 * The counting lifts with their unavailable seconds per kind (0 for a kind a lift does not count
 * for), as columns: element i of each array belongs to the same lift.
 */
/**
 * What a request reads live beside the kept months (availability-month-cache.ts): the counting
 * lifts, the day each lift's earliest open event began (from it on the exact part answers), the
 * exact seconds from that day, and the rollup rows of the lifts the kept months hold stale.
 */
export interface LiveAvailabilityParts {
  /** [liftId, kind, first day of the exact part] */
  cutoffs: [number, AvailabilityKind, string][];
  /** [liftId, kind, start, end] in epoch ms: the lift's outages of that kind merged, from the cutoff day on */
  recent: [number, AvailabilityKind, number, number][];
  /** [liftId, kind, day, seconds] of the given lifts, every day of the period */
  rows: [number, AvailabilityKind, string, number][];
}

export interface LiftAvailabilityColumns {
  liftIds: number[];
  hasIntercom: boolean[];
  unavailable: number[];
  intercomUnavailable: number[];
}

/**
 * The lifts that count for an availability kind in a period: every lift in service on its first
 * day, or only those with an intercom.
 */
function countingLiftsSql(kind: AvailabilityKind, scope: LiftScope, p: Pick<BusinessPeriod, 'from'>): SQL {
  const intercomOnly = kind === 'intercom_unavailable' ? sql`and l.lift_type is not null` : sql``;
  return sql`${liftScopeSql(scope, p.from)} ${intercomOnly}`;
}

/** The business window as UTC hour ranges: hours whose local hour lies in [startHour, endHour), up to now. */
function windowHoursSql(p: BusinessPeriod, now: Date): SQL {
  const h = sql`h`;
  return sql`
    select h, least(h + interval '1 hour', ${timestampSql(now)}) as h_end
    from generate_series(${periodStartSql(p)}, ${periodEndSql(p)} - interval '1 hour', interval '1 hour') as h
    where h < ${timestampSql(now)}
      and ${localHourSql(h)} >= ${p.startHour} and ${localHourSql(h)} < ${p.endHour}`;
}

/** The business hours as validated integers: they are spelled into the SQL below. */
function businessHours(p: BusinessPeriod): { startHour: number; endHour: number } {
  const { startHour, endHour } = p;
  if (!Number.isInteger(startHour) || !Number.isInteger(endHour) || startHour < 0 || endHour > 24) {
    throw new Error(`business hours out of range: ${String(startHour)}–${String(endHour)}`);
  }
  return { startHour, endHour };
}

/**
 * Sum of a daily_availability row's hour columns startHour..endHour-1 (arrays are 1-based). Spelled
 * out term by term: unnesting a slice per row costs a sub-plan per lift-day, several times the scan.
 */
function businessHoursSumSql(p: BusinessPeriod, alias: string): SQL {
  const { startHour, endHour } = businessHours(p);
  if (endHour <= startHour) return sql`0::float8`;
  const terms = Array.from(
    { length: endHour - startHour },
    (_, i) => `${alias}.hour_seconds[${String(startHour + i + 1)}]`,
  );
  return sql.raw(terms.join(' + '));
}

/** Hours startHour..endHour-1 of a monthly_availability row: one subtraction of its running totals. */
function monthHoursSql(p: BusinessPeriod, alias: string): SQL {
  const { startHour, endHour } = businessHours(p);
  if (endHour <= startHour) return sql`0::float8`;
  return sql.raw(`${alias}.through_hour[${String(endHour + 1)}] - ${alias}.through_hour[${String(startHour + 1)}]`);
}

/** Day ranges of the period that its whole months leave over: the days the daily rollup answers. */
function partialDayRanges(p: BusinessPeriod): [string, string][] {
  const whole = wholeMonths(p.from, p.to);
  if (!whole) return [[p.from, p.to]];
  const ranges: [string, string][] = [];
  if (p.from < whole.first) ranges.push([p.from, addDays(whole.first, -1)]);
  if (whole.end < p.to) ranges.push([addDays(whole.end, 1), p.to]);
  return ranges;
}

/**
 * Rows (lift_id, kind, secs) of the rollup over the period's days for the whole fleet (or the one
 * lift of a single-lift scope), one per rollup row: the months the period covers whole from
 * monthly_availability in the fewest blocks (one row a lift for a calendar year, two for a rolling
 * one; a year to date taken away is a negative row), the days of partial months from
 * daily_availability, both index-only through the covering indexes of migration 0008. Each branch
 * reduces its row to the business-hour seconds; one branch per block keeps the row estimates
 * right. The caller joins the result to its lifts.
 */
function rolledSql(p: BusinessPeriod, kinds: readonly AvailabilityKind[], scope: LiftScope): SQL {
  // One lift (the single-lift dashboard, its report) reads its own rows by key, not the fleet's.
  const kindList = sql`${sql.param([...kinds])}`;
  const oneLift = scope.liftId === undefined ? sql`` : sql`and x.lift_id = ${scope.liftId}`;
  const parts = partialDayRanges(p).map(
    ([first, last]) => sql`
        select x.lift_id, x.kind, (${businessHoursSumSql(p, 'x')})::float8 as secs
        from daily_availability x
        where x.kind = any(${kindList}::text[]) ${oneLift} and x.day between ${first}::date and ${last}::date`,
  );
  const whole = wholeMonths(p.from, p.to);
  for (const block of whole ? monthBlocks(whole) : []) {
    parts.push(sql`
        select x.lift_id, x.kind, (${sql.raw(block.sign < 0 ? '-' : '')}(${monthHoursSql(p, 'x')}))::float8 as secs
        from monthly_availability x
        where x.kind = any(${kindList}::text[]) ${oneLift} and x.month = ${block.month}::date and x.months = ${block.months}`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * A period's business window up to now: its hours as a multirange (text, null when empty; it may
 * run on to the end of the current hour, so users intersect it with "before now") and the seconds
 * of it up to now.
 */
export interface BusinessWindow {
  ranges: string | null;
  seconds: number;
  /** The same hours as epoch milliseconds, in order (they may run past now, like ranges). */
  starts: Float64Array;
  ends: Float64Array;
}

/** A business window piece as one statement answers it. */
interface WindowPiece {
  ranges: string | null;
  seconds: number;
  lastHourIn: boolean;
  starts: number[];
  ends: number[];
}

/** Days per statement of a business window: a year's hours are 20–30 ms of SQL. */
export const windowPieceDays = 366;

/**
 * The period cut into consecutive pieces of at most windowPieceDays local days, with its hours:
 * each piece's window runs from its first day's local midnight to the one after its last day, so
 * the pieces' hours together are exactly the period's.
 */
export function windowPieces(p: BusinessPeriod): BusinessPeriod[] {
  const pieces: BusinessPeriod[] = [];
  for (let from = p.from; from <= p.to; from = addDays(from, windowPieceDays)) {
    const last = addDays(from, windowPieceDays - 1);
    pieces.push({ ...p, from, to: last < p.to ? last : p.to });
  }
  return pieces;
}

/** The pieces' windows as the period's: ranges as one multirange (ranges that touch merge when SQL reads it), hours in order. */
function joinWindowPieces(
  pieces: WindowPiece[],
): Omit<BusinessWindow, 'seconds'> & { seconds: number; lastHourIn: boolean } {
  const ranges = pieces.flatMap((piece) =>
    piece.ranges === null || piece.ranges === '{}' ? [] : [piece.ranges.slice(1, -1)],
  );
  return {
    ranges:
      ranges.length === 0 ? (pieces.some((piece) => piece.ranges === '{}') ? '{}' : null) : `{${ranges.join(',')}}`,
    seconds: pieces.reduce((sum, piece) => sum + piece.seconds, 0),
    lastHourIn: pieces.some((piece) => piece.lastHourIn),
    starts: Float64Array.from(pieces.flatMap((piece) => piece.starts)),
    ends: Float64Array.from(pieces.flatMap((piece) => piece.ends)),
  };
}

/** Windows kept: building a year's takes 8,760 hours of SQL (20–30 ms), and they rarely change. */
const windowsKept = 64;
const hourMs = 3_600_000;

export class AvailabilityRepository {
  private readonly windows = new Map<
    string,
    Omit<BusinessWindow, 'seconds'> & { seconds: number; lastHourIn: boolean }
  >();

  constructor(
    private readonly db: Db,
    /** Whole months kept in memory (fed by the rollup's change signals); absent: SQL alone. */
    readonly months?: AvailabilityMonthCache,
  ) {}

  /**
   * The business window of a period up to now. A period whose last day has passed (UTC midnight
   * after `to` is never before the local one) has a fixed window; one still running is built up to
   * the end of the current hour, so it is kept for the rest of that hour and only the seconds are
   * cut back to now.
   */
  async window(p: BusinessPeriod, now: Date): Promise<BusinessWindow> {
    const finished = now.getTime() >= Date.parse(`${p.to}T00:00:00Z`) + 86_400_000;
    const until = finished ? now : new Date(Math.ceil(now.getTime() / hourMs) * hourMs);
    const key = `${p.from}|${p.to}|${String(p.startHour)}|${String(p.endHour)}|${finished ? '' : until.toISOString()}`;
    let kept = this.windows.get(key);
    if (!kept) {
      // A year at a time: ten years' 87,660 hours in one statement held PGlite's thread ~0.2 s
      // (per period of a 12-period comparison); pieces of a year each let requests in between.
      const pieces: WindowPiece[] = [];
      for (const piece of windowPieces(p)) pieces.push(await this.windowPiece(piece, until));
      kept = joinWindowPieces(pieces);
      if (this.windows.size >= windowsKept) {
        const oldest = this.windows.keys().next();
        if (!oldest.done) this.windows.delete(oldest.value);
      }
      this.windows.set(key, kept);
    }
    // The current hour counts only up to now.
    const rest = kept.lastHourIn ? (until.getTime() - now.getTime()) / 1000 : 0;
    return { ranges: kept.ranges, seconds: kept.seconds - rest, starts: kept.starts, ends: kept.ends };
  }

  /** The business window of one piece of a period (windowPieces), in one statement. */
  private async windowPiece(p: BusinessPeriod, until: Date): Promise<WindowPiece> {
    const [row] = await sqlRows<{
      ranges: string | null;
      seconds: number;
      lastHourIn: boolean;
      starts: string | null;
      ends: string | null;
    }>(
      this.db,
      sql`select range_agg(tstzrange(w.h, w.h_end))::text as ranges,
                 array_to_json(array_agg(extract(epoch from w.h)::float8 * 1000 order by w.h))::text as starts,
                 array_to_json(array_agg(extract(epoch from w.h_end)::float8 * 1000 order by w.h))::text as ends,
                 coalesce(sum(extract(epoch from w.h_end - w.h)), 0)::float8 as seconds,
                 coalesce(bool_or(w.h_end = ${timestampSql(until)}), false) as "lastHourIn"
          from (${windowHoursSql(p, until)}) w`,
    );
    return {
      ranges: row?.ranges ?? null,
      seconds: row?.seconds ?? 0,
      lastHourIn: row?.lastHourIn ?? false,
      starts: JSON.parse(row?.starts ?? '[]') as number[],
      ends: JSON.parse(row?.ends ?? '[]') as number[],
    };
  }

  async liftIds(kind: AvailabilityKind, scope: LiftScope, p: Pick<BusinessPeriod, 'from'>): Promise<number[]> {
    const rows = await sqlRows<{ id: number }>(
      this.db,
      sql`select l.id from lifts l where ${countingLiftsSql(kind, scope, p)} order by l.id`,
    );
    return rows.map((r) => r.id);
  }

  /** Exact unavailable seconds from raw events: the reference the rollup-based engine must equal. */
  async exact(kind: AvailabilityKind, scope: LiftScope, p: BusinessPeriod, now: Date): Promise<LiftWindow[]> {
    const nowTs = timestampSql(now);
    return sqlRows<LiftWindow>(
      this.db,
      sql`
      with win as (
        select range_agg(tstzrange(w.h, w.h_end)) as mr from (${windowHoursSql(p, now)}) w
      ),
      ev as (
        select e.lift_id, range_agg(tstzrange(e.started_at, coalesce(e.ended_at, ${nowTs}))) as mr
        from events e
        join lifts l on l.id = e.lift_id
        where ${countingLiftsSql(kind, scope, p)}
          and e.type = ${kind}
          and e.started_at < ${periodEndSql(p)}
          and coalesce(e.ended_at, ${nowTs}) > ${periodStartSql(p)}
          and coalesce(e.ended_at, ${nowTs}) > e.started_at
        group by e.lift_id
      )
      select ev.lift_id as "liftId",
             coalesce((select sum(extract(epoch from upper(r) - lower(r))) from unnest(ev.mr * win.mr) as r), 0)::float8
               as "unavailableSeconds"
      from ev cross join win
      where win.mr is not null`,
    );
  }

  /** One local month's lift-days with unavailable seconds in the business hours, the whole fleet. */
  async monthRows(kind: AvailabilityKind, p: BusinessPeriod, month: string): Promise<MonthRows> {
    const [row] = await sqlRows<{ liftIds: string; days: string; seconds: string }>(
      this.db,
      sql`
      select coalesce(array_to_json(array_agg(y.lift_id))::text, '[]') as "liftIds",
             coalesce(array_to_json(array_agg(y.d))::text, '[]') as days,
             coalesce(array_to_json(array_agg(y.s))::text, '[]') as seconds
      from (
        select x.lift_id, extract(day from x.day)::int as d, (${businessHoursSumSql(p, 'x')})::float8 as s
        from daily_availability x
        where x.kind = ${kind} and x.day >= ${month}::date and x.day < (${month}::date + interval '1 month')::date
      ) y
      where y.s > 0`,
    );
    return {
      liftIds: Int32Array.from(JSON.parse(row?.liftIds ?? '[]') as number[]),
      days: Uint8Array.from(JSON.parse(row?.days ?? '[]') as number[]),
      seconds: Float64Array.from(JSON.parse(row?.seconds ?? '[]') as number[]),
    };
  }

  /** The lifts that count for the kinds in a period (see countingLiftsSql), in id order. */
  async countingLifts(
    kinds: readonly AvailabilityKind[],
    scope: LiftScope,
    p: Pick<BusinessPeriod, 'from'>,
  ): Promise<CountingLifts> {
    const liftFilter = kinds.includes('unavailable') ? sql`` : sql`and l.lift_type is not null`;
    const [row] = await sqlRows<{ counting: string }>(
      this.db,
      sql`select json_build_array(coalesce(json_agg(c.id order by c.id), '[]'),
                                  coalesce(json_agg(c.has_intercom order by c.id), '[]'),
                                  coalesce(json_agg(c.decommissioned_at order by c.id), '[]'))::text as counting
          from (select l.id, l.lift_type is not null as has_intercom,
                       extract(epoch from ${localDayStartSql(sql`l.decommissioned_on`)})::float8 * 1000 as decommissioned_at
                from lifts l where ${liftScopeSql(scope, p.from)} ${liftFilter}) c`,
    );
    const [liftIds, hasIntercom, decommissionedAtMs] = JSON.parse(row?.counting ?? '[[],[],[]]') as [
      number[],
      boolean[],
      (number | null)[],
    ];
    return { liftIds, hasIntercom, decommissionedAtMs };
  }

  /** The live parts of a request that reads the kept months (see LiveAvailabilityParts). */
  async liveParts(
    kinds: readonly AvailabilityKind[],
    p: BusinessPeriod,
    now: Date,
    window: BusinessWindow,
    staleLiftIds: readonly number[],
  ): Promise<LiveAvailabilityParts> {
    const nowTs = timestampSql(now);
    const kindList = sql`${sql.param([...kinds])}`;
    const [row] = await sqlRows<Record<'cutoffs' | 'recent' | 'rows', string>>(
      this.db,
      sql`
      with win as (
        select ${window.ranges}::tstzmultirange * tstzmultirange(tstzrange(null, ${nowTs})) as mr
      ),
      -- Every lift with an open event: the caller keeps the counting ones (joined to the fleet's
      -- lifts here, the planner scanned all of them). Open events are few.
      counting as (
        select e.lift_id as id, true as has_intercom
        from events e where e.type = any(${kindList}::text[]) and e.ended_at is null
        group by e.lift_id
      ),
      ${openPartsSql(kindList, p, nowTs)},
      stale as (
        select da.lift_id, da.kind, da.day, (${businessHoursSumSql(p, 'da')})::float8 as secs
        from daily_availability da
        where da.lift_id = any(${sql.param([...staleLiftIds])}::int[]) and da.kind = any(${kindList}::text[])
          and da.day between ${p.from}::date and ${p.to}::date
      )
      select (select coalesce(json_agg(json_build_array(lift_id, kind, day::text)), '[]') from cutoff)::text as cutoffs,
             (select coalesce(json_agg(json_build_array(r.lift_id, r.kind,
                                                        extract(epoch from lower(x))::float8 * 1000,
                                                        extract(epoch from upper(x))::float8 * 1000)), '[]')
              from recent r, unnest(r.mr * tstzmultirange(tstzrange(r.since, null))) as x)::text as recent,
             (select coalesce(json_agg(json_build_array(lift_id, kind, day::text, secs)), '[]') from stale where secs > 0)::text as rows`,
    );
    return {
      cutoffs: JSON.parse(row?.cutoffs ?? '[]') as LiveAvailabilityParts['cutoffs'],
      recent: JSON.parse(row?.recent ?? '[]') as LiveAvailabilityParts['recent'],
      rows: JSON.parse(row?.rows ?? '[]') as LiveAvailabilityParts['rows'],
    };
  }

  /**
   * Every counting lift of the scope with its unavailable seconds for the given kinds, in one
   * statement. Per lift and kind the period splits at a cutoff day: before it the rollup (which
   * holds every closed event) answers; from it on, exact range arithmetic over the raw events,
   * closed and open. Any cutoff gives the exact figure, because the rollup is split per local day;
   * the first day of the lift's earliest open event keeps the exact part as short as it can be
   * (an open event grows until now, so the rollup never holds it). Lifts without an open event
   * have no cutoff and read the rollup alone.
   */
  async byLift(
    kinds: readonly AvailabilityKind[],
    scope: LiftScope,
    p: BusinessPeriod,
    now: Date,
    window: BusinessWindow,
  ): Promise<LiftAvailabilityColumns> {
    const nowTs = timestampSql(now);
    const kindList = sql`${sql.param([...kinds])}`;
    const liftFilter = kinds.includes('unavailable') ? sql`` : sql`and l.lift_type is not null`;
    const hours = businessHoursSumSql(p, 'da');
    const [row] = await sqlRows<Record<keyof LiftAvailabilityColumns, string>>(
      this.db,
      sql`
      with win as (
        select ${window.ranges}::tstzmultirange * tstzmultirange(tstzrange(null, ${nowTs})) as mr
      ),
      counting as (
        select l.id, l.lift_type is not null as has_intercom from lifts l where ${liftScopeSql(scope, p.from)} ${liftFilter}
      ),
      ${openPartsSql(kindList, p, nowTs)},
      -- Materialized: each rollup row is reduced to its seconds before anything joins it. Inlined,
      -- the planner carried the hour arrays into a sort for a merge join, spilling it to disk.
      rollup as materialized (
        ${rolledSql(p, kinds, scope)}
      ),
      rolled as (
        select r.lift_id, r.kind, r.secs from rollup r join counting c on c.id = r.lift_id
        union all
        select da.lift_id, da.kind, -(${hours})::float8
        from cutoff o
        join daily_availability da on da.lift_id = o.lift_id and da.kind = o.kind
        where da.day >= o.day and da.day between ${p.from}::date and ${p.to}::date
      ),
      totals as (
        select lift_id,
               sum(secs) filter (where kind = 'unavailable') as unavailable,
               sum(secs) filter (where kind = 'intercom_unavailable') as intercom
        from (select * from rolled union all select * from exact) t
        group by lift_id
      )
      -- One row of four JSON arrays: 10,000 rows through the driver cost more than the statement's
      -- joins. The aggregates of one select see the rows in the same order (here the lifts' ids,
      -- from the sorted subquery), so the arrays line up.
      select coalesce(array_to_json(array_agg(x.id))::text, '[]') as "liftIds",
             coalesce(array_to_json(array_agg(x.has_intercom))::text, '[]') as "hasIntercom",
             coalesce(array_to_json(array_agg(x.unavailable))::text, '[]') as unavailable,
             coalesce(array_to_json(array_agg(x.intercom))::text, '[]') as "intercomUnavailable"
      from (
        select c.id, c.has_intercom, coalesce(t.unavailable, 0)::float8 as unavailable,
               (case when c.has_intercom then coalesce(t.intercom, 0) else 0 end)::float8 as intercom
        from counting c left join totals t on t.lift_id = c.id
        order by c.id
      ) x`,
    );
    return {
      liftIds: JSON.parse(row?.liftIds ?? '[]') as number[],
      hasIntercom: JSON.parse(row?.hasIntercom ?? '[]') as boolean[],
      unavailable: JSON.parse(row?.unavailable ?? '[]') as number[],
      intercomUnavailable: JSON.parse(row?.intercomUnavailable ?? '[]') as number[],
    };
  }
}

/**
 * CTEs \`cutoff\` (lift, kind, the local day its earliest open event began), \`recent\` and
 * \`exact\` (lift, kind, secs: range arithmetic over its events from that day on). They need the
 * CTEs \`win\` (the business window up to now) and \`counting\` (id, has_intercom) before them.
 */
function openPartsSql(kindList: SQL, p: BusinessPeriod, nowTs: SQL): SQL {
  return sql`
      cutoff as (
        select e.lift_id, e.type as kind,
               ((min(e.started_at) at time zone ${businessTimeZone})::date) as day
        from events e join counting c on c.id = e.lift_id
        where e.type = any(${kindList}::text[]) and e.ended_at is null
          and (e.type = 'unavailable' or c.has_intercom)
        group by e.lift_id, e.type
      ),
      recent as (
        select o.lift_id, o.kind, o.day::timestamp at time zone ${businessTimeZone} as since,
               range_agg(tstzrange(e.started_at, coalesce(e.ended_at, ${nowTs}))) as mr
        from cutoff o
        join events e on e.lift_id = o.lift_id and e.type = o.kind
        where e.started_at < ${periodEndSql(p)}
          and coalesce(e.ended_at, ${nowTs}) > greatest(${periodStartSql(p)}, o.day::timestamp at time zone ${businessTimeZone})
          and coalesce(e.ended_at, ${nowTs}) > e.started_at
        group by o.lift_id, o.kind, o.day
      ),
      exact as (
        select r.lift_id, r.kind,
               coalesce((select sum(extract(epoch from upper(x) - lower(x)))
                         from unnest(r.mr * win.mr * tstzmultirange(tstzrange(r.since, null))) as x), 0)::float8 as secs
        from recent r cross join win
        where win.mr is not null
      )`;
}
