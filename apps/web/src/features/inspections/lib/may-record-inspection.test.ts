import { describe, expect, it } from 'vitest';
import type { RoleName, User } from '@liftwacht/contracts/auth';
import type { OrganisationType } from '@liftwacht/contracts/permissions';
import { mayRecordInspection } from './may-record-inspection.ts';

const user = (role: RoleName, organisationType: OrganisationType, organisationId = 1): User => ({
  id: 1,
  username: 'u',
  name: 'U',
  email: 'u@example.test',
  organisation_id: organisationId,
  organisation_type: organisationType,
  locale: 'nl',
  roles: [{ name: role }],
});

describe('who may record an inspection on a lift of organisation 1', () => {
  it('lets the own administrator, an inspection company and system-admin', () => {
    expect(mayRecordInspection(user('admin', 'owner'), 1)).toBe(true);
    expect(mayRecordInspection(user('user', 'inspection', 5), 1)).toBe(true);
    expect(mayRecordInspection(user('system-admin', 'owner', 9), 1)).toBe(true);
  });

  it('refuses a maintenance company’s administrator on a granted lift, users, mechanics and nobody', () => {
    expect(mayRecordInspection(user('admin', 'maintenance', 3), 1)).toBe(false);
    expect(mayRecordInspection(user('user', 'owner'), 1)).toBe(false);
    expect(mayRecordInspection(user('monteur', 'maintenance', 3), 1)).toBe(false);
    expect(mayRecordInspection(user('client-light', 'client'), 1)).toBe(false);
    expect(mayRecordInspection(null, 1)).toBe(false);
  });
});
