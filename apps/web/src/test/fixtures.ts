import type { RoleName, User } from '@liftwacht/contracts/auth';
import type { Lift } from '@liftwacht/contracts/lifts';
import type { PickableOrganisation } from '@liftwacht/contracts/organisations';

export function userWithRole(role: RoleName, overrides: Partial<User> = {}): User {
  return {
    id: 1,
    username: `demo-${role}`,
    name: `Demo ${role}`,
    email: `demo-${role}@liftwacht.example`,
    organisation_id: 1,
    organisation_type: 'owner',
    locale: 'nl',
    roles: [{ name: role }],
    ...overrides,
  };
}

export const organisations: PickableOrganisation[] = [
  { id: 1, name: 'Liftwacht Vastgoed', type: 'owner', liftCount: 87 },
  { id: 2, name: 'Woonstichting Noord', type: 'client', liftCount: 12 },
];

export function liftFixture(id: number, details: { liftname: string | null; address: string | null }): Lift {
  return {
    id,
    organisationId: 1,
    details: {
      ...details,
      postalCode: null,
      city: null,
      buildingName: null,
      sbclId: null,
      serialNumber: null,
      ownerNumber: null,
      inspectionNumber: null,
      installerNumber: null,
      telephoneNumber: null,
      manufacturerNumber: null,
      updatedAt: '2026-11-01T10:00:00+01:00',
    },
    liftType: null,
    hasFlow: false,
    maintenanceIntervalDays: 90,
    serviceRideThreshold: 10_000,
    commissionedOn: null,
    decommissionedOn: null,
    version: 1,
    inspectionValidUntil: null,
    lastInspection: null,
    module: null,
  };
}
