// The chosen period (spec §3 "Period selection"), remembered as JSON under liftwacht-period. Checked
// without zod: the session store reads it before the first screen, the login page included, and
// that page must not download zod for it (scripts/report-size.mjs).
import { isPortalDay } from '@liftwacht/contracts/periods';

export const periodUnits = ['month', 'quarter', 'year', 'custom'] as const;

export interface PeriodSelection {
  unit: (typeof periodUnits)[number];
  /** 0 = current, -1 = previous, further negative = further back. */
  offset: number;
  label?: string | undefined;
  /** yyyy-MM-dd, inclusive. */
  from: string;
  to: string;
}

/** A remembered value that still fits: one written by an older version or by hand is dropped. */
export function isPeriodSelection(value: unknown): value is PeriodSelection {
  if (typeof value !== 'object' || value === null) return false;
  const { unit, offset, label, from, to } = value as Record<string, unknown>;
  return (
    periodUnits.includes(unit as PeriodSelection['unit']) &&
    Number.isInteger(offset) &&
    (offset as number) <= 0 &&
    (label === undefined || typeof label === 'string') &&
    isPortalDay(from) &&
    isPortalDay(to)
  );
}
