// SQL of a lift's on-site summary (lift-on-site.service.ts): its outage, open faults, open call,
// last events and visits, and the inspection and maintenance facts. Every read is on one lift's index prefix
// (events (lift_id, type, …), calls (lift_id, started_at), visits (lift_id, started_at)) and bounded.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { onSiteFaultTypes, onSiteLimits, type OnSiteEvent } from '@liftwacht/contracts/lift-on-site';
import type { Visit } from '@liftwacht/contracts/visits';
import { callColumns, type CallRow } from '../../db/call-rows.ts';
import type { Db } from '../../db/database.ts';
import { eventColumns, toEventFields } from '../../db/event-rows.ts';
import { runningSecondsSql } from '../../db/local-time-sql.ts';
import { calls, events, liftFacts, liftMaintenanceRides, visits } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { isoTimestampSql } from './lift-sql.ts';

/** An event still going on: not ended and not closed by hand. */
const openEvent = and(isNull(events.endedAt), eq(events.closed, false));

export interface Outage {
  startedAt: string;
  cause: string | null;
}

export interface DueFacts {
  /** lift_facts.inspection_due_on: the one rule of "inspection expired" and "unknown". */
  inspectionDueOn: string | null;
  /** Started_at of the last finished maintenance visit; null when never maintained. */
  lastMaintenanceAt: Date | null;
  /** Where the interval runs from without a visit (commissioning, else the lift's creation). */
  maintenanceSince: Date;
  /** Past it, maintenance is insufficient (interval + 10 %). */
  maintenanceExceededAt: Date;
  ridesSince: number;
  overThreshold: boolean;
}

export class LiftOnSiteRepository {
  constructor(private readonly db: Db) {}

  /** The outage going on (the lift's oldest open `unavailable`), with the fault ingest named as its cause. */
  async outage(liftId: number, now: Date): Promise<Outage | null> {
    const [row] = await this.db
      .select({ startedAt: events.startedAt, cause: sql<string | null>`${events.data}->>'cause'` })
      .from(events)
      .where(
        and(
          eq(events.liftId, liftId),
          eq(events.type, 'unavailable'),
          isNull(events.endedAt),
          sql`${events.startedAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(events.startedAt)
      .limit(1);
    return row ? { startedAt: row.startedAt.toISOString(), cause: row.cause } : null;
  }

  /** When the last outage ended: "in service since". */
  async lastOutageEnd(liftId: number): Promise<string | null> {
    const [row] = await sqlRows<{ at: string | null }>(
      this.db,
      sql`select ${isoTimestampSql(sql`max(e.ended_at)`)} as at
          from events e where e.lift_id = ${liftId} and e.type = 'unavailable'`,
    );
    return row?.at ?? null;
  }

  /** Open faults, EN 627 first, then oldest first; at most onSiteLimits.faults, with their number. */
  async openFaults(liftId: number, now: Date): Promise<{ items: OnSiteEvent[]; total: number }> {
    const where = and(
      eq(events.liftId, liftId),
      sql`${events.type} = any(${sql.param([...onSiteFaultTypes])}::text[])`,
      openEvent,
    );
    const rows = await this.db
      .select({ ...eventColumns(now), total: sql<number>`(count(*) over ())::int`.mapWith(Number) })
      .from(events)
      .where(where)
      .orderBy(sql`(${events.type} like 'en627\\_%') desc`, events.startedAt, events.id)
      .limit(onSiteLimits.faults);
    return { items: rows.map(toEventFields), total: rows[0]?.total ?? 0 };
  }

  /** The lift's last events of any type, newest first. */
  async recentEvents(liftId: number, now: Date): Promise<OnSiteEvent[]> {
    const rows = await this.db
      .select(eventColumns(now))
      .from(events)
      .where(eq(events.liftId, liftId))
      .orderBy(desc(events.startedAt), desc(events.id))
      .limit(onSiteLimits.events);
    return rows.map(toEventFields);
  }

  /** The newest alarm call not yet ended. */
  async openCall(liftId: number, now: Date): Promise<CallRow | null> {
    const [row] = await this.db
      .select(callColumns(now))
      .from(calls)
      .where(and(eq(calls.liftId, liftId), isNull(calls.endedAt)))
      .orderBy(desc(calls.startedAt), desc(calls.id))
      .limit(1);
    return row ?? null;
  }

  /** The lift's last visits, newest first. */
  async recentVisits(liftId: number, now: Date): Promise<Visit[]> {
    const rows = await this.db
      .select({
        id: visits.id,
        liftId: visits.liftId,
        type: visits.type,
        role: visits.role,
        state: visits.state,
        startedAt: visits.startedAt,
        endedAt: visits.endedAt,
        durationSeconds: runningSecondsSql(visits.startedAt, visits.endedAt, now),
        person: visits.person,
        remarks: visits.remarks,
      })
      .from(visits)
      .where(eq(visits.liftId, liftId))
      .orderBy(desc(visits.startedAt), desc(visits.id))
      .limit(onSiteLimits.visits);
    return rows.map((r) => ({
      ...r,
      type: r.type as Visit['type'],
      role: r.role as Visit['role'],
      state: r.state as Visit['state'],
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
    }));
  }

  /** The inspection and maintenance facts the dashboard's statuses read, from the same rows. */
  async due(liftId: number): Promise<DueFacts | null> {
    const [row] = await this.db
      .select({
        inspectionDueOn: liftFacts.inspectionDueOn,
        lastMaintenanceAt: liftMaintenanceRides.lastMaintenanceAt,
        maintenanceSince: liftMaintenanceRides.maintenanceSince,
        maintenanceExceededAt: liftMaintenanceRides.maintenanceExceededAt,
        ridesSince: liftMaintenanceRides.ridesSince,
        overThreshold: liftMaintenanceRides.overThreshold,
      })
      .from(liftMaintenanceRides)
      .leftJoin(liftFacts, eq(liftFacts.liftId, liftMaintenanceRides.liftId))
      .where(eq(liftMaintenanceRides.liftId, liftId));
    return row ?? null;
  }
}
