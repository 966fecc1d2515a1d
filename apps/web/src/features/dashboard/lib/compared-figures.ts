// The figures the compare-periods page puts side by side: the period view's, in its order.
import type { PeriodStats } from '@liftwacht/contracts/dashboard';
import { periodCards, type PeriodCardType } from './dashboard-cards.ts';

export interface ComparedFigure {
  type: PeriodCardType | 'liftAvailability' | 'intercomAvailability';
  /** Availability changes in percentage points, counts in units. */
  kind: 'percentage' | 'count';
  value: (stats: PeriodStats) => number;
}

export const comparedFigures: readonly ComparedFigure[] = [
  { type: 'liftAvailability', kind: 'percentage', value: (stats) => stats.liftAvailability.percentage },
  { type: 'intercomAvailability', kind: 'percentage', value: (stats) => stats.intercomAvailability.percentage },
  ...periodCards.map((card): ComparedFigure => ({ type: card.type, kind: 'count', value: card.value })),
];
