import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { restoreBrowserLocale } from '../../../lib/i18n.ts';
import { log } from '../../../lib/log.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { logout } from '../api/logout.ts';

/** Signs out at once; revoking the server session runs in the background (its token is read first). */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    logout().catch((error: unknown) => log.warn('revoking the server session failed', error));
    sessionActions.logout();
    // The next person at this browser gets the browser's language, not the last user's profile one.
    restoreBrowserLocale();
    void navigate(paths.root, { replace: true });
  }, [navigate]);
}
