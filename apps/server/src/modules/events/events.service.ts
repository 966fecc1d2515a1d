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
    return this.repository.list(
      {
        organisationId: query.organisationId,
        types: effectiveTypes(query.types, query.onlyUnavailability),
        liftIds: query.liftIds,
        from: query.from,
        to: query.to,
        showClosed: query.showClosed,
        sort: query.sort,
        order: query.order,
        limit: query.limit,
        offset: query.offset,
      },
      this.clock.now(),
    );
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

/** "Only unavailability" narrows the chosen types (all types when none are chosen); filters AND. */
function effectiveTypes(types: EventType[] | undefined, onlyUnavailability: boolean): EventType[] | undefined {
  if (!onlyUnavailability) return types;
  const unavailability: readonly EventType[] = unavailabilityEventTypes;
  return types ? types.filter((t) => unavailability.includes(t)) : [...unavailability];
}
