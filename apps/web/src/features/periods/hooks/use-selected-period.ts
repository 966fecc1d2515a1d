import { useMemo } from 'react';
import { useSession } from '../../../lib/session/use-session.ts';
import { periodOfRange, type Period } from '../lib/period-range.ts';

/** The period the session's date range stands for (the range is what the figures are fetched for). */
export function useSelectedPeriod(today: Date): Period {
  const startDate = useSession((state) => state.startDate);
  const endDate = useSession((state) => state.endDate);
  const stored = useSession((state) => state.period);
  return useMemo(() => periodOfRange(startDate, endDate, stored, today), [startDate, endDate, stored, today]);
}
