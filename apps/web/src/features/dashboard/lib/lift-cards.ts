// The single-lift variant's cards (spec §2 "Single-lift detail variant").
import { alwaysShownStatuses, liftStatuses, type LiftStatus, type PeriodStats } from '@liftwacht/contracts/dashboard';
import { alarmCards, type AlarmCardType, type FigureValue } from './alarm-cards.ts';

export interface LiftFeatures {
  /** The lift has an intercom (a lift type): intercom availability applies. */
  hasLiftType: boolean;
  /** A lift flow is available: the sense-not-connected card applies. */
  hasFlow: boolean;
}

/** The yes/no cards of the current view, with the dashboard's role restriction applied too. */
export function liftCurrentCards(features: LiftFeatures, restricted: boolean): LiftStatus[] {
  return liftStatuses.filter(
    (status) =>
      (!restricted || alwaysShownStatuses.includes(status)) && (status !== 'senseNotConnected' || features.hasFlow),
  );
}

export type LiftPeriodCardKey =
  | 'liftAvailability'
  | 'intercomAvailability'
  | 'energy'
  | 'wasRejected'
  | 'inspectionExpired'
  | 'inspectionUnknown'
  | 'maintenanceVisits'
  | 'maintenanceBeforeInterval'
  | 'maintenanceOnInterval'
  | 'maintenanceAfterInterval'
  | 'maintenanceExpired'
  | AlarmCardType;

export type LiftPeriodValue =
  | { kind: 'percentage'; value: number }
  | { kind: 'energy'; value: number }
  | { kind: 'yesNo'; value: boolean }
  | { kind: 'count'; value: number }
  /** Alarm handling and reliability: a dash where undefined. */
  | { kind: 'figure'; figure: FigureValue };

export interface LiftPeriodCard {
  key: LiftPeriodCardKey;
  value: (stats: PeriodStats) => LiftPeriodValue;
  /** The 90th percentile beside a median. */
  p90?: (stats: PeriodStats) => number | null;
}

const periodCards: readonly LiftPeriodCard[] = [
  { key: 'liftAvailability', value: (s) => ({ kind: 'percentage', value: s.liftAvailability.percentage }) },
  { key: 'intercomAvailability', value: (s) => ({ kind: 'percentage', value: s.intercomAvailability.percentage }) },
  { key: 'energy', value: (s) => ({ kind: 'energy', value: s.energyWh }) },
  { key: 'wasRejected', value: (s) => ({ kind: 'yesNo', value: s.approvalRejected.count > 0 }) },
  { key: 'inspectionExpired', value: (s) => ({ kind: 'yesNo', value: s.approvalExpired.lift_count > 0 }) },
  { key: 'inspectionUnknown', value: (s) => ({ kind: 'yesNo', value: s.inspectionUnknown.lift_count > 0 }) },
  { key: 'maintenanceVisits', value: (s) => ({ kind: 'count', value: s.maintenanceVisits.count }) },
  { key: 'maintenanceBeforeInterval', value: (s) => ({ kind: 'count', value: s.maintenanceBeforeInterval.count }) },
  { key: 'maintenanceOnInterval', value: (s) => ({ kind: 'count', value: s.maintenanceOnInterval.count }) },
  { key: 'maintenanceAfterInterval', value: (s) => ({ kind: 'count', value: s.maintenanceAfterInterval.count }) },
  // The spec's "maintenance later": the interval passed without a visit.
  { key: 'maintenanceExpired', value: (s) => ({ kind: 'yesNo', value: s.maintenanceExpired.lift_count > 0 }) },
  // The lift's own entrapment handling and reliability, as the dashboard's cards.
  ...alarmCards.map((card): LiftPeriodCard => ({
    key: card.type,
    value: (s) => ({ kind: 'figure', figure: { kind: card.kind, value: card.value(s) } }),
    ...(card.p90 ? { p90: card.p90 } : {}),
  })),
];

/** The period view's cards; intercom availability only for a lift with a type. */
export const liftPeriodCards = (features: LiftFeatures): LiftPeriodCard[] =>
  periodCards.filter((card) => card.key !== 'intercomAvailability' || features.hasLiftType);
