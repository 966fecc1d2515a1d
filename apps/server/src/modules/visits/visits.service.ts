// Visits: a lift's list and the visit page. The lift decides the scope: a visit to a lift outside
// the user's organisations (own plus granted) is 404, like the lift itself.
import type { MyVisits } from '@liftwacht/contracts/dashboard';
import type { LiftVisitsQuery, Visit, VisitDetail } from '@liftwacht/contracts/visits';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { pagedBatches } from '../../lib/spreadsheet-export.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import type { VisitsRepository } from './visits.repository.ts';

export class VisitsService {
  constructor(
    private readonly repository: VisitsRepository,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
  ) {}

  async liftVisits(
    principal: Principal,
    liftId: number,
    query: LiftVisitsQuery,
  ): Promise<{ items: Visit[]; total: number }> {
    const organisationId = await this.repository.liftOrganisation(liftId);
    if (organisationId === undefined || !(await this.access.canAccess(principal, organisationId))) {
      throw notFound('Lift');
    }
    return this.repository.page(liftId, query, this.clock.now());
  }

  /** Every visit the lift's list shows for the filters, newest first, batch by batch (the export). */
  async liftVisitsExport(
    principal: Principal,
    liftId: number,
    filters: Omit<LiftVisitsQuery, 'limit' | 'offset'>,
  ): Promise<AsyncIterable<Visit[]>> {
    const organisationId = await this.repository.liftOrganisation(liftId);
    if (organisationId === undefined || !(await this.access.canAccess(principal, organisationId))) {
      throw notFound('Lift');
    }
    // One moment for every batch; one lift's visits are few, so pages by offset are cheap.
    const now = this.clock.now();
    return pagedBatches(
      async (offset, limit) => (await this.repository.page(liftId, { ...filters, limit, offset }, now)).items,
    );
  }

  async visit(principal: Principal, visitId: number): Promise<VisitDetail> {
    const now = this.clock.now();
    const visit = await this.repository.findById(visitId, now);
    if (!visit || !(await this.access.canAccess(principal, visit.lift.organisationId))) throw notFound('Visit');
    const logbook = await this.repository.logbookBetween(
      visit.liftId,
      visit.startedAt,
      visit.endedAt ?? now.toISOString(),
    );
    return { ...visit, logbook };
  }

  /** The monteur's dashboard: 404 outside the caller's organisations, like the dashboard itself. */
  /** Without an organisation: over the caller's whole scope, as a mechanic's dashboard shows it. */
  async mine(principal: Principal, organisationId: number | undefined): Promise<MyVisits> {
    if (organisationId === undefined) {
      return this.repository.mine(await this.access.organisationIds(principal), principal.userId);
    }
    await this.access.assertOrganisation(principal, organisationId);
    return this.repository.mine([organisationId], principal.userId);
  }
}
