// The events list and event detail: organisation scope, how the filters combine, and what an
// event's detail gathers around it.
import {
  eventRelatedLimit,
  unavailabilityEventTypes,
  type EventDetail,
  type EventListQuery,
  type LiftEvent,
} from '@liftwacht/contracts/events';
import type { EventType } from '@liftwacht/contracts/event-types';
import { notFound } from '../../lib/app-error.ts';
import { idBatches } from '../../lib/spreadsheet-export.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import type { EventsRepository } from './events.repository.ts';

export class EventsService {
  constructor(
    private readonly repository: EventsRepository,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
  ) {}

  async list(principal: Principal, query: EventListQuery): Promise<{ items: LiftEvent[]; total: number }> {
    await this.access.assertOrganisation(principal, query.organisationId);
    return this.repository.list({ ...filterOf(query), limit: query.limit, offset: query.offset }, this.clock.now());
  }

  /**
   * Every event the list shows for the query, in its order, batch by batch (the export). Scope is
   * checked before the first batch, so a refusal still answers as a JSON error.
   */
  async exportBatches(principal: Principal, query: EventSelection): Promise<AsyncIterable<LiftEvent[]>> {
    await this.access.assertOrganisation(principal, query.organisationId);
    // One moment for every batch, so running durations agree with each other.
    const now = this.clock.now();
    const ids = await this.repository.orderedIds(filterOf(query), now);
    return idBatches(ids, (chosen) => this.repository.findByIds(chosen, now));
  }

  /** One event with the calls and visits at its lift while it went on; 404 outside the user's organisations. */
  async detail(principal: Principal, id: number): Promise<EventDetail> {
    const now = this.clock.now();
    const found = await this.repository.find(id, now);
    if (!found || !(await this.access.canAccess(principal, found.organisationId))) throw notFound('Event');
    const { event } = found;
    const from = new Date(event.startedAt);
    const to = event.endedAt ? new Date(event.endedAt) : now;
    const [calls, visits] = await Promise.all([
      this.repository.callsDuring(event.lift, from, to, now, eventRelatedLimit),
      this.repository.visitsDuring(event.lift.id, from, to, eventRelatedLimit),
    ]);
    return { ...event, data: found.data, calls, visits };
  }
}

/** The list's filters and order: a list query without its page. */
export type EventSelection = Omit<EventListQuery, 'limit' | 'offset'>;

function filterOf(query: EventSelection) {
  return {
    organisationId: query.organisationId,
    types: effectiveTypes(query.types, query.onlyUnavailability),
    liftIds: query.liftIds,
    from: query.from,
    to: query.to,
    showClosed: query.showClosed,
    sort: query.sort,
    order: query.order,
  };
}

/** "Only unavailability" narrows the chosen types (all types when none are chosen); filters AND. */
function effectiveTypes(types: EventType[] | undefined, onlyUnavailability: boolean): EventType[] | undefined {
  if (!onlyUnavailability) return types;
  const unavailability: readonly EventType[] = unavailabilityEventTypes;
  return types ? types.filter((t) => unavailability.includes(t)) : [...unavailability];
}
