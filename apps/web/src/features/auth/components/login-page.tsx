import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppVersion } from './app-version.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { LoginForm } from './login-form.tsx';
import { ResetRequestForm } from './reset-request-form.tsx';

/** Login with the forgot-password form toggled in its place (spec §4 "Password reset form"). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [form, setForm] = useState<'login' | 'reset-request'>('login');

  return (
    <AuthLayout title={form === 'login' ? t('login.title') : t('resetRequest.title')}>
      {form === 'login' ? (
        <LoginForm onForgotPassword={() => setForm('reset-request')} />
      ) : (
        <ResetRequestForm onBackToLogin={() => setForm('login')} />
      )}
      <AppVersion />
    </AuthLayout>
  );
}
