import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff.ts';

describe('auditDiff', () => {
  it('lists only the changed fields, nested ones by their path and lists as text', () => {
    const before = { name: 'Jan', roles: ['user'], address: { city: 'Utrecht', street: 'Markt' }, version: 1 };
    const after = { name: 'Jan', roles: ['user', 'admin'], address: { city: 'Zeist', street: 'Markt' }, version: 2 };
    expect(auditDiff(before, after)).toEqual([
      { field: 'roles', before: 'user', after: 'user, admin' },
      { field: 'address.city', before: 'Utrecht', after: 'Zeist' },
      { field: 'version', before: '1', after: '2' },
    ]);
  });

  it('shows a created object as fields without a before, and nothing for two empty sides', () => {
    expect(auditDiff(null, { name: 'Noord', type: 'client' })).toEqual([
      { field: 'name', before: null, after: 'Noord' },
      { field: 'type', before: null, after: 'client' },
    ]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff(undefined, { active: false })).toEqual([{ field: 'active', before: null, after: 'false' }]);
  });
});
