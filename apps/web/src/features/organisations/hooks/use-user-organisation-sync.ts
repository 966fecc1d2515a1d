import { useEffect } from 'react';
import { isCancelled } from '../../../lib/api-error.ts';
import { log } from '../../../lib/log.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { getUserOrganisation } from '../api/get-user-organisation.ts';

/**
 * Spec §4: a session without the user's organisation type fetches it. A failure is only logged;
 * nothing in the shell depends on it.
 */
export function useUserOrganisationSync(): void {
  const token = useSession((state) => state.userToken);
  const needed = useSession((state) => state.user !== null && state.userOrganisation === null);

  useEffect(() => {
    if (!token || !needed) return;
    const controller = new AbortController();
    getUserOrganisation(controller.signal).then(
      (organisation) => sessionActions.setUserOrganisation(organisation),
      (error: unknown) => {
        if (!isCancelled(error)) log.warn('loading the user organisation failed', error);
      },
    );
    return () => controller.abort();
  }, [token, needed]);
}
