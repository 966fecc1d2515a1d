// Test data shaped by the contracts, and a signed-in session whose API answers the dashboard calls.
import type { RoleName } from '@liftwacht/contracts/auth';
import type { CurrentStats, PeriodStats } from '@liftwacht/contracts/dashboard';
import { reloadSessionFromStorage } from '../../../lib/session/session-store.ts';
import { storageKeys } from '../../../lib/storage.ts';
import { organisations, userWithRole } from '../../../test/fixtures.ts';
import { mockApi, type MockResponse, type RecordedRequest } from '../../../test/mock-api.ts';

export const currentStats: CurrentStats = {
  view: 'current',
  liftUnavailable: 3,
  senseFailureSensor: 2,
  visits: 1,
  servicecounterMaintenanceAlert: 4,
  approvalRejected: 5,
  approvalExpired: 6,
  inspectionUnknown: 8,
  intercomUnavailable: 7,
  senseNotConnected: 1234,
};

export function periodStats(overrides: Partial<PeriodStats> = {}): PeriodStats {
  return {
    view: 'period',
    from: '2026-11-01',
    to: '2026-11-30',
    liftAvailability: {
      percentage: 98.996,
      liftCount: 10,
      unavailableSeconds: 3600,
      brackets: [
        { lower: 0, upper: 0.98, count: 2 },
        { lower: 0.98, upper: 0.99, count: 3 },
        { lower: 0.99, upper: null, count: 5 },
      ],
    },
    intercomAvailability: {
      percentage: 99.5,
      liftCount: 8,
      unavailableSeconds: 60,
      brackets: [
        { lower: 0, upper: 0.98, count: 0 },
        { lower: 0.98, upper: 0.99, count: 1 },
        { lower: 0.99, upper: null, count: 7 },
      ],
    },
    approvalRejected: { count: 1 },
    approvalExpired: { count: 2, lift_count: 1 },
    inspectionUnknown: { lift_count: 13 },
    maintenanceBeforeInterval: { count: 3 },
    maintenanceOnInterval: { count: 4 },
    maintenanceAfterInterval: { count: 5 },
    maintenanceExpired: { lift_count: 6 },
    energyWh: 20_607_396,
    maintenanceVisits: { count: 12 },
    entrapments: { count: 7 },
    timeToAcknowledge: { count: 6, medianSeconds: 90, p90Seconds: 270 },
    timeToFree: { count: 5, medianSeconds: 600, p90Seconds: 1080 },
    falseAlarmShare: { percentage: 300 / 11, falseAlarms: 3, calls: 11 },
    unavailabilityEvents: { count: 6 },
    mtbf: { seconds: 1_411_200, inServiceSeconds: 8_467_200 },
    mttr: { seconds: 54_480, count: 5 },
    ...overrides,
  };
}

export const liftList = (total: number) => ({ data: { items: [], pagination: { limit: 1, offset: 0 }, total } });

type Handler = MockResponse | ((request: RecordedRequest) => MockResponse | Promise<MockResponse>);

/** A stored session of `role` with organisation 1 chosen; `routes` answer the feature's calls. */
export function dashboardSession(role: RoleName, routes: Record<string, Handler>, organisationId: number | null = 1) {
  localStorage.setItem(storageKeys.userToken, 'test-token');
  if (organisationId !== null) localStorage.setItem(storageKeys.organisationId, String(organisationId));
  reloadSessionFromStorage();
  return mockApi({
    'GET /liftwacht/user': { body: { data: userWithRole(role) } },
    'GET /liftwacht/user/organisation': { body: { data: organisations[0] } },
    'GET /liftwacht/organisation': {
      body: { data: { items: organisations, pagination: { limit: 1000, offset: 0 }, total: organisations.length } },
    },
    'GET /liftwacht/lift': { body: liftList(87) },
    ...routes,
  });
}

/** Answers /stats by view: from/to present → the period figures, else the current ones. */
export function statsHandler(
  period: PeriodStats = periodStats(),
  current: CurrentStats = currentStats,
): (request: RecordedRequest) => MockResponse {
  return ({ url }) => {
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    return { body: { data: from && to ? { ...period, from, to } : current } };
  };
}
