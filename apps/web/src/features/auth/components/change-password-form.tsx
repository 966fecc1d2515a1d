import Box from '@mui/material/Box';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ChangePassword } from '@liftwacht/contracts/account';
import { FormError } from '../../../components/form-error.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { changePassword } from '../api/change-password.ts';
import { serverField } from '../../../lib/form-errors.ts';
import { newPasswordProblem, problemsOf, repeatProblem, requiredProblem } from './field-problems.ts';
import { formSx } from './form-sx.ts';
import { ProfileFormActions } from './profile-form-actions.tsx';

const fields = ['currentPassword', 'newPassword'] as const;
type Field = (typeof fields)[number];

interface ChangePasswordFormProps {
  onDone: () => void;
}

/** The profile dialog's password change: the current password, and the new one twice. */
export function ChangePasswordForm({ onDone }: ChangePasswordFormProps) {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', repeat: '' });
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<{ field: Field; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const save = useAsyncAction(async (change: ChangePassword) => {
    try {
      await changePassword(change);
    } catch (error) {
      const field = serverField(error, fields);
      if (field === null) {
        setFormError(t('profile.saveFailed', { detail: apiErrorMessage(error, tCommon) }));
      } else {
        const wrong = isApiError(error) && error.code === 'wrong_password';
        setRefused({ field, message: wrong ? t('profile.wrongPassword') : t('fieldErrors.invalid') });
        // A wrong current password is typed again from scratch.
        if (wrong) setValues((current) => ({ ...current, currentPassword: '' }));
      }
      throw error;
    }
  });

  const problems = problemsOf<Field | 'repeat'>({
    currentPassword: requiredProblem(t, values.currentPassword),
    newPassword: newPasswordProblem(t, values.newPassword),
    repeat: repeatProblem(t, values.newPassword, values.repeat),
  });
  const problemOf = (field: Field | 'repeat') =>
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
    void save.run({ currentPassword: values.currentPassword, newPassword: values.newPassword }).then((outcome) => {
      if (outcome !== 'succeeded') return;
      toast.success(t('profile.passwordChanged'));
      onDone();
    });
  };

  const input = (field: Field | 'repeat', label: string, autoComplete: string) => (
    <TextInput
      label={label}
      name={field}
      type="password"
      autoComplete={autoComplete}
      value={values[field]}
      onChange={change(field)}
      error={problemOf(field) !== null}
      helperText={problemOf(field)}
      autoFocus={field === 'currentPassword'}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={formSx}>
      <FormError message={formError} />
      {input('currentPassword', t('profile.currentPassword'), 'current-password')}
      {input('newPassword', t('profile.newPassword'), 'new-password')}
      {input('repeat', t('profile.repeat'), 'new-password')}
      <ProfileFormActions onCancel={onDone} pending={save.isPending} />
    </Box>
  );
}
