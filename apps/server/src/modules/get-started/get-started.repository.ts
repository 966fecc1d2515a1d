// SQL for the get-started checklist: how many of each thing exist within what an administrator
// administers. Small counts on indexed columns; the checklist is asked when a page opens.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';

export interface GetStartedCounts {
  organisations: number;
  people: number;
  lifts: number;
  modules: number;
}

export class GetStartedRepository {
  constructor(private readonly db: Db) {}

  /**
   * Within `organisationIds` (null: every organisation): the organisations besides `ownOrganisationId`,
   * the people besides `userId` who are not disabled, and the lifts; the modules registered by one
   * of `moduleOrganisationIds` or fitted in one of their lifts (a maintenance company's in the lifts
   * it serves).
   */
  async counts(
    organisationIds: readonly number[] | null,
    moduleOrganisationIds: readonly number[] | null,
    ownOrganisationId: number,
    userId: number,
  ) {
    const inList = (ids: readonly number[] | null) => (column: SQL) =>
      ids === null ? sql`true` : sql`${column} = any(${sql.param([...ids])}::int[])`;
    const within = inList(organisationIds);
    const withinModules = inList(moduleOrganisationIds);
    const [row] = await sqlRows<GetStartedCounts>(
      this.db,
      sql`select
            (select count(*)::int from organisations o
              where o.id <> ${ownOrganisationId} and ${within(sql`o.id`)}) as organisations,
            (select count(*)::int from users u
              where u.id <> ${userId} and not u.disabled and ${within(sql`u.organisation_id`)}) as people,
            (select count(*)::int from lifts l where ${within(sql`l.organisation_id`)}) as lifts,
            (select count(*)::int from modules m left join lifts ml on ml.id = m.lift_id
              where ${withinModules(sql`m.organisation_id`)} or ${withinModules(sql`ml.organisation_id`)}) as modules`,
    );
    return row ?? { organisations: 0, people: 0, lifts: 0, modules: 0 };
  }
}
