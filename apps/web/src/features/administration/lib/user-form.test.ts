import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@liftwacht/contracts/administration';
import { draftOf, offeredRoles, updateBody } from './user-form.ts';

const user: AdminUser = {
  id: 7,
  username: 'jan',
  name: 'Jan Jansen',
  email: 'jan@example.nl',
  organisationId: 1,
  organisationName: 'Liftwacht Vastgoed',
  roles: ['user'],
  locale: 'nl',
  status: 'active',
  invitationExpiresAt: null,
  createdAt: '2026-11-01T10:00:00+01:00',
  updatedAt: '2026-11-01T10:00:00+01:00',
  version: 3,
};

describe('user form', () => {
  it('sends only the changed fields with the version', () => {
    expect(updateBody(user, draftOf(user))).toEqual({ version: 3 });
    expect(updateBody(user, { ...draftOf(user), roles: ['admin', 'user'], email: ' jan@elders.nl ' })).toEqual({
      email: 'jan@elders.nl',
      roles: ['admin', 'user'],
      version: 3,
    });
  });

  it('offers an admin no system-admin role, but shows one the user already has', () => {
    expect(offeredRoles(['admin'], ['user']).map((entry) => entry.role)).toEqual([
      'admin',
      'user',
      'client-light',
      'monteur',
    ]);
    expect(offeredRoles(['admin'], ['system-admin'])[0]).toEqual({ role: 'system-admin', grantable: false });
    expect(offeredRoles(['system-admin'], []).every((entry) => entry.grantable)).toBe(true);
  });
});
