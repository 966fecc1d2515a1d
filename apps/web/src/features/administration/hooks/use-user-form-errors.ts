import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { hasErrorCode, invalidFields, serverFieldErrors } from '../../../lib/form-errors.ts';
import { invalidFieldMessages } from '../lib/invalid-field-messages.ts';
import { userFields, type UserField } from '../lib/user-form.ts';

export type UserFieldErrors = Partial<Record<UserField, string>>;

/**
 * The field and form errors of a user dialog: the contract's checks before sending, then the
 * server's answers in plain words (a taken username or email address, the last administrator, a too strong role).
 */
export function useUserFormErrors() {
  const { t } = useTranslation('administration');
  const { t: tc } = useTranslation();
  const [fieldErrors, setFieldErrors] = useState<UserFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** Marks the fields the contract refuses; true when the draft may be sent. */
  const check = (result: z.ZodSafeParseResult<unknown>): boolean => {
    const invalid = invalidFields(result);
    const next: UserFieldErrors = {};
    for (const field of userFields) if (invalid.has(field)) next[field] = t(`users.errors.${field}`);
    setFieldErrors(next);
    setFormError(null);
    return result.success;
  };

  const report = (error: unknown, { invite }: { invite: boolean }) => {
    const refused = serverFieldErrors(error, userFields);
    if (Object.keys(refused).length > 0) {
      setFieldErrors(invalidFieldMessages(refused, t));
    } else if (hasErrorCode(error, 'email_taken')) {
      setFieldErrors({ email: t('users.errors.emailTaken') });
    } else if (invite && hasErrorCode(error, 'username_look_alike')) {
      setFieldErrors({ username: t('users.errors.usernameLookAlike') });
    } else if (invite && hasErrorCode(error, 'conflict')) {
      setFieldErrors({ username: t('users.errors.usernameTaken') });
    } else if (hasErrorCode(error, 'last_admin')) {
      setFormError(t('users.errors.lastAdmin'));
    } else if (hasErrorCode(error, 'forbidden')) {
      setFormError(t('users.errors.roleTooStrong'));
    } else {
      setFormError(t('form.failed', { message: apiErrorMessage(error, tc) }));
    }
  };

  return { fieldErrors, formError, check, report };
}
