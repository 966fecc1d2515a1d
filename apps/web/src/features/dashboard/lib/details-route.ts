// Reading /stats-details/{type}/{lower?}/{upper?} and deciding which period its list covers.
import { statsDetailTypeSchema, type StatsDetailType } from '@liftwacht/contracts/dashboard';

export interface DetailsRoute {
  type: StatsDetailType;
  lower?: number;
  /** Absent for an open upper bound ("null" in the route, as the spec's 0.99/null). */
  upper?: number;
}

function parseBound(value: string | undefined): number | undefined | 'invalid' {
  if (value === undefined || value === 'null') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= 1 ? number : 'invalid';
}

/** The route's parameters, or null for a type or bound that does not exist. */
export function parseDetailsRoute(params: { type?: string; lower?: string; upper?: string }): DetailsRoute | null {
  const type = statsDetailTypeSchema.safeParse(params.type);
  const lower = parseBound(params.lower);
  const upper = parseBound(params.upper);
  if (!type.success || lower === 'invalid' || upper === 'invalid') return null;
  return {
    type: type.data,
    ...(lower === undefined ? {} : { lower }),
    ...(upper === undefined ? {} : { upper }),
  };
}

/** Figures that only exist over a period: their list always needs one. */
const periodOnly: readonly StatsDetailType[] = [
  'liftAvailability',
  'intercomAvailability',
  'maintenanceBeforeInterval',
  'maintenanceOnInterval',
  'maintenanceAfterInterval',
  'maintenanceExpired',
  'entrapments',
  'timeToAcknowledge',
  'timeToFree',
  'falseAlarmShare',
  'unavailabilityEvents',
  'mtbf',
  'mttr',
];

/** Rejected and expired inspections are a current condition in the current view, a period figure otherwise. */
const eitherView: readonly StatsDetailType[] = ['approvalRejected', 'approvalExpired'];

export function usesPeriod(type: StatsDetailType, viewIsCurrent: boolean): boolean {
  return periodOnly.includes(type) || (eitherView.includes(type) && !viewIsCurrent);
}
