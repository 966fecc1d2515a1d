// Contract-shaped administration data and a signed-in session whose mocked API serves it.
import type { AccessGrant, AdminOrganisation, AdminUser, AuditEntry } from '@liftwacht/contracts/administration';
import type { RoleName } from '@liftwacht/contracts/auth';
import { userWithRole } from '../../../test/fixtures.ts';
import type { MockResponse, RecordedRequest } from '../../../test/mock-api.ts';
import { storedSession } from '../../../test/session.ts';

type Route = MockResponse | ((request: RecordedRequest) => MockResponse);

const at = '2026-11-01T10:00:00+01:00';

export function adminOrganisation(id: number, name: string, type: AdminOrganisation['type']): AdminOrganisation {
  return { id, name, type, userCount: 2, accessibleOrganisationIds: [], createdAt: at, updatedAt: at, version: 1 };
}

export const adminOrganisations: AdminOrganisation[] = [
  adminOrganisation(1, 'Liftwacht Vastgoed', 'owner'),
  adminOrganisation(2, 'Woonstichting Noord', 'client'),
  adminOrganisation(3, 'Liftservice Oost', 'maintenance'),
  adminOrganisation(4, 'Keurbedrijf Zuid', 'inspection'),
];

export function adminUser(id: number, username: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    username,
    name: `Naam ${username}`,
    email: `${username}@example.nl`,
    organisationId: 1,
    organisationName: 'Liftwacht Vastgoed',
    roles: ['user'],
    locale: 'nl',
    status: 'active',
    invitationExpiresAt: null,
    createdAt: at,
    updatedAt: at,
    version: 1,
    ...overrides,
  };
}

export const accessGrant: AccessGrant = {
  organisationId: 3,
  organisationName: 'Liftservice Oost',
  organisationType: 'maintenance',
  accessibleOrganisationId: 2,
  accessibleOrganisationName: 'Woonstichting Noord',
  accessibleOrganisationType: 'client',
  createdAt: at,
};

export function auditEntry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-11-20T09:15:30Z',
    userId: 1,
    username: 'demo-admin',
    organisationId: 1,
    organisationName: 'Liftwacht Vastgoed',
    ip: '192.0.2.1',
    action: 'user.updated',
    subjectType: 'user',
    subjectId: '7',
    subject: { name: 'Jan de Vries', lift: null, kind: null, at: null },
    before: { name: 'Jan', roles: ['user'], version: 1 },
    after: { name: 'Jan', roles: ['user', 'admin'], version: 2 },
    ...overrides,
  };
}

/** `{ data: { items, pagination, total } }` for one page. */
export const listBody = <T>(items: T[], total = items.length) => ({
  body: { data: { items, pagination: { limit: 25, offset: 0 }, total } },
});

/** Signs `role` in (user id 1, organisation 1); the organisations list is always served for the pickers. */
export function adminSession(role: RoleName, routes: Record<string, Route> = {}) {
  return storedSession(userWithRole(role), {
    extra: { 'GET /liftwacht/admin/organisations': listBody(adminOrganisations), ...routes },
  });
}

/** The query a list request sent, as a plain object. */
export const queryOf = (request: RecordedRequest | undefined): Record<string, string> =>
  Object.fromEntries(request?.url.searchParams ?? []);
