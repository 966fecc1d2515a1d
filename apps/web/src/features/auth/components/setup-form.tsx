import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import type { Locale } from '@liftwacht/contracts/auth';
import type { SetupRequest } from '@liftwacht/contracts/account';
import { FormError } from '../../../components/form-error.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { toLocale } from '../../../lib/i18n.ts';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { completeSetup } from '../api/complete-setup.ts';
import {
  emailProblem,
  newPasswordProblem,
  problemsOf,
  repeatProblem,
  requiredProblem,
  usernameProblem,
} from './field-problems.ts';
import { serverField } from '../../../lib/form-errors.ts';
import { formSx } from './form-sx.ts';
import { LocaleSelect } from './locale-select.tsx';

const fields = ['token', 'organisationName', 'username', 'name', 'email', 'password'] as const;
type Field = (typeof fields)[number];

interface SetupFormProps {
  /** The administrator exists: log it in with these credentials. */
  onCreated: (credentials: { username: string; password: string }) => Promise<void>;
  onBackToLogin: () => void;
  /** Setup turned out to be done already (another administrator was quicker). */
  onAlreadyDone: () => void;
}

/**
 * "Create the first administrator" (first run without the demo): the one-time token from the
 * server's start-up output, the organisation and the administrator. Logs the new administrator in.
 */
export function SetupForm({ onCreated, onBackToLogin, onAlreadyDone }: SetupFormProps) {
  const { t, i18n } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  const [values, setValues] = useState<Record<Field | 'repeat', string>>({
    token: '',
    organisationName: '',
    username: '',
    name: '',
    email: '',
    password: '',
    repeat: '',
  });
  const [locale, setLocale] = useState<Locale>(toLocale(i18n.language));
  // Errors show once the user tried to submit, then follow their typing.
  const [submitted, setSubmitted] = useState(false);
  // What the server refused: a field (until the user changes it), or the whole form.
  const [refused, setRefused] = useState<{ field: Field; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const showRefusal = (error: unknown) => {
    if (isApiError(error) && error.status === 404) {
      toast.info(t('setup.alreadyDone'));
      onAlreadyDone();
      return;
    }
    const field = serverField(error, fields);
    if (field === null) {
      setFormError(t('setup.failed', { detail: apiErrorMessage(error, tCommon) }));
      return;
    }
    const messages: Partial<Record<Field, string>> = {
      token: t('fieldErrors.token'),
      username: t('fieldErrors.username'),
      email: t('fieldErrors.email'),
    };
    const message =
      isApiError(error) && error.code === 'setup_token_invalid'
        ? t('setup.tokenInvalid')
        : (messages[field] ?? t('fieldErrors.invalid'));
    setRefused({ field, message });
  };

  const setup = useAsyncAction(async (request: SetupRequest) => {
    try {
      await completeSetup(request);
    } catch (error) {
      showRefusal(error);
      throw error;
    }
    try {
      await onCreated({ username: request.username, password: request.password });
    } catch {
      // The administrator exists; only the automatic login failed (a limit, the network).
      toast.success(t('setup.createdLogIn'));
      onBackToLogin();
    }
  });

  const problems = problemsOf<Field | 'repeat'>({
    token: requiredProblem(t, values.token),
    organisationName: requiredProblem(t, values.organisationName),
    username: usernameProblem(t, values.username),
    name: requiredProblem(t, values.name),
    email: emailProblem(t, values.email),
    password: newPasswordProblem(t, values.password),
    repeat: repeatProblem(t, values.password, values.repeat),
  });
  const problemOf = (field: Field | 'repeat'): string | null =>
    (refused?.field === field ? refused.message : undefined) ?? (submitted ? problems[field] : undefined) ?? null;

  const change = (field: Field | 'repeat') => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (refused?.field === field) setRefused(null);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    void setup.run({
      token: values.token.trim(),
      organisationName: values.organisationName.trim(),
      username: values.username.trim(),
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      locale,
    });
  };

  const input = (name: Field | 'repeat', label: string, type: 'text' | 'password' | 'email', autoComplete: string) => {
    const problem = problemOf(name);
    return (
      <TextInput
        label={label}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={change(name)}
        error={problem !== null}
        helperText={problem}
        autoFocus={name === 'token'}
      />
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={formSx}>
      <Typography variant="body2">{t('setup.intro')}</Typography>
      <FormError message={formError} />
      {input('token', t('setup.token'), 'text', 'off')}
      {input('organisationName', t('setup.organisationName'), 'text', 'organization')}
      {input('username', t('setup.username'), 'text', 'username')}
      {input('name', t('setup.name'), 'text', 'name')}
      {input('email', t('setup.email'), 'email', 'email')}
      {input('password', t('setup.password'), 'password', 'new-password')}
      {input('repeat', t('setup.repeat'), 'password', 'new-password')}
      <LocaleSelect label={t('setup.language')} name="locale" value={locale} onChange={setLocale} />
      <Button type="submit" variant="contained" size="large" loading={setup.isPending}>
        {t('setup.submit')}
      </Button>
      <Button variant="text" onClick={onBackToLogin} sx={{ alignSelf: 'flex-start' }}>
        {t('setup.backToLogin')}
      </Button>
    </Box>
  );
}
