import { useEffect } from 'react';
import { isCancelled } from '../../../lib/api-error.ts';
import { log } from '../../../lib/log.ts';
import { selectUserMechanic } from '../../../lib/session/session-selectors.ts';
import { getSessionState, sessionActions } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { getOrganisations } from '../api/get-organisations.ts';
import { defaultOrganisation } from '../lib/default-organisation.ts';

/**
 * Spec §4: the organisation list is fetched whenever the token changes, one fetch at a time (a
 * newer token aborts the older fetch), and again when a change asks for it (refreshOrganisationList). It waits for the profile so an expired token costs one
 * failing call, not three. A failure is only logged.
 */
export function useOrganisationListSync(): void {
  const token = useSession((state) => state.userToken);
  const hasUser = useSession((state) => state.user !== null);
  const mechanic = useSession(selectUserMechanic);
  const version = useSession((state) => state.organisationListVersion);

  useEffect(() => {
    if (!token || !hasUser) return;
    if (mechanic) {
      // Mechanics have no picker and no organisation list (the server refuses it): their own
      // organisation is the one their dashboard shows.
      const own = getSessionState().user?.organisation_id;
      if (own !== undefined && getSessionState().organisationId === null) sessionActions.setOrganisationId(own);
      return;
    }
    const controller = new AbortController();
    getOrganisations(controller.signal).then(
      (organisations) => {
        sessionActions.setOrganisationList(organisations);
        // Every list the session shows has one scope: an organisation is always chosen, and one
        // with lifts unless the person picked another (defaultOrganisation says which).
        const session = getSessionState();
        const chosen = defaultOrganisation(organisations, {
          current: session.organisationId,
          own: session.user?.organisation_id,
          picked: session.organisationPicked,
        });
        if (chosen !== session.organisationId) sessionActions.setOrganisationId(chosen);
      },
      (error: unknown) => {
        if (!isCancelled(error)) log.warn('loading the organisation list failed', error);
      },
    );
    return () => controller.abort();
  }, [token, hasUser, mechanic, version]);
}
