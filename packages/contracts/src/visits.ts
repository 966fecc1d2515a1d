// Visits to a lift by mechanics and inspectors (spec §2 visits panel and visit page; §3 visit
// types, roles; §4 visit states; DESIGN §3 visits).
import { z } from 'zod';
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
export const liftVisitsQuerySchema = z
  .object({
    limit: pageLimitSchema(50),
    offset: pageOffsetSchema,
    type: visitTypeSchema.optional(),
    state: visitStateSchema.optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .superRefine(refinePeriod);
export type LiftVisitsQuery = z.infer<typeof liftVisitsQuerySchema>;

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
