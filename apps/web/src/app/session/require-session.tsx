import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { selectIsLoggedIn, selectIsRestoring } from '../../lib/session/session-selectors.ts';
import { getSessionState } from '../../lib/session/session-store.ts';
import { rememberStickerPath } from '../../lib/session/deep-link-event.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { paths } from '../paths.ts';
import { rememberRequestedEvent } from './remember-requested-event.ts';

/**
 * Guards every route except login and password reset (spec §2): no token → /. With a token the
 * pages wait until the profile is restored, so they can rely on the user's roles.
 */
export function RequireSession() {
  const { t } = useTranslation('auth');
  const { pathname, search } = useLocation();
  const isLoggedIn = useSession(selectIsLoggedIn);
  const restoring = useSession(selectIsRestoring);
  // Only a visit that starts signed out is a deep link; signing out on an event page is not.
  const [arrivedSignedOut] = useState(() => getSessionState().userToken === null);

  useEffect(() => {
    if (!isLoggedIn && arrivedSignedOut && !rememberStickerPath(pathname, search)) rememberRequestedEvent(pathname);
  }, [isLoggedIn, arrivedSignedOut, pathname, search]);

  if (!isLoggedIn) return <Navigate to={paths.root} replace />;
  if (restoring) return <FullPageSpinner label={t('session.restoring')} />;
  return <Outlet />;
}
