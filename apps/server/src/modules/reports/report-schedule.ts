// When a scheduled report is due (issue 20): the first working day (Monday–Friday, not a Dutch
// public holiday: working-days.ts) after the period ends, at 07:00 Europe/Amsterdam, in summer and
// winter time alike.
import type { ReportCadence } from '@liftwacht/contracts/reports';
import { dayToIso, fromLocal, isoToDay, toLocal, type DayNumber } from '../../db/seed/amsterdam-time.ts';
import { firstWorkingDayAfter } from './working-days.ts';

/** Local hour at which a period's reports go out. */
export const scheduledReportHour = 7;

export interface ScheduledPeriod {
  cadence: ReportCadence;
  /** First and last local day, inclusive. */
  from: string;
  to: string;
  dueAt: Date;
}

const monthsOf: Record<ReportCadence, number> = { monthly: 1, quarterly: 3 };

/** The period of the cadence that contains the local day: a calendar month or quarter. */
function periodContaining(cadence: ReportCadence, day: DayNumber): { from: string; to: string } {
  const date = new Date(dayToIso(day));
  const months = monthsOf[cadence];
  const year = date.getUTCFullYear();
  const firstMonth = Math.floor(date.getUTCMonth() / months) * months;
  const from = new Date(Date.UTC(year, firstMonth, 1));
  const to = new Date(Date.UTC(year, firstMonth + months, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** 07:00 local on the first working day after the period's last day. */
export function reportDueAt(to: string): Date {
  return new Date(fromLocal(firstWorkingDayAfter(isoToDay(to)), scheduledReportHour));
}

function scheduled(cadence: ReportCadence, period: { from: string; to: string }): ScheduledPeriod {
  return { cadence, ...period, dueAt: reportDueAt(period.to) };
}

/**
 * The latest period of the cadence whose reports are due at `now`: the previous month or quarter
 * once its first working day has reached 07:00, else the one before it.
 */
export function latestDuePeriod(cadence: ReportCadence, now: Date): ScheduledPeriod {
  const today = toLocal(now.getTime()).day;
  const current = periodContaining(cadence, today);
  const previous = scheduled(cadence, periodContaining(cadence, isoToDay(current.from) - 1));
  if (previous.dueAt.getTime() <= now.getTime()) return previous;
  return scheduled(cadence, periodContaining(cadence, isoToDay(previous.from) - 1));
}
