// SQL for organisations as administration shows them: with their user count and the organisations
// they may access.
import { sql, type SQL } from 'drizzle-orm';
import type { AdminOrganisation, AdminOrganisationListQuery } from '@liftwacht/contracts/administration';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { containsPattern, isoSql } from '../../db/sql-text.ts';

type OrganisationType = AdminOrganisation['type'];

const selectOrganisation = sql`
  select o.id, o.name, o.type,
    (select count(*)::int from users u where u.organisation_id = o.id) as "userCount",
    coalesce((select json_agg(a.accessible_organisation_id order by a.accessible_organisation_id)
              from organisation_access a where a.organisation_id = o.id), '[]'::json) as "accessibleOrganisationIds",
    ${isoSql(sql`o.created_at`)} as "createdAt", ${isoSql(sql`o.updated_at`)} as "updatedAt", o.version
  from organisations o`;

const sortColumns: Record<AdminOrganisationListQuery['sort'], SQL> = {
  name: sql`lower(o.name)`,
  type: sql`o.type`,
  createdAt: sql`o.created_at`,
};

export interface OrganisationFilter {
  /** null: every organisation. */
  ids: number[] | null;
  search?: string | undefined;
  type?: OrganisationType | undefined;
}

function whereOf(filter: OrganisationFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.ids !== null) conditions.push(sql`o.id = any(${`{${filter.ids.join(',')}}`}::int[])`);
  if (filter.search) conditions.push(sql`o.name ilike ${containsPattern(filter.search)}`);
  if (filter.type) conditions.push(sql`o.type = ${filter.type}`);
  return sql.join(conditions, sql` and `);
}

export class AdminOrganisationsRepository {
  constructor(readonly db: Db) {}

  async list(
    filter: OrganisationFilter,
    order: Pick<AdminOrganisationListQuery, 'sort' | 'direction' | 'limit' | 'offset'>,
  ): Promise<{ items: AdminOrganisation[]; total: number }> {
    const where = whereOf(filter);
    const direction = order.direction === 'desc' ? sql`desc` : sql`asc`;
    const [items, totals] = await Promise.all([
      sqlRows<AdminOrganisation>(
        this.db,
        sql`${selectOrganisation} where ${where}
            order by ${sortColumns[order.sort]} ${direction}, o.id ${direction}
            limit ${order.limit} offset ${order.offset}`,
      ),
      sqlRows<{ n: number }>(this.db, sql`select count(*)::int as n from organisations o where ${where}`),
    ]);
    return { items, total: totals[0]?.n ?? 0 };
  }

  async find(id: number, db: Db = this.db): Promise<AdminOrganisation | undefined> {
    const [row] = await sqlRows<AdminOrganisation>(db, sql`${selectOrganisation} where o.id = ${id}`);
    return row;
  }

  async exists(id: number, db: Db = this.db): Promise<boolean> {
    const rows = await sqlRows<{ id: number }>(db, sql`select id from organisations where id = ${id}`);
    return rows.length > 0;
  }

  /** Locks the organisation's row for the rest of the transaction; its version, or undefined. */
  async lock(db: Db, id: number): Promise<number | undefined> {
    const [row] = await sqlRows<{ version: number }>(
      db,
      sql`select version from organisations where id = ${id} for update`,
    );
    return row?.version;
  }

  async insert(db: Db, values: { name: string; type: OrganisationType }, now: Date): Promise<number> {
    const [row] = await sqlRows<{ id: number }>(
      db,
      sql`insert into organisations (name, type, created_at, updated_at)
          values (${values.name}, ${values.type}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          returning id`,
    );
    if (!row) throw new Error('organisation not inserted');
    return row.id;
  }

  async update(db: Db, id: number, values: { name: string; type: OrganisationType }, now: Date): Promise<void> {
    await db.execute(
      sql`update organisations set name = ${values.name}, type = ${values.type}, version = version + 1,
            updated_at = ${now.toISOString()}::timestamptz
          where id = ${id}`,
    );
  }

  /** How many organisations this one may access (grants it holds as the serving company). */
  async grantsReceived(db: Db, id: number): Promise<number> {
    const [row] = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from organisation_access where accessible_organisation_id = ${id}`,
    );
    return row?.n ?? 0;
  }

  async grantsHeld(db: Db, id: number): Promise<number> {
    const [row] = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from organisation_access where organisation_id = ${id}`,
    );
    return row?.n ?? 0;
  }
}
