// The user dialogs' draft and how it becomes the invite or edit request.
import type { RoleName, Locale } from '@liftwacht/contracts/auth';
import { roleNames } from '@liftwacht/contracts/auth';
import type { AdminUser, UpdateUser } from '@liftwacht/contracts/administration';
import { mayGrantRole } from '@liftwacht/contracts/permissions';

export interface UserDraft {
  username: string;
  name: string;
  email: string;
  organisationId: number | null;
  roles: RoleName[];
  locale: Locale;
}

export const userFields = ['username', 'name', 'email', 'organisationId', 'roles', 'locale'] as const;
export type UserField = (typeof userFields)[number];

export const draftOf = (user: AdminUser): UserDraft => ({
  username: user.username,
  name: user.name,
  email: user.email,
  organisationId: user.organisationId,
  roles: [...user.roles],
  locale: user.locale,
});

/** Roles in the table's order, so the request does not depend on the order they were ticked. */
export const sortedRoles = (roles: readonly RoleName[]): RoleName[] => roleNames.filter((role) => roles.includes(role));

/** The roles the dialog offers: what the editor may give, plus what the user already has (shown, not changeable). */
export function offeredRoles(
  granter: readonly RoleName[],
  current: readonly RoleName[],
): { role: RoleName; grantable: boolean }[] {
  return roleNames
    .map((role) => ({ role, grantable: mayGrantRole(granter, role) }))
    .filter(({ role, grantable }) => grantable || current.includes(role));
}

const sameRoles = (a: readonly RoleName[], b: readonly RoleName[]) => sortedRoles(a).join() === sortedRoles(b).join();

/** Only the changed fields travel, with the version the dialog started from. */
export function updateBody(user: AdminUser, draft: UserDraft): UpdateUser {
  return {
    ...(draft.name.trim() !== user.name ? { name: draft.name.trim() } : {}),
    ...(draft.email.trim() !== user.email ? { email: draft.email.trim() } : {}),
    ...(draft.locale !== user.locale ? { locale: draft.locale } : {}),
    ...(sameRoles(draft.roles, user.roles) ? {} : { roles: sortedRoles(draft.roles) }),
    version: user.version,
  };
}
