// The on-site summary of one lift (issue 41): what a mechanic opening the lift's sticker needs at a
// glance — in or out of service and since when, the open faults with their EN 627 names, an alarm
// call still open, the last events and visits, and what is due (inspection, maintenance). It is one
// lift's own state, not the fleet's dashboard cards a mechanic does not get (those stay hidden), so
// it has a permission of its own (`lifts.onSite`): the mechanic holds it without holding
// `events.view` or `calls.view`, the read-only client-light user does not.
import { z } from 'zod';
import { callSchema } from './calls.ts';
import { dataOf, isoDateSchema, isoDateTimeSchema } from './common.ts';
import { inspectionResultSchema } from './inspections.ts';
import { en627EventTypes, eventTypeSchema, type EventType } from './event-types.ts';
import { visitSchema } from './visits.ts';

/** The open events the summary lists as faults; `unavailable` is the service state, calls are the call. */
export const onSiteFaultTypes = [
  ...en627EventTypes,
  'sense_failure',
  'sense_disconnected',
  'intercom_unavailable',
  'battery',
  'periodic_test_failed',
] as const satisfies readonly EventType[];

/** Bounds of the summary's lists: a stuck module must not turn one read into thousands of rows. */
export const onSiteLimits = { faults: 20, events: 5, visits: 5 } as const;

/** Days before its due date an inspection counts as "due soon" (time to book the inspection body). */
export const inspectionDueSoonDays = 30;
/** Days before its due date a maintenance visit counts as "due soon" (intervals are months, not years). */
export const maintenanceDueSoonDays = 14;

/**
 * unknown: no module reports the lift's state (none linked), so "in service" would be a guess — a
 * missing report never reads as good news.
 */
export const serviceStates = ['in_service', 'out_of_service', 'decommissioned', 'unknown'] as const;
export type ServiceState = (typeof serviceStates)[number];

export const onSiteServiceSchema = z.object({
  state: z.enum(serviceStates),
  /**
   * out_of_service: when the outage began (ISO timestamp); in_service: when the last outage ended,
   * null when none is known; decommissioned: the local day it left service (yyyy-MM-dd); unknown: null.
   */
  since: z.string().nullable(),
  /** The fault the module named as the cause of the outage, when it did. */
  cause: eventTypeSchema.nullable(),
});
export type OnSiteService = z.infer<typeof onSiteServiceSchema>;

export const onSiteEventSchema = z.object({
  id: z.number().int(),
  type: eventTypeSchema,
  floor: z.number().int().nullable(),
  startedAt: isoDateTimeSchema,
  endedAt: isoDateTimeSchema.nullable(),
  /** Seconds from start to end; for an event still going on, to now. */
  durationSeconds: z.number().int(),
  closed: z.boolean(),
});
export type OnSiteEvent = z.infer<typeof onSiteEventSchema>;

export const inspectionDueStates = ['valid', 'due_soon', 'expired', 'rejected', 'unknown'] as const;
export type InspectionDueState = (typeof inspectionDueStates)[number];

export const onSiteInspectionSchema = z.object({
  /**
   * rejected: the latest inspection was rejected; expired: the due date has passed (the latest
   * approval ran out, or, never inspected, 12 months after commissioning); unknown: neither an
   * approval nor a commissioning date to count from — never read as fine.
   */
  state: z.enum(inspectionDueStates),
  /** The approval's last valid day, or the first inspection's due day; null when unknown. */
  dueOn: isoDateSchema.nullable(),
  lastInspectedOn: isoDateSchema.nullable(),
  lastResult: inspectionResultSchema.nullable(),
});
export type OnSiteInspection = z.infer<typeof onSiteInspectionSchema>;

export const maintenanceDueStates = ['on_time', 'due_soon', 'overdue', 'insufficient'] as const;
export type MaintenanceDueState = (typeof maintenanceDueStates)[number];

export const onSiteMaintenanceSchema = z.object({
  /**
   * By the calendar: due one interval after the last finished maintenance visit, else after
   * commissioning, else after the lift was added; overdue past that day; insufficient once the
   * interval plus its 10 % margin has run out — the "maintenance insufficient" rule (or the ride
   * counter's, `ridesExceeded`).
   */
  state: z.enum(maintenanceDueStates),
  dueOn: isoDateSchema,
  basis: z.enum(['visit', 'commissioned', 'created']),
  lastVisitOn: isoDateSchema.nullable(),
  intervalDays: z.number().int(),
  /** By the ride counter: rides since the last maintenance against the lift's threshold. */
  ridesSince: z.number().int(),
  rideThreshold: z.number().int(),
  ridesExceeded: z.boolean(),
});
export type OnSiteMaintenance = z.infer<typeof onSiteMaintenanceSchema>;

export const liftOnSiteSchema = z.object({
  liftId: z.number().int(),
  /** When the server read it. */
  at: isoDateTimeSchema,
  service: onSiteServiceSchema,
  /** Open faults, EN 627 first, oldest first; `total` tells when there are more than listed. */
  faults: z.object({ items: z.array(onSiteEventSchema), total: z.number().int() }),
  /** The newest alarm call not yet ended; null when none is open. */
  call: callSchema.nullable(),
  /** The last events, newest first. */
  events: z.array(onSiteEventSchema),
  /** The last visits, newest first. */
  visits: z.array(visitSchema),
  due: z.object({ inspection: onSiteInspectionSchema, maintenance: onSiteMaintenanceSchema }),
});
export type LiftOnSite = z.infer<typeof liftOnSiteSchema>;

/** GET /liftwacht/lift/{id}/on-site (404 for a lift outside the caller's organisations). */
export const liftOnSiteResponseSchema = dataOf(liftOnSiteSchema);
export type LiftOnSiteResponse = z.infer<typeof liftOnSiteResponseSchema>;

/** yyyy-MM-dd plus whole days. */
export function addDaysToDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Where the lift's inspection stands on `today` (a local yyyy-MM-dd), given the day it is due (the
 * latest approval's last valid day, else 12 months after commissioning; null when neither is known).
 */
export function inspectionDue(
  dueOn: string | null,
  last: { inspectedOn: string; result: 'approved' | 'rejected' } | null,
  today: string,
): OnSiteInspection {
  const state: InspectionDueState =
    last?.result === 'rejected'
      ? 'rejected'
      : dueOn === null
        ? 'unknown'
        : dueOn < today
          ? 'expired'
          : dueOn <= addDaysToDay(today, inspectionDueSoonDays)
            ? 'due_soon'
            : 'valid';
  return { state, dueOn, lastInspectedOn: last?.inspectedOn ?? null, lastResult: last?.result ?? null };
}

/** By the calendar, on `today`: overdue past `dueOn`, insufficient once the margin has run out too. */
export function maintenanceDueState(dueOn: string, insufficient: boolean, today: string): MaintenanceDueState {
  if (insufficient) return 'insufficient';
  if (dueOn < today) return 'overdue';
  return dueOn <= addDaysToDay(today, maintenanceDueSoonDays) ? 'due_soon' : 'on_time';
}
