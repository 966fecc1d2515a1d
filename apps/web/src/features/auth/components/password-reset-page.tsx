import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { passwordMinLength } from '@liftwacht/contracts/auth';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { paths } from '../../../app/paths.ts';
import { FormError } from '../../../components/form-error.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { formSx } from './form-sx.ts';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { resetPassword } from '../api/reset-password.ts';
import { AuthLayout } from './auth-layout.tsx';
import { useResetErrorMessage } from '../hooks/use-reset-error-message.ts';

interface PasswordResetPageProps {
  token: string;
}

/** Sets a new password from the link in the reset mail; success leads to the login page. */
export function PasswordResetPage({ token }: PasswordResetPageProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  // Errors show once the user tried to submit, then follow their typing.
  const [submitted, setSubmitted] = useState(false);
  const reset = useAsyncAction(resetPassword);
  const resetErrorMessage = useResetErrorMessage(reset.error);

  const passwordError =
    password.length < passwordMinLength ? t('passwordReset.tooShort', { min: passwordMinLength }) : null;
  const repeatError = repeat !== password ? t('passwordReset.mismatch') : null;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    // Spec §5: without both a token and a valid password nothing is sent.
    if (!token || passwordError || repeatError) return;
    void reset.run({ token, password }).then((outcome) => {
      if (outcome !== 'succeeded') return;
      toast.success(t('passwordReset.success'));
      void navigate(paths.login, { replace: true });
    });
  };

  return (
    <AuthLayout title={t('passwordReset.title')}>
      <Box component="form" noValidate onSubmit={submit} sx={formSx}>
        <FormError message={resetErrorMessage} />
        <TextInput
          label={t('passwordReset.password')}
          name="new-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={submitted && passwordError !== null}
          helperText={submitted ? passwordError : null}
          autoFocus
        />
        <TextInput
          label={t('passwordReset.repeat')}
          name="repeat-password"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
          error={submitted && repeatError !== null}
          helperText={submitted ? repeatError : null}
        />
        <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
          {t('passwordReset.submit')}
        </Button>
        <Button component={RouterLink} to={paths.login} variant="text" sx={{ alignSelf: 'flex-start' }}>
          {t('passwordReset.backToLogin')}
        </Button>
      </Box>
    </AuthLayout>
  );
}
