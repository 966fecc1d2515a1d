// The on-site summary of one lift (issue 41, docs/field-work.md): the rules that turn the lift's
// rows into "in or out of service since", its open faults and call, and what is due. The service
// state follows the lift's open `unavailable` event, as the "lift unavailable" status does; the
// inspection counts a never-inspected lift as due 12 months after commissioning, and a lift with
// neither an approval nor a commissioning date as unknown (never as fine); maintenance is due the
// lift's interval after its last finished maintenance visit (else after commissioning), and its
// ride counter reads the same row as "maintenance insufficient".
import { inspectionDue, maintenanceDue, type LiftOnSite, type OnSiteService } from '@liftwacht/contracts/lift-on-site';
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
    const [lift, outage, lastOutageEnd, faults, callRow, events, visits, maintenance] = await Promise.all([
      this.lifts.findById(liftId),
      this.onSite.outage(liftId, now),
      this.onSite.lastOutageEnd(liftId),
      this.onSite.openFaults(liftId, now),
      this.onSite.openCall(liftId, now),
      this.onSite.recentEvents(liftId, now),
      this.onSite.recentVisits(liftId, now),
      this.onSite.maintenance(liftId),
    ]);
    if (!lift) throw notFound('Lift');

    const lastVisitOn = maintenance?.lastMaintenanceAt ? localDay(maintenance.lastMaintenanceAt) : null;
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
        inspection: inspectionDue(lift, today),
        maintenance: {
          ...maintenanceDue(
            { lastVisitOn, commissionedOn: lift.commissionedOn, intervalDays: lift.maintenanceIntervalDays },
            today,
          ),
          lastVisitOn,
          intervalDays: lift.maintenanceIntervalDays,
          ridesSince: Math.round(maintenance?.ridesSince ?? 0),
          rideThreshold: lift.serviceRideThreshold,
          ridesExceeded: maintenance?.overThreshold ?? false,
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
