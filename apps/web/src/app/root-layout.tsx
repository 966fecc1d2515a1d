import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { PageBoundary } from '../components/page-boundary.tsx';
import { useSession } from '../lib/session/use-session.ts';
import { useUnauthorizedRedirect } from './session/use-unauthorized-redirect.ts';

// Only a session needs it, and its calls bring zod and the contracts: loaded once there is a token,
// so the login page does without them (scripts/report-size.mjs).
const SessionSync = lazy(() => import('./session/session-sync.tsx').then((m) => ({ default: m.SessionSync })));

/** Above every route: keeps the session complete, applies the 401 rule, loads page code. */
export function RootLayout() {
  const { t } = useTranslation();
  useUnauthorizedRedirect();
  const signedIn = useSession((state) => state.userToken !== null);
  return (
    <PageBoundary>
      {signedIn ? (
        <Suspense fallback={null}>
          <SessionSync />
        </Suspense>
      ) : null}
      <Suspense fallback={<FullPageSpinner label={t('loading')} />}>
        <Outlet />
      </Suspense>
    </PageBoundary>
  );
}
