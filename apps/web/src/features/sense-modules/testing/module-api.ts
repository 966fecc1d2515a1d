// Contract-shaped module data and a signed-in session whose mocked API serves it.
import type { RoleName } from '@liftwacht/contracts/auth';
import type { Lift } from '@liftwacht/contracts/lifts';
import type { SenseModuleDetail, UnregisteredModule } from '@liftwacht/contracts/sense-modules';
import { liftFixture, userWithRole } from '../../../test/fixtures.ts';
import type { MockResponse, RecordedRequest } from '../../../test/mock-api.ts';
import { storedSession } from '../../../test/session.ts';

type Route = MockResponse | ((request: RecordedRequest) => MockResponse);

const at = '2026-11-20T09:15:00Z';

export const kerkstraat = { id: 11, organisationId: 1, name: 'Kerkstraat 1', address: 'Kerkstraat 1, Utrecht' };
export const dorpsplein = { id: 12, organisationId: 1, name: 'Dorpsplein', address: 'Dorpsplein 3, Zeist' };

export function senseModule(
  id: number,
  esNumber: string,
  overrides: Partial<SenseModuleDetail> = {},
): SenseModuleDetail {
  return {
    id,
    esNumber,
    organisationId: 1,
    lift: kerkstraat,
    firmware: '2.4.1',
    lastSeenAt: at,
    connected: true,
    hasKey: true,
    keyCreatedAt: '2026-11-01T08:00:00Z',
    createdAt: '2026-11-01T08:00:00Z',
    version: 3,
    links: [{ lift: kerkstraat, linkedAt: '2026-11-01T08:00:00Z', unlinkedAt: null }],
    lastProvisioning: null,
    lastProvisioningAt: null,
    ...overrides,
  };
}

export const unregisteredModule = (esNumber: string): UnregisteredModule => ({
  esNumber,
  firstSeenAt: '2026-11-24T07:00:00Z',
  lastSeenAt: '2026-11-25T07:00:00Z',
  messages: 1234,
  lastKind: 'module',
});

/** A lift as GET/POST /lift list it, with or without a module. */
export function pickerLift(id: number, name: string, esNumber: string | null = null): Lift {
  return {
    ...liftFixture(id, { liftname: name, address: `${name} 1, Amersfoort` }),
    module: esNumber === null ? null : { esNumber, firmware: null, lastSeenAt: null, connected: false },
  };
}

/** `{ data: { items, pagination, total } }` for one page. */
export const listBody = <T>(items: T[], total = items.length) => ({
  body: { data: { items, pagination: { limit: 25, offset: 0 }, total } },
});

/** The 409 of a change on `field`, with the module as the server has it now. */
export const conflictBody = (current: SenseModuleDetail, field: 'version' | 'liftId' | 'esNumber' = 'version') => ({
  status: 409,
  body: { error: { code: 'conflict', message: 'conflict', field }, current },
});

/** Signs `role` in (user 1, organisation 1) with the lift pickers' searches served. */
export function moduleSession(role: RoleName, routes: Record<string, Route> = {}) {
  return storedSession(userWithRole(role), {
    extra: {
      'GET /liftwacht/admin/modules': listBody([]),
      'GET /liftwacht/admin/unregistered-modules': listBody([]),
      'POST /liftwacht/lift': listBody([pickerLift(21, 'Stationsplein')]),
      'GET /liftwacht/lift': listBody([pickerLift(21, 'Stationsplein'), pickerLift(22, 'Stationsweg', 'ES-9')]),
      ...routes,
    },
  });
}

export const queryOf = (request: RecordedRequest | undefined): Record<string, string> =>
  Object.fromEntries(request?.url.searchParams ?? []);
