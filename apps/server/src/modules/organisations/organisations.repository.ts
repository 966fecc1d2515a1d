// SQL for organisations.
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Organisation, PickableOrganisation } from '@liftwacht/contracts/organisations';
import type { Db } from '../../db/database.ts';
import { liftInServiceSql } from '../../db/lift-service-sql.ts';
import { organisations } from '../../db/schema.ts';

const columns = { id: organisations.id, name: organisations.name, type: organisations.type };

export class OrganisationsRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<Organisation | undefined> {
    const [row] = await this.db.select(columns).from(organisations).where(eq(organisations.id, id));
    return row as Organisation | undefined;
  }

  /** The organisations of `ids` by name, each with its lifts in service on the local day `today`. */
  async list(
    ids: number[],
    limit: number,
    offset: number,
    today: string,
  ): Promise<{ items: PickableOrganisation[]; total: number }> {
    if (ids.length === 0) return { items: [], total: 0 };
    const liftCount = sql<number>`(select count(*)::int from lifts l
      where l.organisation_id = organisations.id and ${liftInServiceSql(today)})`;
    const [items, totals] = await Promise.all([
      this.db
        .select({ ...columns, liftCount })
        .from(organisations)
        .where(inArray(organisations.id, ids))
        .orderBy(asc(organisations.name), asc(organisations.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(organisations).where(inArray(organisations.id, ids)),
    ]);
    return { items: items as PickableOrganisation[], total: totals[0]?.n ?? 0 };
  }
}
