import { z } from 'zod';

/** The history panels of the lift page the user can switch on and off (spec §3 history checkboxes). */
export const historySections = ['events', 'visits', 'logbook'] as const;
export type HistorySection = (typeof historySections)[number];

// Defaults per box, so a choice stored before a panel existed still counts for the others.
export const historyCheckboxesSchema = z.object({
  events: z.boolean().default(true),
  visits: z.boolean().default(true),
  logbook: z.boolean().default(true),
});
export type HistoryCheckboxes = z.infer<typeof historyCheckboxesSchema>;

export const defaultHistoryCheckboxes: HistoryCheckboxes = { events: true, visits: true, logbook: true };
