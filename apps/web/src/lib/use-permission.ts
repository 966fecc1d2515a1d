import { hasPermission, type Permission } from '@liftwacht/contracts/permissions';
import type { SessionState } from './session/session-store.ts';
import { useSession } from './session/use-session.ts';

const selectRoles = (state: SessionState) => state.user?.roles;

/** The shared role table (spec §6), so a page agrees with the menu and the server. */
export function usePermission(permission: Permission): boolean {
  const roles = useSession(selectRoles);
  return hasPermission(roles?.map((role) => role.name) ?? [], permission);
}
