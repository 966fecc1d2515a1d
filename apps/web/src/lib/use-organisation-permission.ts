import { seesEveryOrganisation, type Permission } from '@liftwacht/contracts/permissions';
import type { SessionState } from './session/session-store.ts';
import { useSession } from './session/use-session.ts';
import { userHasPermission } from './use-permission.ts';

const selectUser = (state: SessionState) => state.user;

/** A system-admin acts for every organisation; everyone else for its own. */
export const selectSeesEveryOrganisation = (state: SessionState): boolean =>
  seesEveryOrganisation(state.user?.roles.map((role) => role.name) ?? []);

/**
 * A write permission of the organisation's own people (lifts.manage): the user holds it and the
 * organisation is its own, or the user is system-admin. An admin reads the lifts of organisations
 * that granted access but may not change them (the server answers 403), so no button offers it.
 * Without an organisation: whether the user may do it for its own one.
 */
export function useOrganisationPermission(permission: Permission, organisationId?: number | null): boolean {
  const user = useSession(selectUser);
  const roles = user?.roles.map((role) => role.name) ?? [];
  if (!userHasPermission(user, permission)) return false;
  if (seesEveryOrganisation(roles) || organisationId === undefined || organisationId === null) return true;
  return organisationId === user?.organisation_id;
}
