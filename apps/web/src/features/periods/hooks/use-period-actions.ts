import { useCallback } from 'react';
import { defaultDateRange } from '../../../lib/dates.ts';
import { getSessionState, sessionActions } from '../../../lib/session/session-store.ts';
import { calendarPeriod, type Period } from '../lib/period-range.ts';
import { usePeriodLabel } from './use-period-label.ts';

interface PeriodActions {
  /** Stores the period (as liftwacht-period, with its date range) and turns the current view off. */
  choose: (period: Period) => void;
  showCurrent: () => void;
  showPeriod: () => void;
}

export function usePeriodActions(today: Date): PeriodActions {
  const label = usePeriodLabel();
  const choose = useCallback(
    (period: Period) => sessionActions.choosePeriod({ ...period, label: label(period) }),
    [label],
  );

  const showPeriod = useCallback(() => {
    const { period, startDate, endDate } = getSessionState();
    const fallback = defaultDateRange(today);
    // Nothing chosen yet and only the default "month so far" range: start from the whole month,
    // which steps and compares cleanly. A range from a link (URL parameters) is kept as it is.
    if (period === null && startDate === fallback.startDate && endDate === fallback.endDate) {
      choose(calendarPeriod('month', 0, today));
      return;
    }
    sessionActions.setViewIsCurrent(false);
  }, [choose, today]);

  const showCurrent = useCallback(() => sessionActions.setViewIsCurrent(true), []);

  return { choose, showCurrent, showPeriod };
}
