import { describe, expect, it } from 'vitest';
import type { RoleName } from '@liftwacht/contracts/auth';
import { hasPermission } from '@liftwacht/contracts/permissions';
import { adminMenuEntriesFor, canManageSubscriptions, canPickOrganisation, menuEntriesFor } from './menu-entries.ts';

const paths = (flags: { clientLight: boolean; mechanic: boolean }) => menuEntriesFor(flags).map((entry) => entry.path);

describe('menu per role (spec §6)', () => {
  it('gives other roles the full menu', () => {
    const flags = { clientLight: false, mechanic: false };
    expect(paths(flags)).toEqual(['/dashboard', '/alarm-calls', '/current-calls', '/events', '/lifts']);
    expect(canManageSubscriptions(flags)).toBe(true);
    expect(canPickOrganisation(flags)).toBe(true);
  });

  it('hides current calls, events and subscriptions from client-light users', () => {
    const flags = { clientLight: true, mechanic: false };
    expect(paths(flags)).toEqual(['/dashboard', '/alarm-calls', '/lifts']);
    expect(canManageSubscriptions(flags)).toBe(false);
    expect(canPickOrganisation(flags)).toBe(true);
  });

  it('gives mechanics no organisation picker, no menu entries and no subscriptions', () => {
    const flags = { clientLight: false, mechanic: true };
    expect(paths(flags)).toEqual([]);
    expect(canManageSubscriptions(flags)).toBe(false);
    expect(canPickOrganisation(flags)).toBe(false);
  });
});

describe('"Beheer" entries per role (the shared permission table)', () => {
  const adminPaths = (role: RoleName) =>
    adminMenuEntriesFor((permission) => hasPermission([role], permission)).map((entry) => entry.path);

  it('gives a system-admin organisations, users, access, the audit log, modules, readings and webhooks', () => {
    expect(adminPaths('system-admin')).toEqual([
      '/admin/organisations',
      '/admin/users',
      '/admin/access',
      '/admin/audit-log',
      '/admin/modules',
      '/admin/sense-labels',
      '/admin/webhooks',
    ]);
  });

  it("gives an admin its organisation's users, audit log, modules, readings and webhooks only", () => {
    expect(adminPaths('admin')).toEqual([
      '/admin/users',
      '/admin/audit-log',
      '/admin/modules',
      '/admin/sense-labels',
      '/admin/webhooks',
    ]);
  });

  it.each<RoleName>(['user', 'client-light', 'monteur'])('gives %s none', (role) => {
    expect(adminPaths(role)).toEqual([]);
  });
});
