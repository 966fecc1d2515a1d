import Box from '@mui/material/Box';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Locale, User } from '@liftwacht/contracts/auth';
import type { UpdateProfile } from '@liftwacht/contracts/account';
import { FormError } from '../../../components/form-error.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { changeLocale } from '../../../lib/i18n.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { updateProfile } from '../api/update-profile.ts';
import { hasErrorCode, serverField } from '../../../lib/form-errors.ts';
import { emailProblem, problemsOf, requiredProblem } from './field-problems.ts';
import { formSx } from './form-sx.ts';
import { LocaleSelect } from './locale-select.tsx';
import { ProfileFormActions } from './profile-form-actions.tsx';

const fields = ['name', 'email'] as const;
type Field = (typeof fields)[number];

interface ProfileDetailsFormProps {
  user: User;
  onDone: () => void;
}

/** The profile dialog's own name, email and language; the session's user follows on saving. */
export function ProfileDetailsForm({ user, onDone }: ProfileDetailsFormProps) {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [locale, setLocale] = useState<Locale>(user.locale);
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<Field | null>(null);
  /** The server answered email_taken: another user has this address (in some spelling). */
  const [emailTaken, setEmailTaken] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const save = useAsyncAction(async (change: UpdateProfile) => {
    try {
      const saved = await updateProfile(change);
      sessionActions.setUser(saved);
      // The user chose a language for themselves just now: show it at once.
      if (change.locale !== undefined) await changeLocale(saved.locale);
    } catch (error) {
      const field = serverField(error, fields);
      if (field !== null) setRefused(field);
      else if (hasErrorCode(error, 'email_taken')) setEmailTaken(true);
      else setFormError(t('profile.saveFailed', { detail: apiErrorMessage(error, tCommon) }));
      throw error;
    }
  });

  const problems = problemsOf<Field>({ name: requiredProblem(t, name), email: emailProblem(t, email) });
  const refusal: Record<Field, string> = { name: t('fieldErrors.invalid'), email: t('fieldErrors.email') };
  const problemOf = (field: Field) =>
    (field === 'email' && emailTaken ? t('fieldErrors.emailTaken') : undefined) ??
    (refused === field ? refusal[field] : undefined) ??
    (submitted ? problems[field] : undefined) ??
    null;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    // Only what changed, so the audit log shows what the user did.
    const change: UpdateProfile = {};
    if (name.trim() !== user.name) change.name = name.trim();
    if (email.trim() !== user.email) change.email = email.trim();
    if (locale !== user.locale) change.locale = locale;
    if (Object.keys(change).length === 0) {
      onDone();
      return;
    }
    void save.run(change).then((outcome) => {
      if (outcome !== 'succeeded') return;
      toast.success(t('profile.detailsSaved'));
      onDone();
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={formSx}>
      <FormError message={formError} />
      <TextInput
        label={t('profile.name')}
        name="name"
        autoComplete="name"
        value={name}
        onChange={(value) => {
          setName(value);
          if (refused === 'name') setRefused(null);
        }}
        error={problemOf('name') !== null}
        helperText={problemOf('name')}
        autoFocus
      />
      <TextInput
        label={t('profile.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(value) => {
          setEmail(value);
          if (refused === 'email') setRefused(null);
          setEmailTaken(false);
        }}
        error={problemOf('email') !== null}
        helperText={problemOf('email')}
      />
      <LocaleSelect label={t('profile.language')} name="locale" value={locale} onChange={setLocale} />
      <ProfileFormActions onCancel={onDone} pending={save.isPending} />
    </Box>
  );
}
