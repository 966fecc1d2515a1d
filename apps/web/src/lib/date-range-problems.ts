// Date filters with optional bounds (events, calls, the lift search) checked against the server's
// calendar before a request is sent: the server refuses such a request with a 400 (issue 15).
import { isoDateSchema } from '@liftwacht/contracts/common';
import { maxPeriodDays, periodProblem } from '@liftwacht/contracts/periods';

export type DateBoundProblem = 'range' | 'order' | 'tooLong';

/** Per field, so a form can say it where it is wrong; null = fine. */
export interface DateRangeProblems {
  from: 'range' | null;
  to: DateBoundProblem | null;
}

const noProblems: DateRangeProblems = { from: null, to: null };

/** A filled-in day the server would refuse: not a real day between 1900 and 2199. */
const outsideCalendar = (day: string): boolean => day !== '' && !isoDateSchema.safeParse(day).success;

/**
 * What the server would refuse in a from/to pair where '' leaves a bound open: a day outside
 * 1900–2199 (on that day), or an end before the start or a period over `maxDays` (on the end).
 * maxDays null is for filters on a lift's dates rather than a period of data, which have no
 * longest span. An open bound has no length either, so only a closed period can be too long.
 */
export function dateRangeProblems(from: string, to: string, maxDays: number | null = maxPeriodDays): DateRangeProblems {
  if (outsideCalendar(from) || outsideCalendar(to)) {
    return { from: outsideCalendar(from) ? 'range' : null, to: outsideCalendar(to) ? 'range' : null };
  }
  if (from === '' || to === '') return noProblems;
  const problem = periodProblem(from, to, maxDays ?? Number.POSITIVE_INFINITY);
  // Both days are real days by now, so only the order and the length are left to go wrong.
  return problem === 'order' || problem === 'tooLong' ? { from: null, to: problem } : noProblems;
}

export const hasDateRangeProblem = (problems: DateRangeProblems): boolean =>
  problems.from !== null || problems.to !== null;
