import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useState } from 'react';
import { paths } from '../../../app/paths.ts';
import { rememberLandingPath } from '../../../lib/session/deep-link-event.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { useTranslation } from 'react-i18next';
import { login } from '../api/login.ts';
import { useSetupRequired } from '../hooks/use-setup-required.ts';
import { AppVersion } from './app-version.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { LoginForm } from './login-form.tsx';
import { ResetRequestForm } from './reset-request-form.tsx';

// Needed once in a product's life: loaded on demand, so the login page stays within its budget.
const SetupForm = lazy(() => import('./setup-form.tsx').then((m) => ({ default: m.SetupForm })));

type Form = 'login' | 'reset-request' | 'setup';

/**
 * Login with the forgot-password form toggled in its place (spec §4 "Password reset form"), and on
 * a database without users the form that creates the first administrator.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [form, setForm] = useState<Form>('login');
  const setupRequired = useSetupRequired();
  // Once setup turned out to be done, the offer goes away for this visit.
  const [setupDone, setSetupDone] = useState(false);
  const titles = {
    login: t('login.title'),
    'reset-request': t('resetRequest.title'),
    setup: t('login.createFirstAdmin'),
  };

  return (
    <AuthLayout title={titles[form]}>
      {form === 'login' ? (
        <>
          <LoginForm onForgotPassword={() => setForm('reset-request')} />
          {setupRequired && !setupDone ? (
            <Button variant="outlined" onClick={() => setForm('setup')}>
              {t('login.createFirstAdmin')}
            </Button>
          ) : null}
        </>
      ) : form === 'reset-request' ? (
        <ResetRequestForm onBackToLogin={() => setForm('login')} />
      ) : (
        <Suspense fallback={<CircularProgress aria-label={t('login.createFirstAdmin')} sx={{ alignSelf: 'center' }} />}>
          <SetupForm
            onCreated={async (credentials) => {
              const token = await login(credentials);
              // A new install: the first administrator starts on what is left to set up.
              rememberLandingPath(paths.adminGetStarted);
              sessionActions.login(token);
            }}
            onBackToLogin={() => setForm('login')}
            onAlreadyDone={() => {
              setSetupDone(true);
              setForm('login');
            }}
          />
        </Suspense>
      )}
      <AppVersion />
    </AuthLayout>
  );
}
