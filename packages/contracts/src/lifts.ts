// Lifts (spec §2 lifts list, lift detail and its panels, header strip; §3 lift fields, list
// response, search filter, periodical counter; §5 "empty advanced criteria return nothing";
// §7 GET/POST /lift, GET /lift/{liftId}). Field names are camelCase except where the spec names
// them (details.liftname). Dates are yyyy-MM-dd, timestamps ISO 8601; local days are
// Europe/Amsterdam.
import { z } from 'zod';
import { exportFileFields } from './spreadsheet-export.ts';
import {
  dataOf,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  listOf,
  pageLimitSchema,
  pageOffsetSchema,
  refinePeriod,
  safeLineSchema,
  safeTextSchema,
} from './common.ts';
import { maxPeriodDays } from './periods.ts';
import { liftStatusSchema } from './dashboard.ts';

// ── the lift ───────────────────────────────────────────────────────────────────────────────────

/**
 * The spec's "lift details" panel: details.liftname, details.address and the labelled fields.
 * liftname and address keep the lenient shape the header strip was written against (it falls back
 * to "Lift"); this server always sends both as strings.
 */
export const liftDetailsSchema = z.object({
  liftname: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  /** Label: building name (gebouwnaam). */
  buildingName: z.string().nullable(),
  /** Label: SBCL id (Stichting Bouwkwaliteit Certificatie Liften installation number). */
  sbclId: z.string().nullable(),
  /** Label: series number (serienummer). */
  serialNumber: z.string().nullable(),
  /** Label: owner number (eigenaarsnummer). */
  ownerNumber: z.string().nullable(),
  /** Label: inspection number (keuringsnummer). */
  inspectionNumber: z.string().nullable(),
  /** Label: installer number (installateursnummer). */
  installerNumber: z.string().nullable(),
  /** Label: telephone number of the alarm phone (telefoonnummer). */
  telephoneNumber: z.string().nullable(),
  /** Label: manufacturer number (fabrieksnummer). */
  manufacturerNumber: z.string().nullable(),
  /** Label: last change (laatste wijziging) of the lift's record. */
  updatedAt: isoDateTimeSchema,
});
export type LiftDetails = z.infer<typeof liftDetailsSchema>;

/** The sense module fitted in the lift (DESIGN §3 modules). */
export const liftModuleSchema = z.object({
  /** Module number: what the socket's listen/unlisten carry as es_number. */
  esNumber: z.string(),
  firmware: z.string().nullable(),
  /** Last message from the module; null when never heard from. */
  lastSeenAt: isoDateTimeSchema.nullable(),
  /** The connection flag ingest keeps. "Sense not connected" is the status, see /lift/{id}/statuses. */
  connected: z.boolean(),
});
export type LiftModule = z.infer<typeof liftModuleSchema>;

export const inspectionResults = ['approved', 'rejected'] as const;
export const inspectionResultSchema = z.enum(inspectionResults);

export const liftSchema = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  details: liftDetailsSchema,
  /** Installation type; null = no intercom (alarm phone) fitted, so no intercom availability. */
  liftType: z.string().nullable(),
  /** A lift flow is available: the "sense not connected" card only shows when true (spec §2). */
  hasFlow: z.boolean(),
  maintenanceIntervalDays: z.number().int(),
  /** Rides since the last maintenance above which the lift counts as "maintenance insufficient". */
  serviceRideThreshold: z.number().int(),
  commissionedOn: isoDateSchema.nullable(),
  /** Out of service from this local day (issue 17); null = in service. History stays readable. */
  decommissionedOn: isoDateSchema.nullable(),
  /** Optimistic concurrency: an edit sends it back, a stale one answers 409. */
  version: z.number().int(),
  /** Latest valid_until of an approving inspection; past it the inspection has expired. */
  inspectionValidUntil: isoDateSchema.nullable(),
  /** The most recent inspection, approved or rejected. */
  lastInspection: z
    .object({ inspectedOn: isoDateSchema, result: inspectionResultSchema, validUntil: isoDateSchema.nullable() })
    .nullable(),
  /** null when no module is fitted. */
  module: liftModuleSchema.nullable(),
});
export type Lift = z.infer<typeof liftSchema>;

/** GET /liftwacht/lift/{liftId} (404 for a lift outside the user's organisations). */
export const liftResponseSchema = dataOf(liftSchema);
export type LiftResponse = z.infer<typeof liftResponseSchema>;

export const liftIdParamSchema = z.object({ id: idSchema });

// ── list and search ────────────────────────────────────────────────────────────────────────────

/** Text fields of the advanced search and the lift column each one matches. */
export const liftSearchTextFields = [
  'name',
  'address',
  'postalCode',
  'city',
  'buildingName',
  'sbclId',
  'serialNumber',
  'ownerNumber',
  'inspectionNumber',
  'installerNumber',
  'telephoneNumber',
  'manufacturerNumber',
  'esNumber',
  'liftType',
] as const;
export type LiftSearchTextField = (typeof liftSearchTextFields)[number];

/** Columns the list can be sorted by: the id, every text field (case and accent-insensitive) and three more. */
export const liftSortFields = [
  'id',
  ...liftSearchTextFields,
  'maintenanceIntervalDays',
  'commissionedOn',
  'updatedAt',
] as const;
export const liftSortSchema = z.enum(liftSortFields);
export type LiftSort = z.infer<typeof liftSortSchema>;

export const liftSortDirectionSchema = z.enum(['asc', 'desc']);
export type LiftSortDirection = z.infer<typeof liftSortDirectionSchema>;

const liftPageQuery = {
  limit: pageLimitSchema(100),
  offset: pageOffsetSchema,
  /** The organisation chosen in the picker; absent = every organisation the user may access. */
  organisationId: idSchema.optional(),
  /** Ties and empty values always end in id order; empty values sort last in both directions. */
  sort: liftSortSchema.default('name'),
  direction: liftSortDirectionSchema.default('asc'),
};

/**
 * GET /liftwacht/lift. `search` matches name, address, postal code, city, building name and every
 * lift number (sbcl id, serial, owner, inspection, installer, telephone and manufacturer numbers,
 * the module's es number), ignoring case and accents. Words are matched separately and must all
 * occur, in any field ("kerkstraat utrecht"). Blank = no search.
 */
export const liftListQuerySchema = z.object({
  ...liftPageQuery,
  search: safeLineSchema(200).trim().optional(),
});
export type LiftListQuery = z.infer<typeof liftListQuerySchema>;

/** POST /liftwacht/lift: the query of an advanced search (its criteria are the body). */
export const liftSearchQuerySchema = z.object(liftPageQuery);
export type LiftSearchQuery = z.infer<typeof liftSearchQuerySchema>;

/** One field's criterion: the field contains this text (case and accents ignored). Blank = none. */
const containsSchema = safeLineSchema(200).trim().nullish();

const dateRangeSchema = z
  .strictObject({ from: isoDateSchema.nullish(), to: isoDateSchema.nullish() })
  .superRefine((r, ctx) => {
    if (r.from && r.to && r.from > r.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  });

const dayCountSchema = z.number().int().min(0).max(36500).nullish();

/**
 * The advanced search body. Every given criterion must hold (AND). Absent, null and blank values
 * are no criterion; when none is left the answer is an empty list without a search (spec §5).
 * Unknown keys are refused (400), so a misspelt field never silently widens the search.
 *
 * statuses are the current statuses of the dashboard (DESIGN §4): liftUnavailable (unavailable),
 * senseFailureSensor (sense failure), intercomUnavailable, approvalExpired (inspection expired),
 * approvalRejected (inspection rejected), visits (visit in progress), senseNotConnected and
 * servicecounterMaintenanceAlert (maintenance insufficient). statusMatch "any" (default) keeps
 * lifts with at least one of them, "all" lifts with every one. Client-light and mechanic users may
 * only use intercomUnavailable and senseNotConnected, the statuses their dashboard shows (403).
 *
 * Ranges are inclusive; either bound may be left out. inspectionValidUntil is the lift's
 * inspectionValidUntil; a lift without an approving inspection never matches a range on it.
 */
export const liftSearchCriteriaSchema = z
  .strictObject({
    name: containsSchema,
    address: containsSchema,
    postalCode: containsSchema,
    city: containsSchema,
    buildingName: containsSchema,
    sbclId: containsSchema,
    serialNumber: containsSchema,
    ownerNumber: containsSchema,
    inspectionNumber: containsSchema,
    installerNumber: containsSchema,
    telephoneNumber: containsSchema,
    manufacturerNumber: containsSchema,
    esNumber: containsSchema,
    liftType: containsSchema,
    hasFlow: z.boolean().nullish(),
    /** true: lifts with an intercom (a lift type); false: lifts without. */
    hasIntercom: z.boolean().nullish(),
    /** true: lifts with a sense module; false: lifts without. */
    hasModule: z.boolean().nullish(),
    statuses: z.array(liftStatusSchema).max(16).nullish(),
    statusMatch: z.enum(['any', 'all']).default('any'),
    commissionedOn: dateRangeSchema.nullish(),
    maintenanceIntervalDays: z
      .strictObject({ min: dayCountSchema, max: dayCountSchema })
      .superRefine((r, ctx) => {
        if (r.min != null && r.max != null && r.min > r.max) {
          ctx.addIssue({ code: 'custom', path: ['max'], message: 'must not be below min' });
        }
      })
      .nullish(),
    inspectionValidUntil: dateRangeSchema.nullish(),
  })
  .meta({ description: 'Advanced lift search criteria, combined with AND' });
export type LiftSearchCriteria = z.infer<typeof liftSearchCriteriaSchema>;

/** GET and POST /liftwacht/lift: `{ items, pagination: { limit, offset }, total }`. */
export const liftListResponseSchema = listOf(liftSchema);
export type LiftListResponse = z.infer<typeof liftListResponseSchema>;

// ── current statuses ───────────────────────────────────────────────────────────────────────────

export const liftStatusItemSchema = z.object({
  status: liftStatusSchema,
  /** Yes/no of the card. */
  active: z.boolean(),
  /**
   * When it began: a timestamp for events, visits and the module's last message; a date for
   * approvalRejected (inspected on) and approvalExpired (valid until); null when not active or
   * unknown (a module never heard from).
   */
  since: z.string().nullable(),
  /** servicecounterMaintenanceAlert: rides since the last maintenance (also when not active). */
  value: z.number().nullable(),
});
export type LiftStatusItem = z.infer<typeof liftStatusItemSchema>;

/**
 * GET /liftwacht/lift/{id}/statuses: the single-lift current view (spec §2), one item per status
 * the user's role may see, in the dashboard's card order. Client-light and mechanic users get
 * intercomUnavailable and senseNotConnected only, like their dashboard.
 */
export const liftStatusesResponseSchema = dataOf(
  z.object({ liftId: z.number().int(), at: isoDateTimeSchema, statuses: z.array(liftStatusItemSchema) }),
);
export type LiftStatusesResponse = z.infer<typeof liftStatusesResponseSchema>;

// ── logbook ────────────────────────────────────────────────────────────────────────────────────

/** Log types (spec §3; Dutch labels in the web's locale files). */
export const logTypes = [
  'maintenance',
  'repair',
  'check',
  'commissioning_inspection',
  'modification_inspection',
  'periodic_inspection',
  'assistance_inspection',
  'other',
] as const;
export const logTypeSchema = z.enum(logTypes);
export type LogType = z.infer<typeof logTypeSchema>;

export const logbookEntrySchema = z.object({
  id: z.number().int(),
  liftId: z.number().int(),
  logType: logTypeSchema,
  at: isoDateTimeSchema,
  text: z.string(),
  /** Written in the portal: its author (seeded and module lines have none). */
  authorId: z.number().int().optional(),
  /** Until when its author may correct it (24 hours after writing), for lines written in the portal. */
  correctableUntil: isoDateTimeSchema.optional(),
});
export type LogbookEntry = z.infer<typeof logbookEntrySchema>;

/** How long the author of a logbook entry may correct it (issue 18); after it, 409 correction_window_closed. */
export const logbookCorrectionHours = 24;
export const logbookTextMax = 4000;

/**
 * POST /liftwacht/lift/{id}/logbook (`logbook.write`): a new entry on a lift in scope. PATCH
 * /liftwacht/logbook/{entryId} takes the same fields; only its author corrects it, within 24 hours
 * (403 for anyone else or a line not written in the portal).
 */
export const logbookEntryInputSchema = z.object({
  logType: logTypeSchema,
  at: isoDateTimeSchema,
  text: safeTextSchema(logbookTextMax).trim().min(1),
});
export type LogbookEntryInput = z.infer<typeof logbookEntryInputSchema>;

export const logbookEntryIdParamSchema = z.object({ entryId: idSchema });
export const logbookEntryResponseSchema = dataOf(logbookEntrySchema);

/** GET /liftwacht/lift/{id}/logbook, newest first; from/to are inclusive local days. */
const logbookFields = {
  logType: logTypeSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
};

export const logbookQuerySchema = z
  .object({ limit: pageLimitSchema(50), offset: pageOffsetSchema, ...logbookFields })
  .superRefine(refinePeriod);
export type LogbookQuery = z.infer<typeof logbookQuerySchema>;

/** GET /liftwacht/lift/{id}/logbook/export: the logbook's filters, every line, as .csv or .xlsx. */
export const logbookExportQuerySchema = z.object({ ...logbookFields, ...exportFileFields }).superRefine(refinePeriod);
export type LogbookExportQuery = z.infer<typeof logbookExportQuerySchema>;

export const logbookResponseSchema = listOf(logbookEntrySchema);
export type LogbookResponse = z.infer<typeof logbookResponseSchema>;

// ── periodical counters ────────────────────────────────────────────────────────────────────────

export const counterKinds = ['rides', 'energy_wh'] as const;
export const counterKindSchema = z.enum(counterKinds);
export type CounterKind = z.infer<typeof counterKindSchema>;

/** 15m: raw quarter hours; day/week (ISO, Monday)/month/year: local calendar buckets. */
export const counterIntervals = ['15m', 'day', 'week', 'month', 'year'] as const;
export const counterIntervalSchema = z.enum(counterIntervals);
export type CounterInterval = z.infer<typeof counterIntervalSchema>;

/** Longest from..to span per interval, in days: a year of quarter hours, otherwise the common ten years. */
export const counterMaxSpanDays: Record<CounterInterval, number> = {
  '15m': 366,
  day: maxPeriodDays,
  week: maxPeriodDays,
  month: maxPeriodDays,
  year: maxPeriodDays,
};

/**
 * GET /liftwacht/lift/{id}/counters. from and to are local days, both inclusive; for week, month
 * and year they widen to whole buckets (the week of from through the week of to).
 */
export const countersQuerySchema = z
  .object({
    kind: counterKindSchema.default('rides'),
    interval: counterIntervalSchema,
    from: isoDateSchema,
    to: isoDateSchema,
  })
  .superRefine((q, ctx) => {
    refinePeriod(q, ctx, counterMaxSpanDays[q.interval]);
  });
export type CountersQuery = z.infer<typeof countersQuerySchema>;

export const counterItemSchema = z.object({
  /** Bucket start: a timestamp for 15m; the bucket's first local day (yyyy-MM-dd) otherwise. */
  start: z.string(),
  /** Rides, or energy in Wh (the web shows kWh: sum / 1000, 1 decimal). */
  sum: z.number(),
});
export type CounterItem = z.infer<typeof counterItemSchema>;

/**
 * Periodical counter (spec §3 "items with sum"). Buckets without any counter data are left out,
 * so an empty list means "no data to chart"; a bucket whose counters read 0 is there with sum 0.
 */
export const countersResponseSchema = dataOf(
  z.object({
    liftId: z.number().int(),
    kind: counterKindSchema,
    interval: counterIntervalSchema,
    /** The days covered, after widening to whole buckets. */
    from: isoDateSchema,
    to: isoDateSchema,
    timeZone: z.literal('Europe/Amsterdam'),
    items: z.array(counterItemSchema),
    /** Sum over all items. */
    sum: z.number(),
  }),
);
export type CountersResponse = z.infer<typeof countersResponseSchema>;

/**
 * GET /liftwacht/lift/{id}/ride-estimate: rides per year. last365Days: the lift has counters from
 * before the window, so the estimate is the rides of the 365 whole local days up to yesterday.
 * extrapolated: its history is shorter, so the rides from its first counted day up to yesterday
 * are scaled to 365 days. noData: no ride counts at all (estimate null).
 */
export const rideEstimateResponseSchema = dataOf(
  z.object({
    liftId: z.number().int(),
    method: z.enum(['last365Days', 'extrapolated', 'noData']),
    /** Estimated rides per year, rounded; null without data. */
    estimate: z.number().int().nullable(),
    /** Rides counted in the basis days. */
    rides: z.number().int(),
    basisFrom: isoDateSchema.nullable(),
    basisTo: isoDateSchema.nullable(),
    basisDays: z.number().int(),
  }),
);
export type RideEstimateResponse = z.infer<typeof rideEstimateResponseSchema>;
