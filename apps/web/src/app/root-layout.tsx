import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { PageBoundary } from '../components/page-boundary.tsx';
import { SessionSync } from './session/session-sync.tsx';
import { useUnauthorizedRedirect } from './session/use-unauthorized-redirect.ts';

/** Above every route: keeps the session complete, applies the 401 rule, loads page code. */
export function RootLayout() {
  const { t } = useTranslation();
  useUnauthorizedRedirect();
  return (
    <>
      <SessionSync />
      <PageBoundary>
        <Suspense fallback={<FullPageSpinner label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </PageBoundary>
    </>
  );
}
