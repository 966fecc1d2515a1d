// Scheduled-report subscriptions ("Meldingen"): a user subscribes to the monthly or quarterly report
// of an organisation they may read (another organisation answers 404, as everywhere).
import type { ReportCadence, ReportSubscription, ReportSubscriptionInput } from '@liftwacht/contracts/reports';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import type { ReportSubscriptionsRepository } from './report-subscriptions.repository.ts';

export class ReportSubscriptionsService {
  constructor(
    private readonly repository: ReportSubscriptionsRepository,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
  ) {}

  /** The user's subscriptions to organisations they still reach. */
  async list(principal: Principal): Promise<ReportSubscription[]> {
    const rows = await this.repository.list(principal.userId);
    const visible: ReportSubscription[] = [];
    for (const row of rows) {
      if (!(await this.access.canAccess(principal, row.organisationId))) continue;
      visible.push({ ...row, cadence: row.cadence as ReportCadence, createdAt: row.createdAt.toISOString() });
    }
    return visible;
  }

  async add(principal: Principal, input: ReportSubscriptionInput): Promise<ReportSubscription[]> {
    await this.access.assertOrganisation(principal, input.organisationId);
    await this.repository.add(principal.userId, input.organisationId, input.cadence, this.clock.now());
    return this.list(principal);
  }

  /** Idempotent: removing what is not there answers the list as it is. */
  async remove(principal: Principal, organisationId: number, cadence: ReportCadence): Promise<ReportSubscription[]> {
    await this.access.assertOrganisation(principal, organisationId);
    await this.repository.remove(principal.userId, organisationId, cadence);
    return this.list(principal);
  }
}
