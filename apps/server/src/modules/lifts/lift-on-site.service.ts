// The on-site summary of one lift (issue 41, docs/field-work.md): the rules that turn the lift's
// rows into "in or out of service since", its open faults and call, and what is due. The service
// state follows the lift's open `unavailable` event, as the "lift unavailable" status does; what is
// due reads the rows the dashboard's statuses read (lift_facts.inspection_due_on: a never-inspected
// lift is due 12 months after commissioning, one with neither date is unknown, never fine;
// lift_maintenance_rides: the interval from the last maintenance visit, else commissioning, else the
// lift's creation, and "insufficient" past its margin or over the ride threshold), so the summary
// and the figures never disagree (docs/field-work.md).
import {
  addDaysToDay,
  inspectionDue,
  maintenanceDueState,
  type LiftOnSite,
  type OnSiteService,
} from '@liftwacht/contracts/lift-on-site';
import type { EventType } from '@liftwacht/contracts/event-types';
import { eventTypes } from '@liftwacht/contracts/event-types';
import { toCall } from '../../db/call-rows.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { localDay } from '../../lib/local-day.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import type { LiftOnSiteRepository, Outage } from './lift-on-site.repository.ts';
import type { LiftsRepository } from './lifts.repository.ts';

const knownType = (type: string | null): EventType | null =>
  type !== null && (eventTypes as readonly string[]).includes(type) ? (type as EventType) : null;

export class LiftOnSiteService {
  constructor(
    private readonly lifts: LiftsRepository,
    private readonly onSite: LiftOnSiteRepository,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
  ) {}

  async summary(principal: Principal, liftId: number): Promise<LiftOnSite> {
    const organisationId = await this.lifts.organisationOf(liftId);
    if (organisationId === undefined || !(await this.access.canAccess(principal, organisationId))) {
      throw notFound('Lift');
    }
    const now = this.clock.now();
    const today = localDay(now);
    const [lift, outage, lastOutageEnd, faults, callRow, events, visits, due] = await Promise.all([
      this.lifts.findById(liftId),
      this.onSite.outage(liftId, now),
      this.onSite.lastOutageEnd(liftId),
      this.onSite.openFaults(liftId, now),
      this.onSite.openCall(liftId, now),
      this.onSite.recentEvents(liftId, now),
      this.onSite.recentVisits(liftId, now),
      this.onSite.due(liftId),
    ]);
    if (!lift || !due) throw notFound('Lift');

    const lastVisitOn = due.lastMaintenanceAt ? localDay(due.lastMaintenanceAt) : null;
    const maintenanceDueOn = addDaysToDay(
      localDay(due.lastMaintenanceAt ?? due.maintenanceSince),
      lift.maintenanceIntervalDays,
    );
    const lastInspection = lift.lastInspection;
    return {
      liftId,
      at: now.toISOString(),
      service: serviceOf(lift.decommissionedOn, lift.module !== null, today, outage, lastOutageEnd),
      faults,
      call: callRow
        ? toCall(callRow, { id: lift.id, name: lift.details.liftname ?? '', address: lift.details.address ?? '' })
        : null,
      events,
      visits,
      due: {
        inspection: inspectionDue(due.inspectionDueOn, lastInspection, today),
        maintenance: {
          state: maintenanceDueState(maintenanceDueOn, due.maintenanceExceededAt < now, today),
          dueOn: maintenanceDueOn,
          basis: lastVisitOn !== null ? 'visit' : lift.commissionedOn !== null ? 'commissioned' : 'created',
          lastVisitOn,
          intervalDays: lift.maintenanceIntervalDays,
          ridesSince: Math.round(due.ridesSince),
          rideThreshold: lift.serviceRideThreshold,
          ridesExceeded: due.overThreshold,
        },
      },
    };
  }
}

/**
 * Decommissioned from its day on; otherwise out of service while an outage is open (recorded by a
 * module, or by hand), in service only when a module is there to say so, else unknown.
 */
function serviceOf(
  decommissionedOn: string | null,
  hasModule: boolean,
  today: string,
  outage: Outage | null,
  lastOutageEnd: string | null,
): OnSiteService {
  if (decommissionedOn !== null && decommissionedOn <= today) {
    return { state: 'decommissioned', since: decommissionedOn, cause: null };
  }
  if (outage) return { state: 'out_of_service', since: outage.startedAt, cause: knownType(outage.cause) };
  if (!hasModule) return { state: 'unknown', since: null, cause: null };
  return { state: 'in_service', since: lastOutageEnd, cause: null };
}
