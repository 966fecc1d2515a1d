import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CriticalErrorFallback } from '../components/critical-error-fallback.tsx';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { useSession } from '../lib/session/use-session.ts';
import { useToastsWanted, wantToasts } from '../lib/toast.ts';
import { theme } from './theme.ts';

// Loaded with the first toast or the session, not with the login page (lib/toast.ts); toasts
// raised meanwhile wait for it.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * Theme, toasts and the critical error boundary around everything else. The data cache
 * (TanStack Query) is provided by the signed-in shell: the login page does without it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.userToken !== null);
  const toasts = useToastsWanted();
  useEffect(() => {
    if (signedIn) wantToasts();
  }, [signedIn]);
  // The system ThemeProvider, not Material's: ours is a plain (no CSS variables) theme, and
  // Material's provider would also ship the CSS-variables provider to the login page (~3 kB gzip).
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary fallback={() => <CriticalErrorFallback />}>{children}</ErrorBoundary>
      {/* Spec §9: top right, 5 seconds, alt+T moves focus to the toasts. */}
      {toasts ? (
        <Suspense fallback={null}>
          <Toaster
            position="top-right"
            duration={5000}
            hotkey={['altKey', 'KeyT']}
            closeButton
            containerAriaLabel={t('toasts.label')}
            toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
          />
        </Suspense>
      ) : null}
    </ThemeProvider>
  );
}
