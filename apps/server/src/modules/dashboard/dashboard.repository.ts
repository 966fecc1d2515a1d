// Small lookups the dashboard needs besides the figures.
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { lifts } from '../../db/schema.ts';

export class DashboardRepository {
  constructor(private readonly db: Db) {}

  async liftCount(organisationId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(lifts).where(eq(lifts.organisationId, organisationId));
    return row?.n ?? 0;
  }

  async liftExists(organisationId: number, liftId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: lifts.id })
      .from(lifts)
      .where(and(eq(lifts.organisationId, organisationId), eq(lifts.id, liftId)));
    return row !== undefined;
  }

  async liftSummaries(
    organisationId: number,
  ): Promise<Map<number, { name: string; address: string; buildingName: string | null }>> {
    const rows = await this.db
      .select({ id: lifts.id, name: lifts.name, address: lifts.address, buildingName: lifts.buildingName })
      .from(lifts)
      .where(eq(lifts.organisationId, organisationId));
    return new Map(rows.map((r) => [r.id, r]));
  }
}
