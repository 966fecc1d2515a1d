// SQL behind the organisation-access check.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { organisationAccess, organisations } from '../db/schema.ts';

export class AccessRepository {
  constructor(private readonly db: Db) {}

  async grantedOrganisationIds(organisationId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: organisationAccess.accessibleOrganisationId })
      .from(organisationAccess)
      .where(eq(organisationAccess.organisationId, organisationId));
    return rows.map((r) => r.id);
  }

  /** Every organisation, in id order: the scope of the company that runs Liftwacht. */
  async allOrganisationIds(): Promise<number[]> {
    const rows = await this.db.select({ id: organisations.id }).from(organisations).orderBy(organisations.id);
    return rows.map((r) => r.id);
  }
}
