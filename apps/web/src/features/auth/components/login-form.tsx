import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { FormError } from '../../../components/form-error.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { formSx } from './form-sx.ts';
import { useLogin } from '../hooks/use-login.ts';

interface LoginFormProps {
  onForgotPassword: () => void;
}

export function LoginForm({ onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const loginAction = useLogin();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec §5: an empty password is reported top-left, away from the other (top-right) toasts.
    if (password === '') {
      toast.error(t('login.passwordRequired'), { position: 'top-left', id: 'login-password-required' });
      return;
    }
    if (username.trim() === '') {
      toast.error(t('login.usernameRequired'), { position: 'top-left', id: 'login-username-required' });
      return;
    }
    void loginAction.run({ username: username.trim(), password }).then((outcome) => {
      // Spec §4: failed credentials are cleared; the username stays so a typo is quick to fix.
      if (outcome === 'failed') setPassword('');
    });
  };

  const error = loginAction.error;
  const errorMessage =
    error === null || error === undefined
      ? null
      : isApiError(error) && error.status === 401
        ? t('login.failed')
        : t('login.error', { detail: apiErrorMessage(error, tCommon) });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={formSx}>
      <FormError message={errorMessage} />
      <TextInput
        label={t('login.username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={setUsername}
        autoFocus
      />
      <TextInput
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <Button type="submit" variant="contained" size="large" loading={loginAction.isPending}>
        {t('login.submit')}
      </Button>
      <Button variant="text" onClick={onForgotPassword} sx={{ alignSelf: 'flex-start' }}>
        {t('login.forgotPassword')}
      </Button>
    </Box>
  );
}
