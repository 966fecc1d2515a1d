// Small lookups the dashboard needs besides the figures.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { liftInServiceSql } from '../../db/lift-service-sql.ts';
import { lifts } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';

export class DashboardRepository {
  constructor(private readonly db: Db) {}

  /** Whether the organisation has a lift: one index probe, where counting 10,000 lifts took ~7 ms a request. */
  async hasLifts(organisationId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: lifts.id })
      .from(lifts)
      .where(eq(lifts.organisationId, organisationId))
      .limit(1);
    return row !== undefined;
  }

  async liftExists(organisationId: number, liftId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: lifts.id })
      .from(lifts)
      .where(and(eq(lifts.organisationId, organisationId), eq(lifts.id, liftId)));
    return row !== undefined;
  }

  /** Per organisation of `organisationIds` that has lifts in service on the local day `day`: how many. */
  async liftCountsIn(
    organisationIds: readonly number[],
    day: string,
  ): Promise<{ organisationId: number; lifts: number }[]> {
    if (organisationIds.length === 0) return [];
    return sqlRows<{ organisationId: number; lifts: number }>(
      this.db,
      sql`select l.organisation_id as "organisationId", count(*)::int as lifts
          from lifts l
          where l.organisation_id = any(${sql.param([...organisationIds])}::int[]) and ${liftInServiceSql(day)}
          group by l.organisation_id
          order by l.organisation_id`,
    );
  }

  /** Names and addresses of the organisation's lifts: all of them, or only those of `liftIds`. */
  async liftSummaries(
    organisationId: number,
    liftIds?: readonly number[],
  ): Promise<Map<number, { name: string; address: string; buildingName: string | null }>> {
    const ids = liftIds === undefined ? undefined : sql`${lifts.id} = any(${sql.param([...liftIds])}::int[])`;
    const rows = await this.db
      .select({ id: lifts.id, name: lifts.name, address: lifts.address, buildingName: lifts.buildingName })
      .from(lifts)
      .where(and(eq(lifts.organisationId, organisationId), ids));
    return new Map(rows.map((r) => [r.id, r]));
  }
}
