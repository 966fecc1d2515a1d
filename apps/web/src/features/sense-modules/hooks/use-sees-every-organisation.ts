import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';

const selectSeesEvery = (state: SessionState) =>
  seesEveryOrganisation(state.user?.roles.map((role) => role.name) ?? []);

/** A system-admin registers modules for any organisation and filters by one; others have their own. */
export const useSeesEveryOrganisation = (): boolean => useSession(selectSeesEvery);
