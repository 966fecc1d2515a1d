import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { nonBlank } from '../../../lib/non-blank.ts';

/**
 * Spec §8: a failed reset shows the server's error, otherwise "Error setting password". The
 * token problems the server names get a translated text with what to do next.
 */
export function useResetErrorMessage(error: unknown): string | null {
  const { t } = useTranslation('auth');
  if (error === null || error === undefined) return null;
  if (!isApiError(error) || error.kind !== 'http') return t('passwordReset.failed');
  switch (error.code) {
    case 'reset_token_invalid':
      return t('passwordReset.tokenInvalid');
    case 'reset_token_used':
      return t('passwordReset.tokenUsed');
    case 'reset_token_expired':
      return t('passwordReset.tokenExpired');
    default:
      return nonBlank(error.serverMessage) ?? t('passwordReset.failed');
  }
}
