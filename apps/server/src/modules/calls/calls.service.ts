// Alarm calls (EN 81-28) of one organisation: the period list with totals per kind, and the calls
// still running, timed by the server's clock.
import type { CallListQuery, CallTotals, Call, CurrentCall, CurrentCallsQuery } from '@liftwacht/contracts/calls';
import type { Clock } from '../../lib/clock.ts';
import { idBatches } from '../../lib/spreadsheet-export.ts';
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
    const filter = filterOf(query);
    const [page, totals] = await Promise.all([
      this.repository.list(filter, query, this.clock.now()),
      this.repository.totals(filter),
    ]);
    return { ...page, totals };
  }

  /**
   * Every call the list shows for the query, in its order, batch by batch (the export). Scope is
   * checked before the first batch, so a refusal still answers as a JSON error.
   */
  async exportBatches(principal: Principal, query: CallSelection): Promise<AsyncIterable<Call[]>> {
    await this.access.assertOrganisation(principal, query.organisationId);
    const now = this.clock.now();
    const ids = await this.repository.orderedIds(filterOf(query), query, now);
    return idBatches(ids, (chosen) => this.repository.findByIds(chosen, now));
  }

  /** Every call not yet ended, longest running first, batch by batch (the current calls export). */
  async currentExportBatches(principal: Principal, organisationId: number): Promise<AsyncIterable<Call[]>> {
    await this.access.assertOrganisation(principal, organisationId);
    const now = this.clock.now();
    const ids = await this.repository.currentIds(organisationId);
    return idBatches(ids, (chosen) => this.repository.findByIds(chosen, now));
  }

  async current(principal: Principal, query: CurrentCallsQuery): Promise<{ items: CurrentCall[]; total: number }> {
    await this.access.assertOrganisation(principal, query.organisationId);
    return this.repository.current(query.organisationId, this.clock.now(), query.limit, query.offset);
  }
}

/** The list's filters and order: a list query without its page. */
export type CallSelection = Omit<CallListQuery, 'limit' | 'offset'>;

const filterOf = (query: CallSelection) => ({
  organisationId: query.organisationId,
  from: query.from,
  to: query.to,
  kinds: query.kinds,
  liftIds: query.liftIds,
});
