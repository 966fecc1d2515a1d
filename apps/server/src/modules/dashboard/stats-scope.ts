// Which lifts and which time span a statistics request covers, as SQL fragments shared by the
// dashboard repositories. Period bounds are local (Europe/Amsterdam) midnights.
import { sql, type SQL } from 'drizzle-orm';
import { liftInServiceSql } from '../../db/lift-service-sql.ts';
import { localDayEndSql, localDayStartSql } from '../../db/local-time-sql.ts';
import { businessTimeZone } from '../../db/rollups/availability-rollup.ts';

export interface LiftScope {
  organisationId: number;
  liftId?: number | undefined;
}

export interface BusinessPeriod {
  from: string;
  to: string;
  startHour: number;
  endHour: number;
}

/**
 * The scope's lifts that are in service on `inServiceOn`, a local day: today for the current view,
 * the first day for a period (a lift decommissioned on or before it does not count). `l` is the
 * lifts alias in every dashboard query.
 */
export function liftScopeSql(scope: LiftScope, inServiceOn: string): SQL {
  const lifts =
    scope.liftId === undefined
      ? sql`l.organisation_id = ${scope.organisationId}`
      : sql`l.organisation_id = ${scope.organisationId} and l.id = ${scope.liftId}`;
  return sql`${lifts} and ${liftInServiceSql(inServiceOn)}`;
}

/** First instant of the period: local midnight of `from`. */
export const periodStartSql = (p: BusinessPeriod): SQL => localDayStartSql(p.from);

/** First instant after the period: local midnight after `to`. */
export const periodEndSql = (p: BusinessPeriod): SQL => localDayEndSql(p.to);

/** Local hour of a timestamptz expression. */
export const localHourSql = (expr: SQL): SQL => sql`extract(hour from ${expr} at time zone ${businessTimeZone})`;
