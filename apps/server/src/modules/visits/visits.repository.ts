// SQL for visits: a lift's visits newest first (on the (lift_id, started_at) index) and one visit
// with its lift and the logbook entries written while it went on.
import { sql, type SQL } from 'drizzle-orm';
import type { LogbookEntry } from '@liftwacht/contracts/lifts';
import type { MyVisits } from '@liftwacht/contracts/dashboard';
import type { LiftVisitsQuery, Visit, VisitDetail } from '@liftwacht/contracts/visits';
import type { Db } from '../../db/database.ts';
import { localDayEndSql, localDayStartSql } from '../../db/local-time-sql.ts';
import { sqlRows } from '../../db/sql-rows.ts';

const iso = (expr: SQL): SQL => sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Visit columns as the contract names them; durations run to `now` while a visit is open. */
export const visitColumns = (now: Date): SQL => sql`
  v.id::float8 as id, v.lift_id as "liftId", v.type, v.role, v.state,
  ${iso(sql`v.started_at`)} as "startedAt", ${iso(sql`v.ended_at`)} as "endedAt",
  greatest(0, floor(extract(epoch from coalesce(v.ended_at, ${now.toISOString()}::timestamptz) - v.started_at)))::float8
    as "durationSeconds",
  v.person, v.remarks`;

export function toVisit(r: Visit): Visit {
  return {
    id: r.id,
    liftId: r.liftId,
    type: r.type,
    role: r.role,
    state: r.state,
    startedAt: r.startedAt,
    endedAt: r.endedAt,
    durationSeconds: r.durationSeconds,
    person: r.person,
    remarks: r.remarks,
  };
}

export class VisitsRepository {
  constructor(private readonly db: Db) {}

  async liftOrganisation(liftId: number): Promise<number | undefined> {
    const [row] = await sqlRows<{ organisationId: number }>(
      this.db,
      sql`select organisation_id as "organisationId" from lifts where id = ${liftId}`,
    );
    return row?.organisationId;
  }

  async page(liftId: number, query: LiftVisitsQuery, now: Date): Promise<{ items: Visit[]; total: number }> {
    const conditions: SQL[] = [sql`v.lift_id = ${liftId}`];
    if (query.type) conditions.push(sql`v.type = ${query.type}`);
    if (query.state) conditions.push(sql`v.state = ${query.state}`);
    if (query.from) {
      conditions.push(sql`v.started_at >= ${localDayStartSql(query.from)}`);
    }
    if (query.to) {
      conditions.push(sql`v.started_at < ${localDayEndSql(query.to)}`);
    }
    const where = sql.join(conditions, sql` and `);
    const rows = await sqlRows<Visit & { total: number }>(
      this.db,
      sql`select ${visitColumns(now)}, (count(*) over ())::int as total
          from visits v where ${where}
          order by v.started_at desc, v.id desc
          limit ${query.limit} offset ${query.offset}`,
    );
    // A page past the end has no row to carry the total.
    const total =
      rows[0]?.total ??
      (query.offset === 0
        ? 0
        : ((
            await sqlRows<{ total: number }>(this.db, sql`select count(*)::int as total from visits v where ${where}`)
          )[0]?.total ?? 0));
    return { items: rows.map((r) => toVisit(r)), total };
  }

  async findById(visitId: number, now: Date): Promise<Omit<VisitDetail, 'logbook'> | undefined> {
    const [row] = await sqlRows<
      Visit & {
        organisationId: number;
        liftname: string;
        address: string;
        buildingName: string | null;
        esNumber: string | null;
      }
    >(
      this.db,
      sql`select ${visitColumns(now)}, l.organisation_id as "organisationId", l.name as liftname, l.address,
                 l.building_name as "buildingName",
                 (select m.es_number from modules m where m.lift_id = l.id
                  order by m.last_seen_at desc nulls last, m.id desc limit 1) as "esNumber"
          from visits v join lifts l on l.id = v.lift_id
          where v.id = ${visitId}`,
    );
    if (!row) return undefined;
    const { organisationId, liftname, address, buildingName, esNumber } = row;
    return { ...toVisit(row), lift: { id: row.liftId, organisationId, liftname, address, buildingName, esNumber } };
  }

  /** The organisation's lift count and the user's visits in progress on its lifts. */
  async mine(organisationIds: readonly number[], userId: number): Promise<MyVisits> {
    const inScope = sql`l.organisation_id = any(${sql.param([...organisationIds])}::int[])`;
    const [count] = await sqlRows<{ n: number }>(this.db, sql`select count(*)::int as n from lifts l where ${inScope}`);
    const open = await sqlRows<MyVisits['openVisits'][number]>(
      this.db,
      sql`select v.id::float8 as id, v.lift_id as "liftId", l.name as liftname, v.type,
                 ${iso(sql`v.started_at`)} as "startedAt"
          from visits v join lifts l on l.id = v.lift_id
          where ${inScope} and v.started_by = ${userId} and v.state = 'progress'
          order by v.started_at desc, v.id desc
          limit 50`,
    );
    return { liftCount: count?.n ?? 0, openVisits: open };
  }

  /** The lift's logbook from `from` to `to`, oldest first. */
  async logbookBetween(liftId: number, from: string, to: string): Promise<LogbookEntry[]> {
    return sqlRows<LogbookEntry>(
      this.db,
      sql`select g.id::float8 as id, g.lift_id as "liftId", g.log_type as "logType", ${iso(sql`g.at`)} as at, g.text
          from logbook g
          where g.lift_id = ${liftId} and g.at >= ${from}::timestamptz and g.at <= ${to}::timestamptz
          order by g.at, g.id
          limit 500`,
    );
  }
}
