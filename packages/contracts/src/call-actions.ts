// Acting on an alarm call (issue 19; DESIGN §3 calls, §4 alarm calls, §7 concurrency): acknowledge,
// assign, add a note, record when the passenger was freed, and end it with a kind. Each action names
// the call's version it saw; when someone else (or the module) changed the call first, the answer
// is 409 with the fresh call. Phone submissions carry an Idempotency-Key.
import { z } from 'zod';
import { dataOf, idNumberSchema, idSchema, isoDateTimeSchema, safeTextSchema } from './common.ts';
import { callKindSchema, callSchema } from './calls.ts';

export const callIdParamSchema = z.object({ callId: idSchema });

const versionSchema = z.number().int().min(1).max(2_147_483_647);

/** POST /calls/{callId}/acknowledge */
export const acknowledgeCallBodySchema = z.object({ version: versionSchema });
export type AcknowledgeCallBody = z.infer<typeof acknowledgeCallBodySchema>;

/**
 * POST /calls/{callId}/assign: to a person (a user of the lift's organisation or of a company
 * serving it) or to a maintenance company serving it; both null takes the assignment back.
 */
export const assignCallBodySchema = z
  .object({
    version: versionSchema,
    userId: idNumberSchema.nullable().default(null),
    organisationId: idNumberSchema.nullable().default(null),
  })
  .refine((body) => body.userId === null || body.organisationId === null, {
    message: 'assign to a person or to a company, not both',
    path: ['organisationId'],
  });
export type AssignCallBody = z.infer<typeof assignCallBodySchema>;

/** POST /calls/{callId}/notes: notes are appended; two people may write at once, so no version. */
export const addCallNoteBodySchema = z.object({ text: safeTextSchema(2000).trim().min(1) });
export type AddCallNoteBody = z.infer<typeof addCallNoteBodySchema>;

/**
 * POST /calls/{callId}/passenger-freed on an acknowledged call (409 before): when, not before the
 * acknowledgement and not in the future (400, field `at`); default now.
 */
export const passengerFreedBodySchema = z.object({
  version: versionSchema,
  at: isoDateTimeSchema.optional(),
});
export type PassengerFreedBody = z.infer<typeof passengerFreedBodySchema>;

/** POST /calls/{callId}/end: a person ends the call and says what it was. */
export const endCallBodySchema = z.object({ version: versionSchema, kind: callKindSchema });
export type EndCallBody = z.infer<typeof endCallBodySchema>;

export const callStepActions = ['received', 'acknowledged', 'assigned', 'note', 'passenger_freed', 'ended'] as const;
export const callStepActionSchema = z.enum(callStepActions);
export type CallStepAction = z.infer<typeof callStepActionSchema>;

/** Who took a step: the module or alarm centre over ingest, or a person in the portal. */
export const callStepSources = ['module', 'portal'] as const;
export const callStepSourceSchema = z.enum(callStepSources);
export type CallStepSource = z.infer<typeof callStepSourceSchema>;

/** One step of a call's lifecycle, oldest first. */
export const callStepSchema = z.object({
  id: z.number().int(),
  at: isoDateTimeSchema,
  action: callStepActionSchema,
  source: callStepSourceSchema,
  /** The person, for a portal step. */
  user: z.string().nullable(),
  /** The step's details: the note's text, the assignee, the kind it ended with, the freed time. */
  text: z.string().nullable(),
  kind: callKindSchema.nullable(),
  assignee: z.string().nullable(),
  freedAt: isoDateTimeSchema.nullable(),
});
export type CallStep = z.infer<typeof callStepSchema>;

export const callDetailSchema = callSchema.extend({
  organisationId: z.number().int(),
  /** Seconds since the call was received (to its end once ended), by the server's clock. */
  runningSeconds: z.number().int(),
  steps: z.array(callStepSchema),
});
export type CallDetail = z.infer<typeof callDetailSchema>;

/** GET /calls/{callId}, and the answer of every action (the call as it is now). */
export const callDetailResponseSchema = dataOf(callDetailSchema);
export type CallDetailResponse = z.infer<typeof callDetailResponseSchema>;

/** 409: the call changed since the version the action named; `current` is the call as it is now. */
export const callConflictSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  current: callDetailSchema,
});

/** GET /calls/{callId}/assignees: whom the call may be assigned to. */
export const callAssigneesResponseSchema = dataOf(
  z.object({
    users: z.array(z.object({ id: z.number().int(), name: z.string(), organisation: z.string() })),
    organisations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
);
export type CallAssigneesResponse = z.infer<typeof callAssigneesResponseSchema>;
