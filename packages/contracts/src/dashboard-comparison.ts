// Compare periods (spec §2 /compare-periods): which figures the page puts side by side, in the
// period view's order, how each is read from a period's GET /stats answer, and how its change is
// expressed. The page and its export (GET /stats/compare/export) both read this one list, so the
// file holds exactly the rows the page shows.
import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.ts';
import { maxPeriodDays, periodDays } from './periods.ts';
import { defaultEndHour, defaultStartHour, type PeriodStats } from './dashboard.ts';
import { exportFileFields } from './spreadsheet-export.ts';

/** Percentages change in percentage points, counts in units, durations (seconds) in time. */
export type ComparedFigureKind = 'percentage' | 'count' | 'duration';

/**
 * The unit a figure has in a spreadsheet, where a number must stay a number: percent, a count, or
 * a duration in minutes (times to acknowledge and to free: seconds to tens of minutes) or hours
 * (MTBF and MTTR: hours to weeks), so each reads at a glance and sums, averages and charts in Excel.
 */
export type ComparedFigureUnit = 'percent' | 'count' | 'minutes' | 'hours';

export const comparedFigureKeys = [
  'liftAvailability',
  'intercomAvailability',
  'approvalRejected',
  'approvalExpired',
  'maintenanceBeforeInterval',
  'maintenanceOnInterval',
  'maintenanceAfterInterval',
  'maintenanceExpired',
  'entrapments',
  'timeToAcknowledge',
  'timeToAcknowledgeP90',
  'timeToFree',
  'timeToFreeP90',
  'falseAlarmShare',
  'unavailabilityEvents',
  'mtbf',
  'mttr',
] as const;
export type ComparedFigureKey = (typeof comparedFigureKeys)[number];

export interface ComparedFigure {
  /** The row's label: dashboard:period.<key> on the page, dashboard.compareExport.figures.<key> in the file. */
  key: ComparedFigureKey;
  kind: ComparedFigureKind;
  unit: ComparedFigureUnit;
  /** Null where the figure is undefined in that period (no calls, no events): a dash, and no change. */
  value: (stats: PeriodStats) => number | null;
}

const percentage = (key: ComparedFigureKey, value: ComparedFigure['value']): ComparedFigure => ({
  key,
  kind: 'percentage',
  unit: 'percent',
  value,
});
const count = (key: ComparedFigureKey, value: ComparedFigure['value']): ComparedFigure => ({
  key,
  kind: 'count',
  unit: 'count',
  value,
});
const duration = (
  key: ComparedFigureKey,
  unit: 'minutes' | 'hours',
  value: ComparedFigure['value'],
): ComparedFigure => ({ key, kind: 'duration', unit, value });

/** The rows of every comparison, in the period view's order (availability, inspections and maintenance, alarms). */
export const comparedFigures: readonly ComparedFigure[] = [
  percentage('liftAvailability', (s) => s.liftAvailability.percentage),
  percentage('intercomAvailability', (s) => s.intercomAvailability.percentage),
  count('approvalRejected', (s) => s.approvalRejected.count),
  count('approvalExpired', (s) => s.approvalExpired.count),
  count('maintenanceBeforeInterval', (s) => s.maintenanceBeforeInterval.count),
  count('maintenanceOnInterval', (s) => s.maintenanceOnInterval.count),
  count('maintenanceAfterInterval', (s) => s.maintenanceAfterInterval.count),
  count('maintenanceExpired', (s) => s.maintenanceExpired.lift_count),
  // Entrapment handling and reliability; the 90th percentiles get rows of their own.
  count('entrapments', (s) => s.entrapments.count),
  duration('timeToAcknowledge', 'minutes', (s) => s.timeToAcknowledge.medianSeconds),
  duration('timeToAcknowledgeP90', 'minutes', (s) => s.timeToAcknowledge.p90Seconds),
  duration('timeToFree', 'minutes', (s) => s.timeToFree.medianSeconds),
  duration('timeToFreeP90', 'minutes', (s) => s.timeToFree.p90Seconds),
  percentage('falseAlarmShare', (s) => s.falseAlarmShare.percentage),
  count('unavailabilityEvents', (s) => s.unavailabilityEvents.count),
  duration('mtbf', 'hours', (s) => s.mtbf.seconds),
  duration('mttr', 'hours', (s) => s.mttr.seconds),
];

/** The change of a figure from the previous period to the current one; null where either is undefined. */
export function figureChange(figure: ComparedFigure, current: PeriodStats, previous: PeriodStats): number | null {
  const now = figure.value(current);
  const before = figure.value(previous);
  return now === null || before === null ? null : now - before;
}

// ── GET /stats/compare/export ─────────────────────────────────────────────────────────────────

export interface ComparedPeriodRange {
  from: string;
  to: string;
}

/** At most six comparisons (the page asks for one pair; a script may ask for more in one file). */
export const maxComparedPeriods = 12;

/**
 * `periods=2026-11-01/2026-11-30,2026-10-01/2026-10-31` (ISO 8601 intervals, comma-separated or
 * the key repeated): current and previous period alternately, as the page's tables pair them.
 * Every problem names the field `periods`, so the web can point at it.
 */
export const comparedPeriodsSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((raw, ctx): ComparedPeriodRange[] => {
    const items = (Array.isArray(raw) ? raw : [raw])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (items.length < 2 || items.length % 2 !== 0 || items.length > maxComparedPeriods) {
      return fail(`give current and previous periods in pairs: an even number from 2 to ${String(maxComparedPeriods)}`);
    }
    const periods: ComparedPeriodRange[] = [];
    for (const item of items) {
      const [from = '', to = '', ...rest] = item.split('/');
      // A short excerpt only: the message must not echo a whole hostile query string back.
      const shown = `'${item.slice(0, 30)}'`;
      if (rest.length > 0 || !isoDateSchema.safeParse(from).success || !isoDateSchema.safeParse(to).success) {
        return fail(`${shown} is not a period yyyy-MM-dd/yyyy-MM-dd between 1900 and 2199`);
      }
      if (from > to) return fail(`${shown}: the end must not be before the start`);
      if (periodDays(from, to) > maxPeriodDays) {
        return fail(`${shown}: a period may be at most ${String(maxPeriodDays)} days long`);
      }
      periods.push({ from, to });
    }
    return periods;
  })
  .meta({
    description:
      'Current and previous period alternately, each yyyy-MM-dd/yyyy-MM-dd, comma-separated or the key repeated',
  });

const hour = z.coerce.number().int().min(0).max(24);

/** The filters GET /stats takes (without the single period), the periods, and the file's format and language. */
export const comparisonExportQuerySchema = z
  .object({
    organisationId: idSchema,
    periods: comparedPeriodsSchema,
    startHour: hour.default(defaultStartHour),
    endHour: hour.default(defaultEndHour),
    liftId: idSchema.optional(),
    ...exportFileFields,
  })
  .superRefine((q, ctx) => {
    if (q.startHour >= q.endHour)
      ctx.addIssue({ code: 'custom', path: ['endHour'], message: 'must be after startHour' });
  });
export type ComparisonExportQuery = z.infer<typeof comparisonExportQuerySchema>;
