// SQL for access grants (organisation_access) with both organisations' names and types.
import { sql, type SQL } from 'drizzle-orm';
import type { AccessGrant } from '@liftwacht/contracts/administration';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { containsPattern, isoSql } from '../../db/sql-text.ts';

const selectGrant = sql`
  select a.organisation_id as "organisationId", o.name as "organisationName", o.type as "organisationType",
    a.accessible_organisation_id as "accessibleOrganisationId", t.name as "accessibleOrganisationName",
    t.type as "accessibleOrganisationType", ${isoSql(sql`a.created_at`)} as "createdAt"
  from organisation_access a
  join organisations o on o.id = a.organisation_id
  join organisations t on t.id = a.accessible_organisation_id`;

export interface GrantFilter {
  /** Grants from or to one of these organisations; null: every grant. */
  organisationIds: number[] | null;
  search?: string | undefined;
}

function whereOf(filter: GrantFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.organisationIds !== null) {
    const ids = `{${filter.organisationIds.join(',')}}`;
    conditions.push(sql`(a.organisation_id = any(${ids}::int[]) or a.accessible_organisation_id = any(${ids}::int[]))`);
  }
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(sql`(o.name ilike ${pattern} or t.name ilike ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

export class AccessGrantsRepository {
  constructor(readonly db: Db) {}

  async list(filter: GrantFilter, limit: number, offset: number): Promise<{ items: AccessGrant[]; total: number }> {
    const where = whereOf(filter);
    const [items, totals] = await Promise.all([
      sqlRows<AccessGrant>(
        this.db,
        sql`${selectGrant} where ${where}
            order by lower(o.name), o.id, lower(t.name), t.id limit ${limit} offset ${offset}`,
      ),
      sqlRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from organisation_access a
            join organisations o on o.id = a.organisation_id
            join organisations t on t.id = a.accessible_organisation_id where ${where}`,
      ),
    ]);
    return { items, total: totals[0]?.n ?? 0 };
  }

  async find(db: Db, organisationId: number, accessibleOrganisationId: number): Promise<AccessGrant | undefined> {
    const [row] = await sqlRows<AccessGrant>(
      db,
      sql`${selectGrant} where a.organisation_id = ${organisationId}
            and a.accessible_organisation_id = ${accessibleOrganisationId}`,
    );
    return row;
  }

  /** The organisation's type, locking its row (so its type cannot change while a grant is made). */
  async lockOrganisationType(db: Db, id: number): Promise<string | undefined> {
    const [row] = await sqlRows<{ type: string }>(db, sql`select type from organisations where id = ${id} for update`);
    return row?.type;
  }

  async organisationExists(db: Db, id: number): Promise<boolean> {
    return (await sqlRows(db, sql`select 1 from organisations where id = ${id}`)).length > 0;
  }

  /** Inserts the grant; false when it exists already. */
  async insert(db: Db, organisationId: number, accessibleOrganisationId: number, now: Date): Promise<boolean> {
    const rows = await sqlRows(
      db,
      sql`insert into organisation_access (organisation_id, accessible_organisation_id, created_at)
          values (${organisationId}, ${accessibleOrganisationId}, ${now.toISOString()}::timestamptz)
          on conflict do nothing returning organisation_id`,
    );
    return rows.length === 1;
  }

  async delete(db: Db, organisationId: number, accessibleOrganisationId: number): Promise<boolean> {
    const rows = await sqlRows(
      db,
      sql`delete from organisation_access
          where organisation_id = ${organisationId} and accessible_organisation_id = ${accessibleOrganisationId}
          returning organisation_id`,
    );
    return rows.length === 1;
  }
}
