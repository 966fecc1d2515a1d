// A signed-in session whose mocked API answers every call of the lifts pages with contract-shaped data.
import type { RoleName } from '@liftwacht/contracts/auth';
import type { LiftOnSite } from '@liftwacht/contracts/lift-on-site';
import type { CountersResponse, Lift } from '@liftwacht/contracts/lifts';
import { monthStart } from '../lib/amsterdam-date.ts';
import { reloadSessionFromStorage } from '../../../lib/session/session-store.ts';
import { storageKeys } from '../../../lib/storage.ts';
import { liftFixture, organisations, userWithRole } from '../../../test/fixtures.ts';
import { mockApi, type MockResponse, type RecordedRequest } from '../../../test/mock-api.ts';

export const detailedLift: Lift = {
  ...liftFixture(7, { liftname: 'Lift Domplein', address: 'Domplein 4' }),
  details: {
    liftname: 'Lift Domplein',
    address: 'Domplein 4',
    postalCode: '3512 JC',
    city: 'Utrecht',
    buildingName: 'Domtoren',
    sbclId: 'SBCL-123',
    serialNumber: 'SN-777',
    ownerNumber: 'OWN-1',
    inspectionNumber: 'INS-2',
    installerNumber: 'INST-3',
    telephoneNumber: '030 123 4567',
    manufacturerNumber: 'MF-4',
    updatedAt: '2026-11-01T10:00:00+01:00',
  },
  liftType: 'personenlift',
  hasFlow: true,
  commissionedOn: '2015-03-01',
  decommissionedOn: null,
  version: 1,
  inspectionValidUntil: '2026-10-01',
  lastInspection: { inspectedOn: '2025-04-01', result: 'approved', validUntil: '2026-10-01' },
  module: { esNumber: 'ES-1007', firmware: '2.4.1', lastSeenAt: '2026-11-21T09:00:00Z', connected: true },
};

/** Stopped by its emergency stop on floor 3, a call waiting, the inspection expired. */
export const onSiteFixture: LiftOnSite = {
  liftId: 7,
  at: '2026-11-21T10:00:00Z',
  service: { state: 'out_of_service', since: '2026-11-21T08:30:00Z', cause: 'en627_emergency_stop' },
  faults: {
    items: [
      {
        id: 31,
        type: 'en627_emergency_stop',
        floor: 3,
        startedAt: '2026-11-21T08:30:00Z',
        endedAt: null,
        durationSeconds: 5400,
        closed: false,
      },
    ],
    total: 1,
  },
  call: {
    id: 41,
    lift: { id: 7, name: 'Lift Domplein', address: 'Domplein 4' },
    startedAt: '2026-11-21T08:32:00Z',
    acknowledgedAt: null,
    endedAt: null,
    durationSeconds: 5280,
    kind: 'entrapment',
    status: 'received',
    testResult: null,
    handledBy: null,
    notes: null,
    version: 1,
    acknowledgedBy: null,
    passengerFreedAt: null,
    assignee: { kind: 'organisation', id: 3, name: 'Liftservice Utrecht' },
  },
  events: [
    {
      id: 30,
      type: 'unavailable',
      floor: 3,
      startedAt: '2026-11-21T08:30:00Z',
      endedAt: null,
      durationSeconds: 5400,
      closed: false,
    },
  ],
  visits: [],
  due: {
    inspection: { state: 'expired', dueOn: '2016-03-01', lastInspectedOn: null, lastResult: null },
    maintenance: {
      state: 'overdue',
      dueOn: '2026-11-01',
      basis: 'visit',
      lastVisitOn: '2026-08-03',
      intervalDays: 90,
      ridesSince: 12_345,
      rideThreshold: 20_000,
      ridesExceeded: false,
    },
  },
};

const page = <T>(items: T[], limit = 10) => ({
  body: { data: { items, pagination: { limit, offset: 0 }, total: items.length } },
});

/**
 * The last two months of energy up to the range's end: the month the page asks for ends today, so
 * fixed dates would stop being "this month" when the calendar moves on.
 */
function energyMonths(to: string): { start: string; sum: number }[] {
  return [
    { start: monthStart(to, 1), sum: 20_000 },
    { start: monthStart(to), sum: 12_345 },
  ];
}

function counters({ url }: RecordedRequest): MockResponse {
  const kind = (url.searchParams.get('kind') ?? 'rides') as CountersResponse['data']['kind'];
  const interval = url.searchParams.get('interval') as CountersResponse['data']['interval'];
  const items =
    kind === 'energy_wh'
      ? energyMonths(url.searchParams.get('to') ?? '')
      : interval === 'year'
        ? [
            { start: '2025-01-01', sum: 40_000 },
            { start: '2026-01-01', sum: 35_000 },
          ]
        : [{ start: interval === '15m' ? '2026-11-21T08:00:00Z' : '2026-11-16', sum: 12 }];
  const data: CountersResponse['data'] = {
    liftId: 7,
    kind,
    interval,
    from: url.searchParams.get('from') ?? '',
    to: url.searchParams.get('to') ?? '',
    timeZone: 'Europe/Amsterdam',
    items,
    sum: items.reduce((sum, item) => sum + item.sum, 0),
  };
  return { body: { data } };
}

export const liftDetailRoutes: Record<string, MockResponse | ((request: RecordedRequest) => MockResponse)> = {
  'GET /liftwacht/lift/7': { body: { data: detailedLift } },
  'GET /liftwacht/lift/7/statuses': {
    body: {
      data: {
        liftId: 7,
        at: '2026-11-21T10:00:00Z',
        statuses: [
          { status: 'liftUnavailable', active: false, since: null, value: null },
          { status: 'approvalExpired', active: true, since: '2026-10-01', value: null },
          { status: 'servicecounterMaintenanceAlert', active: false, since: null, value: 1234 },
        ],
      },
    },
  },
  'GET /liftwacht/lift/7/sense-data': {
    body: {
      data: {
        liftId: 7,
        esNumber: 'ES-1007',
        items: [
          { key: 'f10', value: 0, at: '2026-11-21T09:00:00Z' },
          { key: 'f0', value: true, at: '2026-11-21T09:00:00Z' },
          { key: 'f13', value: 231, at: '2026-11-21T09:00:00Z' },
        ],
      },
    },
  },
  'GET /liftwacht/sense/configuration': page(
    [
      { id: 1, type: 'label', key: 'f0', label: 'Deur open', moduleType: null },
      { id: null, type: 'label', key: 'f13', label: 'Netspanning', unit: 'V', moduleType: null },
    ],
    9999,
  ),
  'GET /liftwacht/lift/7/counters': counters,
  'GET /liftwacht/lift/7/ride-estimate': {
    body: {
      data: {
        liftId: 7,
        method: 'last365Days',
        estimate: 41_234,
        rides: 41_234,
        basisFrom: '2025-11-21',
        basisTo: '2026-11-20',
        basisDays: 365,
      },
    },
  },
  'GET /liftwacht/lift/7/visits': page([
    {
      id: 3,
      liftId: 7,
      type: 'maintenance',
      role: 'mechanic',
      state: 'finished',
      startedAt: '2026-11-20T08:00:00Z',
      endedAt: '2026-11-20T09:30:00Z',
      durationSeconds: 5400,
      person: 'Jan de Vries',
      remarks: null,
    },
  ]),
  'GET /liftwacht/lift/7/logbook': page([
    {
      id: 5,
      liftId: 7,
      logType: 'periodic_inspection',
      at: '2026-04-01T10:00:00Z',
      text: 'Goedgekeurd zonder opmerkingen',
    },
  ]),
  'GET /liftwacht/lift/7/inspections': {
    body: { data: { items: [], pagination: { limit: 20, offset: 0 }, total: 0, nextDue: '2026-10-01' } },
  },
  'GET /liftwacht/lift/7/on-site': { body: { data: onSiteFixture } },
  'GET /liftwacht/current-state': { body: { data: { items: [] } } },
  'GET /liftwacht/events': page([
    {
      id: 21,
      type: 'battery',
      lift: { id: 7, name: 'Lift Domplein', address: 'Domplein 4' },
      floor: 2,
      startedAt: '2026-11-19T08:00:00Z',
      endedAt: null,
      durationSeconds: 7200,
      closed: false,
    },
  ]),
};

/** Signs in with an organisation chosen; `extra` replaces or adds answers. */
export function liftsSession(
  role: RoleName = 'admin',
  extra: Record<string, MockResponse | ((request: RecordedRequest) => MockResponse)> = {},
) {
  localStorage.setItem(storageKeys.organisationId, '1');
  localStorage.setItem(storageKeys.userToken, 'test-token');
  reloadSessionFromStorage();
  return mockApi({
    'GET /liftwacht/user': { body: { data: userWithRole(role) } },
    'GET /liftwacht/user/organisation': { body: { data: organisations[0] } },
    'GET /liftwacht/organisation': {
      body: { data: { items: organisations, pagination: { limit: 1000, offset: 0 }, total: organisations.length } },
    },
    ...liftDetailRoutes,
    ...extra,
  });
}
