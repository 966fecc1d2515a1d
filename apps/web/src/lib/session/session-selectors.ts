// Values derived from the session state (spec §3, §6), so no component re-implements a role rule.
import type { RoleName } from '@liftwacht/contracts/auth';
import type { SessionState } from './session-store.ts';

const hasRole = (state: SessionState, role: RoleName): boolean =>
  state.user?.roles.some((entry) => entry.name === role) ?? false;

export const selectIsLoggedIn = (state: SessionState): boolean => state.userToken !== null;

/** A token whose profile has not been fetched yet: the session is being restored. */
export const selectIsRestoring = (state: SessionState): boolean => state.userToken !== null && state.user === null;

export const selectUsername = (state: SessionState): string | null => state.user?.username ?? null;

export const selectUserClientLight = (state: SessionState): boolean => hasRole(state, 'client-light');

export const selectUserMechanic = (state: SessionState): boolean => hasRole(state, 'monteur');

/** Client-light users and mechanics only get the current situation and no period selector. */
export const selectIsRestrictedUser = (state: SessionState): boolean =>
  selectUserClientLight(state) || selectUserMechanic(state);

export const selectViewIsCurrent = (state: SessionState): boolean =>
  selectIsRestrictedUser(state) || state.viewIsCurrent;
