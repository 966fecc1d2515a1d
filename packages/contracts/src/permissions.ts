// The one role/permission table. The server consults it on every route; the web uses the same
// table for menus, so a role never sees a link to something the server refuses.
import type { RoleName } from './auth.ts';

export const permissions = [
  'organisations.list',
  'dashboard.view',
  'stats.period',
  'stats.details',
  'events.view',
  'calls.view',
  'calls.current',
  'subscriptions.manage',
  'lifts.list',
  'lifts.view',
  'visits.view',
  'reports.download',
] as const;
export type Permission = (typeof permissions)[number];

const full: readonly Permission[] = permissions;

export const rolePermissions: Record<RoleName, readonly Permission[]> = {
  admin: full,
  user: full,
  // spec §6: always current view; no events, current calls, subscriptions or period statistics
  'client-light': [
    'organisations.list',
    'dashboard.view',
    'stats.details',
    'calls.view',
    'lifts.list',
    'lifts.view',
    'visits.view',
  ],
  // spec §6: no organisation picker, no menu entries, no lists — but "the same dashboard
  // restrictions as client light": a mechanic landing on /dashboard (where every session starts)
  // or on a lift page sees the two always-shown cards, in current view only.
  monteur: ['dashboard.view', 'stats.details', 'lifts.view', 'visits.view'],
};

export function hasPermission(roles: readonly RoleName[], permission: Permission): boolean {
  return roles.some((role) => rolePermissions[role].includes(permission));
}
