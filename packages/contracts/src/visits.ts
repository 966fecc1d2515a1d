// Visits to a lift by mechanics and inspectors (spec §2 visits panel and visit page; §3 visit
// types, roles; §4 visit states; DESIGN §3 visits).
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
  safeTextSchema,
} from './common.ts';
import { logbookEntrySchema } from './lifts.ts';

export const visitTypes = [
  'approval',
  'failure',
  'inspection',
  'maintenance',
  'modernization',
  'other',
  'repair',
  'unavailable',
  'disconnected',
  'sensecloud_disconnected',
  'control_disconnected',
] as const;
export const visitTypeSchema = z.enum(visitTypes);
export type VisitType = z.infer<typeof visitTypeSchema>;

export const visitRoles = ['mechanic', 'inspector', 'approving_authority'] as const;
export const visitRoleSchema = z.enum(visitRoles);
export type VisitRole = z.infer<typeof visitRoleSchema>;

/** progress = ongoing; timeout = never closed by the visitor; canceled = called off. */
export const visitStates = ['timeout', 'progress', 'finished', 'canceled'] as const;
export const visitStateSchema = z.enum(visitStates);
export type VisitState = z.infer<typeof visitStateSchema>;

export const visitSchema = z.object({
  id: z.number().int(),
  liftId: z.number().int(),
  type: visitTypeSchema,
  role: visitRoleSchema,
  state: visitStateSchema,
  startedAt: isoDateTimeSchema,
  /** null while the visit goes on. */
  endedAt: isoDateTimeSchema.nullable(),
  /** Seconds from start to end; for a visit still going on, to now. */
  durationSeconds: z.number().int(),
  /** Who visited (mechanic or inspector name). */
  person: z.string().nullable(),
  remarks: z.string().nullable(),
});
export type Visit = z.infer<typeof visitSchema>;

/**
 * GET /liftwacht/lift/{id}/visits, newest first. Filters combine with AND; from/to keep visits
 * that started on those local days (inclusive).
 */
const liftVisitsFields = {
  type: visitTypeSchema.optional(),
  state: visitStateSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
};

export const liftVisitsQuerySchema = z
  .object({ limit: pageLimitSchema(50), offset: pageOffsetSchema, ...liftVisitsFields })
  .superRefine(refinePeriod);
export type LiftVisitsQuery = z.infer<typeof liftVisitsQuerySchema>;

/** GET /liftwacht/lift/{id}/visits/export: the list's filters, every visit, as .csv or .xlsx. */
export const liftVisitsExportQuerySchema = z
  .object({ ...liftVisitsFields, ...exportFileFields })
  .superRefine(refinePeriod);
export type LiftVisitsExportQuery = z.infer<typeof liftVisitsExportQuerySchema>;

export const liftVisitsResponseSchema = listOf(visitSchema);
export type LiftVisitsResponse = z.infer<typeof liftVisitsResponseSchema>;

export const visitIdParamSchema = z.object({
  visitId: idSchema,
});

/** The visit page: the visit, its lift, and what the lift's logbook says from start to end. */
export const visitDetailSchema = visitSchema.extend({
  lift: z.object({
    id: z.number().int(),
    organisationId: z.number().int(),
    liftname: z.string(),
    address: z.string(),
    buildingName: z.string().nullable(),
    esNumber: z.string().nullable(),
  }),
  /** Logbook entries of the lift from the visit's start to its end (or now), oldest first. */
  logbook: z.array(logbookEntrySchema),
});
export type VisitDetail = z.infer<typeof visitDetailSchema>;

/** GET /liftwacht/visits/{visitId} (404 for a visit to a lift outside the user's organisations). */
export const visitResponseSchema = dataOf(visitDetailSchema);
export type VisitResponse = z.infer<typeof visitResponseSchema>;

/**
 * The visit types a person starts on the lift page. The *_disconnected and `unavailable` types
 * are recorded by the system (outages), never started by hand.
 */
export const recordableVisitTypes = [
  'maintenance',
  'repair',
  'failure',
  'inspection',
  'approval',
  'modernization',
  'other',
] as const satisfies readonly VisitType[];
export const recordableVisitTypeSchema = z.enum(recordableVisitTypes);

/** POST /liftwacht/lift/{id}/visits: start a visit (the person is the signed-in user's name). */
export const startVisitBodySchema = z.object({
  type: recordableVisitTypeSchema,
  role: visitRoleSchema,
});
export type StartVisitBody = z.infer<typeof startVisitBodySchema>;

/** POST /liftwacht/visits/{visitId}/end: finish a visit in progress. */
export const endVisitBodySchema = z.object({
  remarks: safeTextSchema(2000).optional(),
});
export type EndVisitBody = z.infer<typeof endVisitBodySchema>;

/** Start, end and cancel answer the visit as it is now. */
export const visitWriteResponseSchema = dataOf(visitSchema);
export type VisitWriteResponse = z.infer<typeof visitWriteResponseSchema>;

/** How long a visit may stay in `progress` before the server marks it `timeout` (spec §4). */
export const visitTimeoutMs = 12 * 3600_000;

/**
 * The header that makes a write safe to repeat: the same key from the same user answers the first
 * answer instead of recording again (a double tap, a retry after a lost response).
 */
export const idempotencyKeyHeader = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(200)
  .regex(/^[\w.:-]+$/);
