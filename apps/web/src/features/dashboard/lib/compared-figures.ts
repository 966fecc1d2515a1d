// The figures the compare-periods page puts side by side: the period view's, in its order.
import type { PeriodStats } from '@liftwacht/contracts/dashboard';
import { alarmCards } from './alarm-cards.ts';
import { periodCards, type PeriodCardType } from './dashboard-cards.ts';

export interface ComparedFigure {
  /** The row's label under dashboard:period. */
  key: PeriodCardType | 'liftAvailability' | 'intercomAvailability' | ComparedAlarmKey;
  /** Percentages change in percentage points, counts in units, durations in time. */
  kind: 'percentage' | 'count' | 'duration';
  /** Null where the figure is undefined in that period (no calls, no events): a dash, and no change. */
  value: (stats: PeriodStats) => number | null;
}

type ComparedAlarmKey = (typeof alarmCards)[number]['type'] | 'timeToAcknowledgeP90' | 'timeToFreeP90';

export const comparedFigures: readonly ComparedFigure[] = [
  { key: 'liftAvailability', kind: 'percentage', value: (stats) => stats.liftAvailability.percentage },
  { key: 'intercomAvailability', kind: 'percentage', value: (stats) => stats.intercomAvailability.percentage },
  ...periodCards.map((card): ComparedFigure => ({ key: card.type, kind: 'count', value: card.value })),
  // Entrapment handling and reliability; the 90th percentiles get rows of their own.
  ...alarmCards.flatMap((card): ComparedFigure[] => {
    const row: ComparedFigure = { key: card.type, kind: card.kind, value: card.value };
    const { p90 } = card;
    if (!p90) return [row];
    const key = card.type === 'timeToAcknowledge' ? 'timeToAcknowledgeP90' : 'timeToFreeP90';
    return [row, { key, kind: 'duration', value: p90 }];
  }),
];
