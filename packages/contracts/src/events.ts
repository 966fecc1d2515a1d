// Lift events (DESIGN §3 events, §4 event types; spec §2 /events with its filters and
// /events/{eventId}, the deep link the notification mails carry).
import { z } from 'zod';
import {
  callSchema,
  liftRefSchema,
  queryBooleanSchema,
  queryCodeListSchema,
  queryIdListSchema,
  sortOrderSchema,
} from './calls.ts';
import {
  dataOf,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  listOf,
  pageLimitSchema,
  pageOffsetSchema,
  refinePeriod,
} from './common.ts';
import { eventTypes, eventTypeSchema } from './event-types.ts';
import { exportFileFields } from './spreadsheet-export.ts';

/** The types "only unavailability" narrows the list to: the lift itself out of service. */
export const unavailabilityEventTypes = ['unavailable'] as const;

export const eventSchema = z.object({
  id: z.number().int(),
  type: eventTypeSchema,
  lift: liftRefSchema,
  /** Floor the lift was at, for EN 627 faults and outages; null when not known. */
  floor: z.number().int().nullable(),
  startedAt: isoDateTimeSchema,
  /** null while the event is still going on. */
  endedAt: isoDateTimeSchema.nullable(),
  /** Seconds from start to end; for an event still going on, to now. */
  durationSeconds: z.number().int(),
  /** Over: ended, or closed by hand. Open events are what the current view counts. */
  closed: z.boolean(),
});
export type LiftEvent = z.infer<typeof eventSchema>;

export const eventSortFields = ['startedAt', 'endedAt', 'duration', 'type', 'lift'] as const;
export const eventSortSchema = z.enum(eventSortFields);
export type EventSort = z.infer<typeof eventSortSchema>;

/**
 * GET /liftwacht/events. Filters combine with AND. The period keeps events that overlap it (an
 * outage that began before `from` and is still going on is in it); days are local (Europe/Amsterdam),
 * both inclusive. By default only open events are listed; showClosed adds the closed ones.
 */
const eventListFields = {
  organisationId: idSchema,
  types: queryCodeListSchema(eventTypes).optional(),
  liftIds: queryIdListSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  showClosed: queryBooleanSchema.default(false),
  onlyUnavailability: queryBooleanSchema.default(false),
  sort: eventSortSchema.default('startedAt'),
  order: sortOrderSchema.default('desc'),
};

export const eventListQuerySchema = z
  .object({ ...eventListFields, limit: pageLimitSchema(100), offset: pageOffsetSchema })
  .superRefine(refinePeriod);
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

/** GET /liftwacht/events/export: the list's filters and order, every matching event, as .csv or .xlsx. */
export const eventExportQuerySchema = z.object({ ...eventListFields, ...exportFileFields }).superRefine(refinePeriod);
export type EventExportQuery = z.infer<typeof eventExportQuerySchema>;

export const eventListResponseSchema = listOf(eventSchema);
export type EventListResponse = z.infer<typeof eventListResponseSchema>;

/** A maintenance or inspection visit at the event's lift while the event went on. */
export const eventVisitSchema = z.object({
  id: z.number().int(),
  /** approval | failure | inspection | maintenance | modernization | other | repair | unavailable | … */
  type: z.string(),
  /** mechanic | inspector | approving_authority */
  role: z.string(),
  /** timeout | progress | finished | canceled */
  state: z.string(),
  startedAt: isoDateTimeSchema,
  endedAt: isoDateTimeSchema.nullable(),
  person: z.string().nullable(),
  remarks: z.string().nullable(),
});
export type EventVisit = z.infer<typeof eventVisitSchema>;

/** Most related calls and visits an event detail carries; `total` tells when there are more. */
export const eventRelatedLimit = 100;

export const eventDetailSchema = eventSchema.extend({
  /** What the module or rule reported with the event (cause, sensor, rides and threshold, …). */
  data: z.record(z.string(), z.unknown()).nullable(),
  /** Calls at the same lift overlapping the event's span (to now while open), oldest first. */
  calls: z.object({ items: z.array(callSchema), total: z.number().int() }),
  /** Visits at the same lift overlapping the event's span, oldest first. */
  visits: z.object({ items: z.array(eventVisitSchema), total: z.number().int() }),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const eventDetailResponseSchema = dataOf(eventDetailSchema);
export type EventDetailResponse = z.infer<typeof eventDetailResponseSchema>;
