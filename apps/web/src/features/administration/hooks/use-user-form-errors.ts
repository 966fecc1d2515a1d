import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { hasErrorCode, invalidFields, serverFieldError } from '../../../lib/submit-problem.ts';
import { isUserField, userFields, type UserField } from '../lib/user-form.ts';

export type UserFieldErrors = Partial<Record<UserField, string>>;

/**
 * The field and form errors of a user dialog: the contract's checks before sending, then the
 * server's answers in plain words (a taken username, the last administrator, a too strong role).
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
    const field = serverFieldError(error);
    if (field && isUserField(field.field)) {
      setFieldErrors({ [field.field]: t('form.invalidField', { message: field.message }) });
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
