import { describe, expect, it } from 'vitest';
import { canManageSubscriptions, canPickOrganisation, menuEntriesFor } from './menu-entries.ts';

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
