// The pairs the compare-periods page shows (spec §2): this month, quarter and year next to the
// previous one.
import { calendarPeriod, type CalendarUnit, type Period } from './period-range.ts';

export const comparedUnits: readonly CalendarUnit[] = ['month', 'quarter', 'year'];

export interface PeriodPair {
  unit: CalendarUnit;
  current: Period;
  previous: Period;
}

export function comparisonPeriods(today: Date): PeriodPair[] {
  return comparedUnits.map((unit) => ({
    unit,
    current: calendarPeriod(unit, 0, today),
    previous: calendarPeriod(unit, -1, today),
  }));
}
