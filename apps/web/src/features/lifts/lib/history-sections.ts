import { z } from 'zod';

/** The history panels of the lift page the user can switch on and off (spec §3 history checkboxes). */
export const historySections = ['visits', 'logbook'] as const;
export type HistorySection = (typeof historySections)[number];

export const historyCheckboxesSchema = z.object({ visits: z.boolean(), logbook: z.boolean() });
export type HistoryCheckboxes = z.infer<typeof historyCheckboxesSchema>;

export const defaultHistoryCheckboxes: HistoryCheckboxes = { visits: true, logbook: true };
