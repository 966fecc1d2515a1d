// Escalation of entrapments (issue 19, DESIGN §4 alarm calls): an entrapment nobody acknowledged
// within the organisation's first limit mails the users subscribed to escalations, and again at the
// second limit. The limits belong to the lift's organisation; its users read them, its admin (and
// system-admin) sets them. Who is mailed is chosen in Meldingen (contracts/subscriptions.ts).
import { z } from 'zod';
import { dataOf } from './common.ts';

/** 1: the first limit passed; 2: the second. Each is mailed at most once per call. */
export const escalationLevels = [1, 2] as const;
export type EscalationLevel = (typeof escalationLevels)[number];

/** The limits a new organisation starts with, in minutes. */
export const defaultEscalationMinutes = { first: 5, second: 15 } as const;

/** The longest limit: a day. An entrapment unanswered for longer is no longer an alarm to escalate. */
export const escalationMaxMinutes = 24 * 60;

/** GET /liftwacht/organisations/{id}/escalation-settings */
export const escalationSettingsSchema = z.object({
  organisationId: z.number().int(),
  organisationName: z.string(),
  /** Minutes after the start of an unacknowledged entrapment at which the first escalation goes out. */
  firstMinutes: z.number().int(),
  /** Minutes after the start at which the second goes out; always more than firstMinutes. */
  secondMinutes: z.number().int(),
  /** The organisation's version: a change names it, a stale one answers 409 with the current settings. */
  version: z.number().int(),
  /** Whether the caller may change them (the organisation's own admin, or system-admin). */
  editable: z.boolean(),
});
export type EscalationSettings = z.infer<typeof escalationSettingsSchema>;

export const escalationSettingsResponseSchema = dataOf(escalationSettingsSchema);
export type EscalationSettingsResponse = z.infer<typeof escalationSettingsResponseSchema>;

const minutesSchema = z
  .number()
  .int('whole minutes')
  .min(1, 'at least 1 minute')
  .max(escalationMaxMinutes, 'at most 24 hours');

/** PUT /liftwacht/organisations/{id}/escalation-settings: both limits, with the version they were read at. */
export const updateEscalationSettingsSchema = z
  .strictObject({
    firstMinutes: minutesSchema,
    secondMinutes: minutesSchema,
    version: z.number().int().positive().max(2_147_483_647),
  })
  .refine((body) => body.secondMinutes > body.firstMinutes, {
    message: 'must be later than the first limit',
    path: ['secondMinutes'],
  });
export type UpdateEscalationSettings = z.infer<typeof updateEscalationSettingsSchema>;
