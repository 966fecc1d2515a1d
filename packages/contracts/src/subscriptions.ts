// The signed-in user's notification subscriptions (spec §2 /subscriptions, "Meldingen"; DESIGN §3
// subscriptions): which event types are mailed to them, for every lift they may access or for
// chosen lifts. PUT replaces the whole set, so the web sends back what it shows.
import { z } from 'zod';
import { liftRefSchema } from './calls.ts';
import { dataOf, idNumberSchema } from './common.ts';
import { eventTypes, eventTypeSchema } from './event-types.ts';

/** Most lifts one subscription may name; more than this is "all lifts". */
export const subscriptionMaxLifts = 1000;

export const subscriptionInputSchema = z.object({
  eventType: eventTypeSchema,
  /** null: every lift the user may access, including lifts added later; otherwise these lifts only. */
  liftIds: z
    .array(idNumberSchema)
    .min(1, 'give null for all lifts, or at least one lift')
    .max(subscriptionMaxLifts)
    .nullable(),
});
export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;

/** PUT /liftwacht/subscriptions. One entry per event type; an empty list unsubscribes from everything. */
export const subscriptionsUpdateSchema = z
  .object({ items: z.array(subscriptionInputSchema).max(eventTypes.length) })
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

export const subscriptionsSchema = z.object({
  /** Where the mails go: the user's address. */
  email: z.string(),
  channel: z.literal('email'),
  /** Sorted in the order of the event type list. */
  items: z.array(subscriptionSchema),
});
export type Subscriptions = z.infer<typeof subscriptionsSchema>;

/** GET and PUT /liftwacht/subscriptions. */
export const subscriptionsResponseSchema = dataOf(subscriptionsSchema);
export type SubscriptionsResponse = z.infer<typeof subscriptionsResponseSchema>;
