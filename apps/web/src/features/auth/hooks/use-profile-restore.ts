import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { isCancelled } from '../../../lib/api-error.ts';
import { applyProfileLocale } from '../../../lib/i18n.ts';
import { log } from '../../../lib/log.ts';
import { selectIsRestoring } from '../../../lib/session/session-selectors.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { getUser } from '../api/get-user.ts';

/**
 * Spec §4 "Session start": a token without a profile (after a reload, a login or an
 * `access_token` link) fetches the profile. If that fails the token is useless: log out and go
 * to /login.
 */
export function useProfileRestore(): void {
  const token = useSession((state) => state.userToken);
  const restoring = useSession(selectIsRestoring);
  const navigate = useNavigate();

  useEffect(() => {
    if (!token || !restoring) return;
    const controller = new AbortController();
    getUser(controller.signal).then(
      (user) => {
        sessionActions.setUser(user);
        applyProfileLocale(user.locale);
      },
      (error: unknown) => {
        if (isCancelled(error)) return;
        log.warn('restoring the session failed', error);
        sessionActions.logout();
        void navigate(paths.login, { replace: true });
      },
    );
    return () => controller.abort();
  }, [token, restoring, navigate]);
}
