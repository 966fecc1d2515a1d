// Alarm calls (EN 81-28) of one organisation: the period list with totals per kind, and the calls
// still running, timed by the server's clock.
import type { CallListQuery, CallTotals, Call, CurrentCall, CurrentCallsQuery } from '@liftwacht/contracts/calls';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import type { CallsRepository } from './calls.repository.ts';

export class CallsService {
  constructor(
    private readonly repository: CallsRepository,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
  ) {}

  async list(
    principal: Principal,
    query: CallListQuery,
  ): Promise<{ items: Call[]; total: number; totals: CallTotals }> {
    await this.access.assertOrganisation(principal, query.organisationId);
    const filter = {
      organisationId: query.organisationId,
      from: query.from,
      to: query.to,
      kinds: query.kinds,
      liftIds: query.liftIds,
    };
    const [page, totals] = await Promise.all([
      this.repository.list(filter, query, this.clock.now()),
      this.repository.totals(filter),
    ]);
    return { ...page, totals };
  }

  async current(principal: Principal, query: CurrentCallsQuery): Promise<{ items: CurrentCall[]; total: number }> {
    await this.access.assertOrganisation(principal, query.organisationId);
    return this.repository.current(query.organisationId, this.clock.now(), query.limit, query.offset);
  }
}
