// The period view's alarm handling and reliability cards (contracts dashboard.ts alarmFiguresSchema),
// in the order the dashboard, the lift page and compare periods show them.
import type { PeriodStats, StatsDetailType } from '@liftwacht/contracts/dashboard';

export type AlarmCardType = Extract<
  StatsDetailType,
  'entrapments' | 'timeToAcknowledge' | 'timeToFree' | 'falseAlarmShare' | 'unavailabilityEvents' | 'mtbf' | 'mttr'
>;

/** A figure and how to read it; null where the figure is undefined (no calls, no events): a dash. */
export type FigureKind = 'count' | 'duration' | 'percentage';

export interface FigureValue {
  kind: FigureKind;
  value: number | null;
}

export interface AlarmCard {
  type: AlarmCardType;
  kind: FigureKind;
  value: (stats: PeriodStats) => number | null;
  /** The 90th percentile beside a median (times to acknowledge and to free). */
  p90?: (stats: PeriodStats) => number | null;
}

export interface AlarmSection {
  key: 'alarmHandling' | 'reliability';
  cards: readonly AlarmCard[];
}

export const alarmSections: readonly AlarmSection[] = [
  {
    key: 'alarmHandling',
    cards: [
      { type: 'entrapments', kind: 'count', value: (s) => s.entrapments.count },
      {
        type: 'timeToAcknowledge',
        kind: 'duration',
        value: (s) => s.timeToAcknowledge.medianSeconds,
        p90: (s) => s.timeToAcknowledge.p90Seconds,
      },
      {
        type: 'timeToFree',
        kind: 'duration',
        value: (s) => s.timeToFree.medianSeconds,
        p90: (s) => s.timeToFree.p90Seconds,
      },
      { type: 'falseAlarmShare', kind: 'percentage', value: (s) => s.falseAlarmShare.percentage },
    ],
  },
  {
    key: 'reliability',
    cards: [
      { type: 'unavailabilityEvents', kind: 'count', value: (s) => s.unavailabilityEvents.count },
      { type: 'mtbf', kind: 'duration', value: (s) => s.mtbf.seconds },
      { type: 'mttr', kind: 'duration', value: (s) => s.mttr.seconds },
    ],
  },
];

export const alarmCards: readonly AlarmCard[] = alarmSections.flatMap((section) => section.cards);
