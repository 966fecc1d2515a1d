// The one role/permission table. The server consults it on every route; the web uses the same
// table for menus, so a role never sees a link to something the server refuses. What a person may
// do follows from their roles and, for a few permissions, from the type of their organisation (an
// inspection company's people record inspections): both halves live here, read by one function.
import type { RoleName } from './auth.ts';
import type { Organisation } from './organisations.ts';

export type OrganisationType = Organisation['type'];

/** Everything a portal user reads and does on lifts, calls and figures. */
const portal = [
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
  // A lift's on-site summary (issue 41): its own state, open faults, open call, last events and
  // visits, what is due. The mechanic holds it too; the read-only client-light user does not.
  'lifts.onSite',
] as const;

export const permissions = [
  ...portal,
  // Administration (Beheer): the people of an organisation, its audit log; organisations and grants
  'users.manage',
  'audit.view',
  'organisations.manage',
  // Fleet onboarding: create, edit, import and decommission the lifts of the own organisation;
  // register modules and link them to lifts of the organisations in scope.
  'lifts.manage',
  'modules.manage',
  // Field work (issue 18): record an inspection with its certificate (administrators for their own
  // organisation's lifts, an inspection company's people for the organisations that granted it
  // access: organisationTypePermissions; the inspections service narrows the scope), and write the
  // logbook of the lifts in scope.
  'inspections.record',
  'logbook.write',
  // Field work: start, end and cancel visits on the lifts in scope (not client-light: it only reads).
  'visits.record',
  // Alarm handling (issue 19): acknowledge, assign, annotate, record the freed passenger, end a call.
  'calls.handle',
  // Webhooks (issue 19): the endpoints of the own organisation (system-admin: every organisation's).
  'webhooks.manage',
  // Alarm handling (issue 19): the organisation's escalation limits (its own admin, system-admin).
  'escalations.manage',
] as const;
export type Permission = (typeof permissions)[number];

export const rolePermissions: Record<RoleName, readonly Permission[]> = {
  // Every organisation (access.ts widens its scope), and the only role that creates organisations
  // and grants access between them.
  'system-admin': permissions,
  // The people, lifts and modules of its own organisation and what they changed. A maintenance
  // company's admin also links modules to the lifts of the organisations it serves.
  admin: [
    ...portal,
    'users.manage',
    'audit.view',
    'lifts.manage',
    'modules.manage',
    'visits.record',
    'inspections.record',
    'logbook.write',
    'calls.handle',
    'webhooks.manage',
    'escalations.manage',
  ],
  user: [...portal, 'visits.record', 'logbook.write', 'calls.handle'],
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
  monteur: [
    'dashboard.view',
    'stats.details',
    'lifts.view',
    'lifts.onSite',
    'visits.view',
    'visits.record',
    'logbook.write',
  ],
};

/**
 * What a role holds on top of rolePermissions in an organisation of a given type (DESIGN §7):
 * an inspection company's users record inspections for the organisations that granted it access,
 * while a user of an owner, client or maintenance organisation does not.
 */
export const organisationTypePermissions: Partial<
  Record<OrganisationType, Partial<Record<RoleName, readonly Permission[]>>>
> = {
  inspection: { user: ['inspections.record'] },
};

/**
 * Whether someone with these roles in an organisation of this type holds the permission. Without
 * the type (a question about roles alone, e.g. which roles receive event mails) only what the roles
 * hold everywhere counts, so a forgotten type never grants more.
 */
export function hasPermission(
  roles: readonly RoleName[],
  permission: Permission,
  organisationType?: OrganisationType | null,
): boolean {
  const byType = organisationType ? organisationTypePermissions[organisationType] : undefined;
  return roles.some(
    (role) => rolePermissions[role].includes(permission) || (byType?.[role]?.includes(permission) ?? false),
  );
}

/**
 * How strong a role is: nobody gives a role stronger than their own strongest. client-light and
 * monteur are both below user (they see less), and neither is stronger than the other.
 */
export const roleRank: Record<RoleName, number> = {
  'system-admin': 4,
  admin: 3,
  user: 2,
  'client-light': 1,
  monteur: 1,
};

/** Whether someone holding `granter` roles may give `role` to somebody. */
export function mayGrantRole(granter: readonly RoleName[], role: RoleName): boolean {
  return roleRank[role] <= Math.max(0, ...granter.map((r) => roleRank[r]));
}

/** Whether the roles see every organisation (the company that runs Liftwacht). */
export const seesEveryOrganisation = (roles: readonly RoleName[]): boolean => roles.includes('system-admin');
