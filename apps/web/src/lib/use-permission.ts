import type { User } from '@liftwacht/contracts/auth';
import { hasPermission, type Permission } from '@liftwacht/contracts/permissions';
import type { SessionState } from './session/session-store.ts';
import { useSession } from './session/use-session.ts';

const selectUser = (state: SessionState) => state.user;

/**
 * The shared table (spec §6) for a signed-in user: its roles in an organisation of its type, so an
 * inspection company's user is offered what the server grants it and nobody else is.
 */
export const userHasPermission = (user: User | null | undefined, permission: Permission): boolean =>
  hasPermission(user?.roles.map((role) => role.name) ?? [], permission, user?.organisation_type);

/** The shared role table (spec §6), so a page agrees with the menu and the server. */
export function usePermission(permission: Permission): boolean {
  return userHasPermission(useSession(selectUser), permission);
}
