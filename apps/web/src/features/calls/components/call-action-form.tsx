import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode, SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { hasErrorCode } from '../../../lib/form-errors.ts';
import { useKeyedSubmit } from '../../../lib/use-keyed-submit.ts';

interface CallActionFormProps {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** Sends the action with the attempt's Idempotency-Key. */
  onSubmit: (key: string) => Promise<unknown>;
  /** Checked before sending: a message for the form, or null to send. */
  check?: () => string | null;
  /** Called when the form's input changed: a new attempt gets a new key. */
  children?: (renew: () => void) => ReactNode;
  disabled?: boolean;
  /**
   * Someone else was first (409): the call on screen already shows their change, and this form may
   * no longer apply, so the panel above the forms says it, not the form.
   */
  onConflict: () => void;
  /** The action went through. */
  onDone: () => void;
}

/**
 * One action on a call: its fields and one button, phone-sized. A failed attempt stays on screen
 * with a retry (the same key, so a first try that did arrive is not recorded twice).
 */
export function CallActionForm({
  label,
  submitLabel,
  onSubmit,
  check,
  children,
  disabled,
  onConflict,
  onDone,
}: CallActionFormProps) {
  const { t } = useTranslation('calls');
  const { t: tc } = useTranslation();
  const submit = useKeyedSubmit(async (key) => {
    try {
      await onSubmit(key);
      onDone();
    } catch (error) {
      // A definitive answer, not a failure to retry: the next attempt is a new one.
      if (hasErrorCode(error, 'conflict')) onConflict();
      else throw error;
    }
  });
  const problem = check?.() ?? null;
  const onFormSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (problem === null) void submit.run();
  };
  const error = submit.error ? t('handling.failed', { message: apiErrorMessage(submit.error, tc) }) : null;
  return (
    <form noValidate aria-label={label} onSubmit={onFormSubmit}>
      <Stack spacing={1}>
        {children?.(submit.renew)}
        <FormError message={error} />
        <Button
          type="submit"
          variant="contained"
          disabled={disabled === true || submit.isPending || problem !== null}
          sx={{ minHeight: 44, alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          {submit.error && !hasErrorCode(submit.error, 'conflict')
            ? t('handling.retry', { action: submitLabel })
            : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
