// The whole lifts list for an export, as app.liftList: the same scope, search, criteria and order
// as GET/POST /lift, not one page but every matching lift, handed out in batches so an export of
// 100,000 lifts holds one batch of lifts in memory at a time (and the ordered ids).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { visibleLiftStatuses } from '@liftwacht/contracts/dashboard';
import type { InspectionKind, InspectionResult } from '@liftwacht/contracts/inspections';
import type { Lift, LiftSearchCriteria, LiftSort, LiftSortDirection } from '@liftwacht/contracts/lifts';
import { forbidden } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { LiftsRepository, type LiftFilter, type LiftWithRecordsRow } from './lifts.repository.ts';
import { normaliseCriteria } from './lifts.service.ts';
import { searchWords } from './search-terms.ts';

/** What the list shows: GET /lift's search, or POST /lift's criteria when given. */
export interface LiftListSelection {
  organisationId?: number | undefined;
  search?: string | undefined;
  criteria?: LiftSearchCriteria | null | undefined;
  sort: LiftSort;
  direction: LiftSortDirection;
  /** Only these lifts of the selection (the sticker of one lift), still in the list's order. */
  liftIds?: readonly number[] | undefined;
}

/** What the lift export shows of a lift's records beside the lift itself. */
export interface LiftRecordFacts {
  lastInspection: { inspectedOn: string; kind: InspectionKind; result: InspectionResult } | undefined;
  /** The local day of the last finished maintenance visit. */
  lastMaintenanceOn: string | undefined;
}

export interface LiftWithRecords {
  lift: Lift;
  facts: LiftRecordFacts;
}

const batchSize = 500;

function withRecords(row: LiftWithRecordsRow): LiftWithRecords {
  const { lift, inspectedOn, kind, result, maintainedOn } = row;
  return {
    lift,
    facts: {
      // The kept row writes day, kind and result of one inspection together.
      lastInspection:
        inspectedOn !== null && kind !== null && result !== null
          ? { inspectedOn, kind: kind as InspectionKind, result: result as InspectionResult }
          : undefined,
      lastMaintenanceOn: maintainedOn ?? undefined,
    },
  };
}

export class LiftList {
  constructor(
    private readonly lifts: LiftsRepository,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
  ) {}

  /**
   * Checks scope and criteria first (404 for an organisation out of scope, 403 for statuses the
   * role may not see), so an export can still answer with an error before it starts streaming;
   * then the lifts follow batch by batch, in the list's order.
   */
  async batches(principal: Principal, selection: LiftListSelection): Promise<AsyncIterable<Lift[]>> {
    const ids = await this.selectedIds(principal, selection);
    return inBatches(ids, (chosen) => this.lifts.findByIds(chosen));
  }

  /** The same lifts with their last inspection and maintenance visit, for the lift export: one query a batch. */
  async batchesWithRecords(
    principal: Principal,
    selection: LiftListSelection,
  ): Promise<AsyncIterable<LiftWithRecords[]>> {
    const ids = await this.selectedIds(principal, selection);
    return inBatches(ids, async (chosen) => (await this.lifts.findWithRecordsByIds(chosen)).map(withRecords));
  }

  /** The ids of the selection in the list's order, after the checks (which throw). */
  private async selectedIds(principal: Principal, selection: LiftListSelection): Promise<number[]> {
    const organisationIds = await this.organisationIds(principal, selection.organisationId);
    const filter = this.filterOf(principal, selection, organisationIds);
    const listed = filter ? await this.lifts.orderedIds(filter, selection, this.clock.now()) : [];
    const chosen = selection.liftIds ? new Set(selection.liftIds) : undefined;
    return chosen ? listed.filter((id) => chosen.has(id)) : listed;
  }

  /** The chosen organisation (404 when not accessible), or every accessible one. */
  private async organisationIds(principal: Principal, organisationId: number | undefined): Promise<number[]> {
    if (organisationId === undefined) return this.access.organisationIds(principal);
    await this.access.assertOrganisation(principal, organisationId);
    return [organisationId];
  }

  /** The list's filter; undefined when advanced criteria constrain nothing (spec §5: no lifts). */
  private filterOf(
    principal: Principal,
    selection: LiftListSelection,
    organisationIds: number[],
  ): LiftFilter | undefined {
    const words = searchWords(selection.search);
    if (!selection.criteria) return { organisationIds, words, fields: {}, statuses: [], statusMatch: 'any' };
    const criteria = normaliseCriteria(selection.criteria);
    if (!criteria) return undefined;
    const visible = visibleLiftStatuses(principal.roles);
    if (criteria.statuses.some((status) => !visible.includes(status))) throw forbidden();
    return { ...criteria, words, organisationIds };
  }
}

async function* inBatches<T>(ids: readonly number[], read: (ids: number[]) => Promise<T[]>): AsyncIterable<T[]> {
  for (let start = 0; start < ids.length; start += batchSize) {
    yield await read(ids.slice(start, start + batchSize));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every lift of the list for a search or criteria, in batches (lift-export-rows.ts). */
    liftList: LiftList;
  }
}

export const liftListPlugin = fp(
  (app: FastifyInstance) => {
    app.decorate('liftList', new LiftList(new LiftsRepository(app.db, app.database), app.access, app.clock));
  },
  { name: 'lift-list', dependencies: ['core', 'access'] },
);
