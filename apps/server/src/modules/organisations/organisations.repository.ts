// SQL for organisations.
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Organisation } from '@liftwacht/contracts/organisations';
import type { Db } from '../../db/database.ts';
import { organisations } from '../../db/schema.ts';

const columns = { id: organisations.id, name: organisations.name, type: organisations.type };

export class OrganisationsRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<Organisation | undefined> {
    const [row] = await this.db.select(columns).from(organisations).where(eq(organisations.id, id));
    return row as Organisation | undefined;
  }

  async list(ids: number[], limit: number, offset: number): Promise<{ items: Organisation[]; total: number }> {
    if (ids.length === 0) return { items: [], total: 0 };
    const [items, totals] = await Promise.all([
      this.db
        .select(columns)
        .from(organisations)
        .where(inArray(organisations.id, ids))
        .orderBy(asc(organisations.name), asc(organisations.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(organisations).where(inArray(organisations.id, ids)),
    ]);
    return { items: items as Organisation[], total: totals[0]?.n ?? 0 };
  }
}
