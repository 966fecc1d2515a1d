// The chosen period (spec §3 "Period selection"), remembered as JSON under liftwacht-period.
import { z } from 'zod';
import { isoDateSchema } from '@liftwacht/contracts/common';

export const periodUnits = ['month', 'quarter', 'year', 'custom'] as const;

export const periodSelectionSchema = z.object({
  unit: z.enum(periodUnits),
  /** 0 = current, -1 = previous, further negative = further back. */
  offset: z.number().int().max(0),
  label: z.string().optional(),
  from: isoDateSchema,
  to: isoDateSchema,
});

export type PeriodSelection = z.infer<typeof periodSelectionSchema>;
