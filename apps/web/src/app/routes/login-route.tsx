import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { PostLoginRedirect } from '../../features/auth/components/post-login-redirect.tsx';
import { selectIsLoggedIn, selectIsRestoring } from '../../lib/session/session-selectors.ts';
import { useSession } from '../../lib/session/use-session.ts';

/** `/` and `/login`: the login form, or on to the app once a session exists (spec §2). */
export function LoginRoute() {
  const { t } = useTranslation('auth');
  const isLoggedIn = useSession(selectIsLoggedIn);
  const restoring = useSession(selectIsRestoring);

  if (!isLoggedIn) return <LoginPage />;
  if (restoring) return <FullPageSpinner label={t('session.restoring')} />;
  return <PostLoginRedirect />;
}
