import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isChunkLoadError } from '../lib/chunk-load-error.ts';
import { reloadPage } from '../lib/reload-page.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { PageErrorFallback } from './page-error-fallback.tsx';

/** Catches a failing page; navigating elsewhere clears the error. */
export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[pathname]}
      fallback={({ error, reset }) => <PageErrorFallback onRetry={isChunkLoadError(error) ? reloadPage : reset} />}
    >
      {children}
    </ErrorBoundary>
  );
}
