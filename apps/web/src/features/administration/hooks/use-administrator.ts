import type { RoleName } from '@liftwacht/contracts/auth';
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';

export interface Administrator {
  userId: number | null;
  roles: RoleName[];
  /** A system-admin manages every organisation; an admin only its own. */
  everyOrganisation: boolean;
  organisationId: number | null;
  organisationName: string | null;
}

const selectUser = (state: SessionState) => state.user;
const selectUserOrganisation = (state: SessionState) => state.userOrganisation;

/** The signed-in administrator, as the administration pages need it (roles, own organisation). */
export function useAdministrator(): Administrator {
  const user = useSession(selectUser);
  const organisation = useSession(selectUserOrganisation);
  const roles = user?.roles.map((role) => role.name) ?? [];
  return {
    userId: user?.id ?? null,
    roles,
    everyOrganisation: seesEveryOrganisation(roles),
    organisationId: user?.organisation_id ?? null,
    organisationName: organisation?.name ?? null,
  };
}
