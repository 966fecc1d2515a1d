// Which cards the dashboard shows, in the spec's order (§2), and where each one leads.
import type { CurrentStats, PeriodStats, StatsDetailType } from '@liftwacht/contracts/dashboard';

export type CurrentCardType = Exclude<keyof CurrentStats, 'view'>;

export interface CurrentCard {
  type: CurrentCardType;
  /** Hidden for client-light users and mechanics (spec §2, §6). */
  restricted: boolean;
}

export const currentCards: readonly CurrentCard[] = [
  { type: 'liftUnavailable', restricted: true },
  { type: 'senseFailureSensor', restricted: true },
  { type: 'visits', restricted: true },
  { type: 'servicecounterMaintenanceAlert', restricted: true },
  { type: 'approvalRejected', restricted: true },
  { type: 'approvalExpired', restricted: true },
  // Unknown is its own figure, never counted as fine (docs/dashboard-rules.md).
  { type: 'inspectionUnknown', restricted: true },
  { type: 'intercomUnavailable', restricted: false },
  { type: 'senseNotConnected', restricted: false },
];

export const currentCardsFor = (restrictedUser: boolean): readonly CurrentCard[] =>
  restrictedUser ? currentCards.filter((card) => !card.restricted) : currentCards;

export type PeriodCardType = Extract<
  StatsDetailType,
  | 'approvalRejected'
  | 'approvalExpired'
  | 'inspectionUnknown'
  | 'maintenanceBeforeInterval'
  | 'maintenanceOnInterval'
  | 'maintenanceAfterInterval'
  | 'maintenanceExpired'
>;

export interface PeriodCard {
  type: PeriodCardType;
  value: (stats: PeriodStats) => number;
}

/** The period view's cards after the availability section; the same figures as the PDF report. */
export const periodCards: readonly PeriodCard[] = [
  { type: 'approvalRejected', value: (stats) => stats.approvalRejected.count },
  { type: 'approvalExpired', value: (stats) => stats.approvalExpired.count },
  { type: 'inspectionUnknown', value: (stats) => stats.inspectionUnknown.lift_count },
  { type: 'maintenanceBeforeInterval', value: (stats) => stats.maintenanceBeforeInterval.count },
  { type: 'maintenanceOnInterval', value: (stats) => stats.maintenanceOnInterval.count },
  { type: 'maintenanceAfterInterval', value: (stats) => stats.maintenanceAfterInterval.count },
  { type: 'maintenanceExpired', value: (stats) => stats.maintenanceExpired.lift_count },
];
