// Dashboard statistics (spec §3 stats response, §7 /stats, /current-state; DESIGN §4 rules).
import { z } from 'zod';
import type { RoleName } from './auth.ts';
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
import { hasPermission } from './permissions.ts';
import { exportFileFields } from './spreadsheet-export.ts';

/** Availability brackets in fractions: [0, 0.98), [0.98, 0.99), [0.99, 1]. */
export const availabilityBrackets = [
  { lower: 0, upper: 0.98 },
  { lower: 0.98, upper: 0.99 },
  { lower: 0.99, upper: null },
] as const;

export const defaultStartHour = 7;
export const defaultEndHour = 19;

const hour = z.coerce.number().int().min(0).max(24);

export const statsQuerySchema = z
  .object({
    organisationId: idSchema,
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    startHour: hour.default(defaultStartHour),
    endHour: hour.default(defaultEndHour),
    liftId: idSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.from === undefined) !== (q.to === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [q.from === undefined ? 'from' : 'to'],
        message: 'from and to go together: give both for a period, neither for the current view',
      });
    }
    refinePeriod(q, ctx);
    if (q.startHour >= q.endHour)
      ctx.addIssue({ code: 'custom', path: ['endHour'], message: 'must be after startHour' });
  });
export type StatsQuery = z.infer<typeof statsQuerySchema>;

export const bracketSchema = z.object({
  lower: z.number(),
  upper: z.number().nullable(),
  count: z.number().int(),
});

export const availabilitySchema = z.object({
  /** Mean availability over the lifts, in percent (0–100), unrounded. */
  percentage: z.number(),
  brackets: z.array(bracketSchema),
  /** Lifts that count (intercom: lifts with a lift type). */
  liftCount: z.number().int(),
  /** Unavailable seconds inside the business window, summed over the lifts. */
  unavailableSeconds: z.number(),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** Current view: counts of lifts per condition right now. Restricted counts are absent for client-light. */
export const currentStatsSchema = z.object({
  view: z.literal('current'),
  liftUnavailable: z.number().int().optional(),
  senseFailureSensor: z.number().int().optional(),
  visits: z.number().int().optional(),
  servicecounterMaintenanceAlert: z.number().int().optional(),
  approvalRejected: z.number().int().optional(),
  approvalExpired: z.number().int().optional(),
  /** Lifts whose inspection is due on no known day: no commissioning date and no approval. */
  inspectionUnknown: z.number().int().optional(),
  intercomUnavailable: z.number().int(),
  senseNotConnected: z.number().int(),
});
export type CurrentStats = z.infer<typeof currentStatsSchema>;

/**
 * Alarm handling and reliability figures of a period (issue 19). Every figure below is taken over
 * the same calls and events, defined once here; the dashboard, compare periods, the lift page and
 * the PDF report show these numbers and nothing computed elsewhere.
 *
 * - **Period.** From local midnight (Europe/Amsterdam) of `from` to local midnight after `to`, cut
 *   off at now: a running period counts what has happened so far.
 * - **Lifts.** The organisation's lifts (or the one lift of a single-lift request) in service on the
 *   period's first day, like every other period figure (a lift decommissioned on or before `from`
 *   does not count).
 * - **Calls.** Alarm calls of those lifts *received* in the period (`started_at` in it), whatever
 *   their status, with the kind as it stands (a person's confirmed kind, else the module's).
 * - **Entrapments.** Calls of kind `entrapment`.
 * - **Time to acknowledge** (TTA) of an entrapment: `acknowledged_at − started_at`. Taken over the
 *   entrapments that were acknowledged; one not (yet) acknowledged has no value, it is not 0.
 * - **Time to free** (TTF) of an entrapment: `passenger_freed_at − started_at`, over the entrapments
 *   for which a person recorded the passenger freed; one without that time has no value, not 0 (nor
 *   its end time: a call can end before or after the passenger is out).
 *   A time before `started_at` (clock skew) counts as 0.
 * - **Median and 90th percentile**: continuous percentiles (PostgreSQL `percentile_cont`, as
 *   Excel's PERCENTILE.INC): of n values sorted x₁…xₙ, the q-th is read at rank 1 + q·(n − 1),
 *   interpolating linearly between the two ranks around it. Of 60, 120 and 300 s the median is 120 s
 *   and the 90th percentile 264 s. No values: both null.
 * - **False-alarm share**: calls of kind `false_alarm` / calls of every kind except `test` (test
 *   calls are the alarm phone's own checks, not alarms), in percent. No such call: null.
 * - **Unavailability events** (failures): `unavailable` events of the lifts that *started* in the
 *   period.
 * - **MTTR** (mean time to restore): the mean of `ended_at − started_at` over the period's
 *   unavailability events that have ended, whole durations (not clipped to the period: restoring
 *   takes as long as it takes, and the event belongs to the period it started in). Events still
 *   open have no restore time yet and are left out, so a past period's MTTR can still change when
 *   one of its events ends. None ended: null.
 * - **MTBF** (mean time between failures, between the starts of successive unavailability
 *   events): time in service / unavailability events, where time in service is summed over the
 *   lifts from the period's start to its end (or now), a lift decommissioned during the period up to
 *   its decommissioning day. Calendar time, repairs included, so MTBF = mean time to failure + MTTR
 *   and availability stays a figure of its own. No events: null (no failure to measure between).
 *
 * Durations are seconds. A figure that is undefined is null, never 0; the web shows a dash.
 */
export const durationFigureSchema = z.object({
  /** Entrapments with the time recorded: what the median and percentile are taken over. */
  count: z.number().int(),
  medianSeconds: z.number().nullable(),
  p90Seconds: z.number().nullable(),
});
export type DurationFigure = z.infer<typeof durationFigureSchema>;

export const alarmFiguresSchema = z.object({
  entrapments: z.object({ count: z.number().int() }),
  timeToAcknowledge: durationFigureSchema,
  timeToFree: durationFigureSchema,
  falseAlarmShare: z.object({
    /** 0–100, or null without calls other than tests. */
    percentage: z.number().nullable(),
    falseAlarms: z.number().int(),
    /** Calls of every kind except test: the share's denominator. */
    calls: z.number().int(),
  }),
  unavailabilityEvents: z.object({ count: z.number().int() }),
  mtbf: z.object({
    seconds: z.number().nullable(),
    /** Time in service of the lifts in the period so far, summed. */
    inServiceSeconds: z.number(),
  }),
  mttr: z.object({
    seconds: z.number().nullable(),
    /** Unavailability events of the period that have ended: what the mean is taken over. */
    count: z.number().int(),
  }),
});
export type AlarmFigures = z.infer<typeof alarmFiguresSchema>;

export const periodStatsSchema = z.object({
  view: z.literal('period'),
  from: isoDateSchema,
  to: isoDateSchema,
  liftAvailability: availabilitySchema,
  intercomAvailability: availabilitySchema,
  approvalRejected: z.object({ count: z.number().int() }),
  approvalExpired: z.object({ count: z.number().int(), lift_count: z.number().int() }),
  /** Lifts whose inspection was due on no known day in the period (see docs/dashboard-rules.md). */
  inspectionUnknown: z.object({ lift_count: z.number().int() }),
  maintenanceBeforeInterval: z.object({ count: z.number().int() }),
  maintenanceOnInterval: z.object({ count: z.number().int() }),
  maintenanceAfterInterval: z.object({ count: z.number().int() }),
  maintenanceExpired: z.object({ lift_count: z.number().int() }),
  /** Energy used in the period, Wh (single-lift variant shows it as kWh). */
  energyWh: z.number(),
  /** Maintenance visits in the period. */
  maintenanceVisits: z.object({ count: z.number().int() }),
  ...alarmFiguresSchema.shape,
});
export type PeriodStats = z.infer<typeof periodStatsSchema>;

export const statsResponseSchema = dataOf(z.discriminatedUnion('view', [currentStatsSchema, periodStatsSchema]));
export type StatsResponse = z.infer<typeof statsResponseSchema>;

export const statsDetailTypes = [
  'liftUnavailable',
  'senseFailureSensor',
  'visits',
  'servicecounterMaintenanceAlert',
  'approvalRejected',
  'approvalExpired',
  'inspectionUnknown',
  'intercomUnavailable',
  'senseNotConnected',
  'liftAvailability',
  'intercomAvailability',
  'maintenanceBeforeInterval',
  'maintenanceOnInterval',
  'maintenanceAfterInterval',
  'maintenanceExpired',
  // Alarm handling and reliability, per lift (see alarmFiguresSchema): entrapments and events
  // counted, TTA and TTF as the lift's median, the false-alarm share, MTBF and MTTR.
  'entrapments',
  'timeToAcknowledge',
  'timeToFree',
  'falseAlarmShare',
  'unavailabilityEvents',
  'mtbf',
  'mttr',
] as const;
export const statsDetailTypeSchema = z.enum(statsDetailTypes);
export type StatsDetailType = z.infer<typeof statsDetailTypeSchema>;

const fraction = z.coerce.number().min(0).max(1);

const statsDetailsFields = {
  type: statsDetailTypeSchema,
  organisationId: idSchema,
  lower: fraction.optional(),
  upper: fraction.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  startHour: hour.default(defaultStartHour),
  endHour: hour.default(defaultEndHour),
};

function refineStatsDetails(
  q: {
    from?: string | undefined;
    to?: string | undefined;
    lower?: number | undefined;
    upper?: number | undefined;
    startHour: number;
    endHour: number;
  },
  ctx: z.RefinementCtx,
): void {
  if ((q.from === undefined) !== (q.to === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [q.from === undefined ? 'from' : 'to'],
      message: 'from and to go together',
    });
  }
  refinePeriod(q, ctx);
  if (q.lower !== undefined && q.upper !== undefined && q.lower > q.upper) {
    ctx.addIssue({ code: 'custom', path: ['upper'], message: 'must not be below lower' });
  }
  if (q.startHour >= q.endHour) ctx.addIssue({ code: 'custom', path: ['endHour'], message: 'must be after startHour' });
}

export const statsDetailsQuerySchema = z
  .object({ ...statsDetailsFields, limit: pageLimitSchema(1000, 10000), offset: pageOffsetSchema })
  .superRefine(refineStatsDetails);
export type StatsDetailsQuery = z.infer<typeof statsDetailsQuerySchema>;

/** GET /liftwacht/stats/details/export: the details list's lifts, every one, as .csv or .xlsx. */
export const statsDetailsExportQuerySchema = z
  .object({ ...statsDetailsFields, ...exportFileFields })
  .superRefine(refineStatsDetails);
export type StatsDetailsExportQuery = z.infer<typeof statsDetailsExportQuerySchema>;

export const statsDetailItemSchema = z.object({
  liftId: z.number().int(),
  name: z.string(),
  address: z.string(),
  buildingName: z.string().nullable(),
  /** The value that put the lift in this list: a percentage, a count, seconds, or a date. */
  value: z.union([z.number(), z.string()]).nullable(),
  /** What value measures, for labels: percentage | count | date | timestamp | rides | days | seconds. */
  unit: z.enum(['percentage', 'count', 'date', 'timestamp', 'rides', 'days', 'seconds']),
});
export type StatsDetailItem = z.infer<typeof statsDetailItemSchema>;
export const statsDetailsResponseSchema = listOf(statsDetailItemSchema);

export const currentStateQuerySchema = z.object({
  organisationId: z.coerce.number().int().min(0).max(2_147_483_647),
});

/** The current-view statuses in the dashboard's card order (spec §2 "Current view cards"). */
export const liftStatuses = [
  'liftUnavailable',
  'senseFailureSensor',
  'visits',
  'servicecounterMaintenanceAlert',
  'approvalRejected',
  'approvalExpired',
  'inspectionUnknown',
  'intercomUnavailable',
  'senseNotConnected',
] as const;
export const liftStatusSchema = z.enum(liftStatuses);
export type LiftStatus = z.infer<typeof liftStatusSchema>;

/** Spec §2/§6: the two current-view figures client-light users and mechanics see as well. */
export const alwaysShownStatuses: readonly LiftStatus[] = ['intercomUnavailable', 'senseNotConnected'];

/** The statuses (cards, status lists) a user sees: all with period statistics, else the always-shown two. */
export function visibleLiftStatuses(roles: readonly RoleName[]): readonly LiftStatus[] {
  return hasPermission(roles, 'stats.period') ? liftStatuses : alwaysShownStatuses;
}

export const currentStateItemSchema = z.object({
  liftId: z.number().int(),
  name: z.string(),
  /** since: ISO timestamp, or a date (yyyy-MM-dd) for inspection conditions. */
  statuses: z.array(z.object({ status: liftStatusSchema, since: z.string().nullable() })),
});
export type CurrentStateItem = z.infer<typeof currentStateItemSchema>;

export const currentStateResponseSchema = dataOf(z.object({ items: z.array(currentStateItemSchema) }));

/**
 * GET /liftwacht/visits/mine: the monteur's dashboard, which may not list lifts: the organisation's
 * lift count and the caller's visits in progress. Here rather than in visits.ts, so the dashboard
 * does not share the visits contract with the lift pages (that would land in the login route).
 * Without `organisationId`: every organisation in the caller's scope (the mechanic's dashboard).
 */
export const myVisitsQuerySchema = z.object({ organisationId: idSchema.optional() });
export type MyVisitsQuery = z.infer<typeof myVisitsQuerySchema>;

export const myOpenVisitSchema = z.object({
  id: z.number().int(),
  liftId: z.number().int(),
  liftname: z.string(),
  /** A visit type of visits.ts. */
  type: z.string(),
  startedAt: isoDateTimeSchema,
});
export const myVisitsSchema = z.object({
  /** Lifts of the organisation, or of all in scope (the Overview header's count). */
  liftCount: z.number().int(),
  /** The caller's visits in progress on the organisation's lifts, newest first. */
  openVisits: z.array(myOpenVisitSchema),
});
export type MyVisits = z.infer<typeof myVisitsSchema>;
export const myVisitsResponseSchema = dataOf(myVisitsSchema);

/**
 * GET /stats/served: the current view's two always-shown figures over every lift the caller's
 * company serves — its own and those of the organisations that granted it access. The mechanic's
 * dashboard: a monteur picks no organisation.
 */
export const servedStatsSchema = z.object({
  view: z.literal('current'),
  /** Lifts in service today over those organisations. */
  liftCount: z.number().int(),
  /** How many of the organisations have lifts. */
  organisationCount: z.number().int(),
  intercomUnavailable: z.number().int(),
  senseNotConnected: z.number().int(),
});
export type ServedStats = z.infer<typeof servedStatsSchema>;
export const servedStatsResponseSchema = dataOf(servedStatsSchema);
