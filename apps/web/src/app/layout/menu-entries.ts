// Which side-menu entries a user gets (spec §6). Pure, so the role rules are tested on their own.
import type { Permission } from '@liftwacht/contracts/permissions';
import { paths } from '../paths.ts';
import { modulePaths } from '../module-paths.ts';

export interface RoleFlags {
  clientLight: boolean;
  mechanic: boolean;
}

export interface MenuEntry {
  path: string;
  labelKey: 'menu.dashboard' | 'menu.alarmCalls' | 'menu.currentCalls' | 'menu.events' | 'menu.lifts';
}

const dashboard: MenuEntry = { path: paths.dashboard, labelKey: 'menu.dashboard' };
const alarmCalls: MenuEntry = { path: paths.alarmCalls, labelKey: 'menu.alarmCalls' };
const currentCalls: MenuEntry = { path: paths.currentCalls, labelKey: 'menu.currentCalls' };
const events: MenuEntry = { path: paths.events, labelKey: 'menu.events' };
const lifts: MenuEntry = { path: paths.lifts, labelKey: 'menu.lifts' };

export function menuEntriesFor({ clientLight, mechanic }: RoleFlags): MenuEntry[] {
  // A mechanic works from links to single lifts; the organisation-wide pages are not theirs.
  if (mechanic) return [];
  if (clientLight) return [dashboard, alarmCalls, lifts];
  return [dashboard, alarmCalls, currentCalls, events, lifts];
}

/** Subscriptions ("Meldingen" in the profile dialog) are for full users only. */
export const canManageSubscriptions = ({ clientLight, mechanic }: RoleFlags): boolean => !clientLight && !mechanic;

/** Mechanics do not choose organisations. */
export const canPickOrganisation = ({ mechanic }: RoleFlags): boolean => !mechanic;

export interface AdminMenuEntry {
  path: string;
  labelKey:
    | 'menu.organisations'
    | 'menu.users'
    | 'menu.access'
    | 'menu.audit'
    | 'menu.modules'
    | 'menu.senseLabels'
    | 'menu.webhooks';
  /** The permission the page's API needs: the link shows only when the server would answer. */
  permission: Permission;
}

const adminEntries: readonly AdminMenuEntry[] = [
  { path: paths.adminOrganisations, labelKey: 'menu.organisations', permission: 'organisations.manage' },
  { path: paths.adminUsers, labelKey: 'menu.users', permission: 'users.manage' },
  { path: paths.adminAccess, labelKey: 'menu.access', permission: 'organisations.manage' },
  { path: paths.adminAudit, labelKey: 'menu.audit', permission: 'audit.view' },
  { path: modulePaths.list, labelKey: 'menu.modules', permission: 'modules.manage' },
  // The names of module readings (issue 41), written out for the same reason as the webhooks'.
  { path: '/admin/sense-labels', labelKey: 'menu.senseLabels', permission: 'modules.manage' },
  // webhookPaths.list (app/webhook-paths.ts) written out: imported here it would become a chunk of
  // its own, whose name the login route's preload map carries.
  { path: '/admin/webhooks', labelKey: 'menu.webhooks', permission: 'webhooks.manage' },
];

/** The "Beheer" group: each entry only for roles whose permissions include its page's. */
export function adminMenuEntriesFor(allowed: (permission: Permission) => boolean): AdminMenuEntry[] {
  return adminEntries.filter((entry) => allowed(entry.permission));
}
