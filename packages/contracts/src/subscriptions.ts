// The signed-in user's notification subscriptions (spec §2 /subscriptions, "Meldingen"; DESIGN §3
// subscriptions): which event types are mailed to them, for every lift they may access or for
// chosen lifts, and whether escalations of entrapments are (contracts/escalations.ts). PUT replaces
// the whole set, so the web sends back what it shows.
import { z } from 'zod';
import { liftRefSchema } from './calls.ts';
import { dataOf, idNumberSchema } from './common.ts';
import { eventTypes, eventTypeSchema } from './event-types.ts';

/** Most lifts one subscription may name; more than this is "all lifts". */
export const subscriptionMaxLifts = 1000;

/** null: every lift the user may access, including lifts added later; otherwise these lifts only. */
const liftIdsInputSchema = z
  .array(idNumberSchema)
  .min(1, 'give null for all lifts, or at least one lift')
  .max(subscriptionMaxLifts)
  .nullable();

export const subscriptionInputSchema = z.object({
  eventType: eventTypeSchema,
  liftIds: liftIdsInputSchema,
});
export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;

/** Escalation mails: an entrapment on one of these lifts not acknowledged within its organisation's limits. */
export const escalationSubscriptionInputSchema = z.object({ liftIds: liftIdsInputSchema });
export type EscalationSubscriptionInput = z.infer<typeof escalationSubscriptionInputSchema>;

/**
 * PUT /liftwacht/subscriptions. One entry per event type; an empty list unsubscribes from every event
 * type. `escalation` null unsubscribes from escalations; left out, it stays as it is (a client that
 * predates escalations does not undo what the user chose elsewhere).
 */
export const subscriptionsUpdateSchema = z
  .object({
    items: z.array(subscriptionInputSchema).max(eventTypes.length),
    escalation: escalationSubscriptionInputSchema.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.items.forEach((item, index) => {
      if (seen.has(item.eventType)) {
        ctx.addIssue({ code: 'custom', path: ['items', index, 'eventType'], message: 'appears more than once' });
      }
      seen.add(item.eventType);
    });
  });
export type SubscriptionsUpdate = z.infer<typeof subscriptionsUpdateSchema>;

export const subscriptionSchema = z.object({
  eventType: eventTypeSchema,
  /** null: every lift the user may access. */
  liftIds: z.array(z.number().int()).nullable(),
  /** The chosen lifts with name and address, for display; empty when liftIds is null. */
  lifts: z.array(liftRefSchema),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const escalationSubscriptionSchema = z.object({
  /** null: every lift the user may access. */
  liftIds: z.array(z.number().int()).nullable(),
  /** The chosen lifts with name and address, for display; empty when liftIds is null. */
  lifts: z.array(liftRefSchema),
});
export type EscalationSubscription = z.infer<typeof escalationSubscriptionSchema>;

export const subscriptionsSchema = z.object({
  /** Where the mails go: the user's address. */
  email: z.string(),
  channel: z.literal('email'),
  /** Sorted in the order of the event type list. */
  items: z.array(subscriptionSchema),
  /** null: no escalation mails. */
  escalation: escalationSubscriptionSchema.nullable(),
});
export type Subscriptions = z.infer<typeof subscriptionsSchema>;

/** GET and PUT /liftwacht/subscriptions. */
export const subscriptionsResponseSchema = dataOf(subscriptionsSchema);
export type SubscriptionsResponse = z.infer<typeof subscriptionsResponseSchema>;
