// Alarm calls per EN 81-28 (DESIGN §3 calls, §4 "received → acknowledged → ended"; spec §2
// /alarm-calls and /current-calls). This file also holds the small query helpers and the lift
// reference that events and subscriptions share, so the three contracts import in one direction
// (calls ← events, calls ← subscriptions) and never in a circle.
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
  paginationSchema,
  refinePeriod,
} from './common.ts';

// ── shared query helpers ───────────────────────────────────────────────────────────────────────

/** Splits `a,b` and repeated keys (`x=a&x=b`, which Fastify parses into an array) into trimmed items. */
function splitList(raw: string | string[]): string[] {
  return (Array.isArray(raw) ? raw : [raw])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * A query list of known codes: `types=a,b` or `types=a&types=b`. An unknown code fails on the
 * field itself (`field: "types"`), not on an index inside it, so the web can point at the filter.
 */
export function queryCodeListSchema<T extends string>(values: readonly T[]) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((raw, ctx): T[] => {
      const items = splitList(raw);
      const unknown = items.filter((item) => !(values as readonly string[]).includes(item));
      if (unknown.length > 0) {
        // A short excerpt only: the message must not echo a whole hostile query string back.
        const shown = unknown.slice(0, 3).map((u) => `'${u.slice(0, 40)}'`);
        ctx.addIssue({
          code: 'custom',
          message: `unknown value ${shown.join(', ')}; expected any of ${values.join(', ')}`,
        });
        return z.NEVER;
      }
      return [...new Set(items)] as T[];
    })
    .meta({ description: `Comma-separated, or the key repeated. Values: ${values.join(', ')}` });
}

/** The most ids one list filter takes. */
export const maxQueryIds = 1000;

/** A query list of positive integer ids: `liftIds=1,2` or `liftIds=1&liftIds=2`; at most 1,000. */
export const queryIdListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((raw, ctx): number[] => {
    const items = splitList(raw);
    const bad = items.filter((item) => !/^[1-9]\d{0,9}$/.test(item) || Number(item) > 2147483647);
    if (bad.length > 0) {
      const shown = bad.slice(0, 5).map((b) => `'${b.slice(0, 20)}'`);
      ctx.addIssue({ code: 'custom', message: `not a positive id: ${shown.join(', ')}` });
      return z.NEVER;
    }
    if (items.length > maxQueryIds) {
      ctx.addIssue({ code: 'custom', message: `at most ${String(maxQueryIds)} ids` });
      return z.NEVER;
    }
    return [...new Set(items.map(Number))];
  })
  .meta({ description: 'Comma-separated positive ids, or the key repeated' });

/** A query flag: true/false or 1/0 (z.coerce.boolean would read "false" as true). */
export const queryBooleanSchema = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const sortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** The lift an event, call or subscription belongs to. */
export const liftRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
});
export type LiftRef = z.infer<typeof liftRefSchema>;

// ── calls ──────────────────────────────────────────────────────────────────────────────────────

export const callKinds = ['entrapment', 'false_alarm', 'test', 'other'] as const;
export const callKindSchema = z.enum(callKinds);
export type CallKind = z.infer<typeof callKindSchema>;

/** EN 81-28 flow: received → acknowledged (by the alarm centre) → ended. */
export const callStatuses = ['received', 'acknowledged', 'ended'] as const;
export const callStatusSchema = z.enum(callStatuses);
export type CallStatus = z.infer<typeof callStatusSchema>;

/** Whom a call is assigned to: a person, or a maintenance company serving the lift's organisation. */
export const callAssigneeSchema = z.object({
  kind: z.enum(['user', 'organisation']),
  id: z.number().int(),
  name: z.string(),
});
export type CallAssignee = z.infer<typeof callAssigneeSchema>;

export const callSchema = z.object({
  id: z.number().int(),
  lift: liftRefSchema,
  /** When the call was received. */
  startedAt: isoDateTimeSchema,
  acknowledgedAt: isoDateTimeSchema.nullable(),
  endedAt: isoDateTimeSchema.nullable(),
  /** Seconds from received to ended; for a call still running, to now. */
  durationSeconds: z.number().int(),
  kind: callKindSchema,
  status: callStatusSchema,
  /** Automatic test calls: ok, or the part that failed (speaker, microphone, battery). */
  testResult: z.string().nullable(),
  handledBy: z.string().nullable(),
  notes: z.string().nullable(),
  /** Moves on every change by a person or a module; an action names the version it saw (409 otherwise). */
  version: z.number().int(),
  /** Who acknowledged it in the portal; null when the module or alarm centre did, or nobody yet. */
  acknowledgedBy: z.string().nullable(),
  /** When the trapped passenger was freed, as recorded by a person. */
  passengerFreedAt: isoDateTimeSchema.nullable(),
  /** The person or maintenance company the call is assigned to. */
  assignee: callAssigneeSchema.nullable(),
});
export type Call = z.infer<typeof callSchema>;

export const callSortFields = ['startedAt', 'duration', 'kind', 'lift'] as const;
export const callSortSchema = z.enum(callSortFields);
export type CallSort = z.infer<typeof callSortSchema>;

/** GET /liftwacht/calls: one organisation's alarm calls, received within from..to (local days). */
const callListFields = {
  organisationId: idSchema,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  kinds: queryCodeListSchema(callKinds).optional(),
  liftIds: queryIdListSchema.optional(),
  sort: callSortSchema.default('startedAt'),
  order: sortOrderSchema.default('desc'),
};

export const callListQuerySchema = z
  .object({ ...callListFields, limit: pageLimitSchema(100), offset: pageOffsetSchema })
  .superRefine(refinePeriod);
export type CallListQuery = z.infer<typeof callListQuerySchema>;

/** GET /liftwacht/calls/export: the list's filters and order, every matching call, as .csv or .xlsx. */
export const callExportQuerySchema = z.object({ ...callListFields, ...exportFileFields }).superRefine(refinePeriod);
export type CallExportQuery = z.infer<typeof callExportQuerySchema>;

/** Calls per kind in the period and lifts asked for, whatever the kinds filter, so every kind's chip has its count. */
export const callTotalsSchema = z.object({
  entrapment: z.number().int(),
  false_alarm: z.number().int(),
  test: z.number().int(),
  other: z.number().int(),
});
export type CallTotals = z.infer<typeof callTotalsSchema>;

export const callListResponseSchema = dataOf(
  z.object({
    items: z.array(callSchema),
    pagination: paginationSchema,
    /** Calls matching every filter (kinds included). */
    total: z.number().int(),
    totals: callTotalsSchema,
  }),
);
export type CallListResponse = z.infer<typeof callListResponseSchema>;

/** GET /liftwacht/calls/current: calls not yet ended, longest running first. */
export const currentCallsQuerySchema = z.object({
  organisationId: idSchema,
  limit: pageLimitSchema(100),
  offset: pageOffsetSchema,
});
export type CurrentCallsQuery = z.infer<typeof currentCallsQuerySchema>;

/** GET /liftwacht/calls/current/export: every call not yet ended, longest running first, as .csv or .xlsx. */
export const currentCallsExportQuerySchema = z.object({ organisationId: idSchema, ...exportFileFields });
export type CurrentCallsExportQuery = z.infer<typeof currentCallsExportQuerySchema>;

export const currentCallSchema = callSchema.extend({
  /** Seconds since the call was received, by the server's clock. */
  runningSeconds: z.number().int(),
});
export type CurrentCall = z.infer<typeof currentCallSchema>;

export const currentCallsResponseSchema = listOf(currentCallSchema);
export type CurrentCallsResponse = z.infer<typeof currentCallsResponseSchema>;
