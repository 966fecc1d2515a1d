// What an organisation report contains, gathered by the service before a single PDF byte is
// written, so every error (404, 403) still answers as JSON and the layout code only draws.
import type { Locale } from '@liftwacht/contracts/auth';
import type { PeriodStats } from '@liftwacht/contracts/dashboard';

export const callKinds = ['entrapment', 'false_alarm', 'test', 'other'] as const;
export type CallKind = (typeof callKinds)[number];

export interface ReportLift {
  liftId: number;
  name: string;
  address: string;
  buildingName: string | null;
  /** Percent 0–100, as /stats/details?type=liftAvailability gives it. */
  availability: number;
  /** Percent 0–100, or null when the lift has no intercom (no lift type). */
  intercomAvailability: number | null;
  unavailabilityEvents: number;
  alarmCalls: number;
  visits: number;
  /** When the inspection was due (latest approval's end, else 12 months after commissioning); null: unknown. */
  inspectionDueOn: string | null;
  /** The due day had passed by the end of the period (or today, for a running period). */
  inspectionExpired: boolean;
}

export interface OrganisationReport {
  locale: Locale;
  organisation: { id: number; name: string };
  period: { from: string; to: string; startHour: number; endHour: number };
  generatedAt: Date;
  /** Exactly what GET /stats answers for the same organisation and period. */
  stats: PeriodStats;
  callsByKind: Record<CallKind, number>;
  /** Every lift, by name. */
  lifts: ReportLift[];
  /** The ten lifts with the lowest availability, lowest first. */
  lowest: ReportLift[];
  eventsByType: { type: string; count: number }[];
}
