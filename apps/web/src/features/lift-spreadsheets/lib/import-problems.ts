// The import's refusals in words: the server explains the limits (size, rows, missing columns) in
// its message; the codes that need no explanation get the web's own sentence.
import type { TFunction } from 'i18next';
import { liftImportLimits } from '@liftwacht/contracts/lift-spreadsheets';
import { isApiError } from '../../../lib/api-error.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { hasErrorCode } from '../../../lib/form-errors.ts';

export const maxMegabytes = liftImportLimits.maxBytes / (1024 * 1024);

/** Why an upload was refused: too large, not a spreadsheet, or what the server says about its content. */
export function uploadProblem(error: unknown, t: TFunction<'lift-spreadsheets'>, tc: TFunction): string {
  if (isApiError(error) && error.status === 413) return t('import.errors.tooLarge', { mb: maxMegabytes });
  if (isApiError(error) && error.status === 415) return t('import.errors.wrongType');
  if (hasErrorCode(error, 'forbidden')) return t('import.errors.forbidden');
  if (isApiError(error) && error.status === 400 && error.serverMessage) {
    return t('import.errors.refused', { message: error.serverMessage });
  }
  return t('import.errors.failed', { message: apiErrorMessage(error, tc) });
}

/** Why applying failed: 409 applied already or a lift changed since; 422 errors remain. */
export function applyProblem(error: unknown, t: TFunction<'lift-spreadsheets'>, tc: TFunction): string {
  if (isApiError(error) && error.status === 409) return t('import.errors.applyConflict');
  if (isApiError(error) && error.status === 422) return t('import.errors.applyUnprocessable');
  if (hasErrorCode(error, 'forbidden')) return t('import.errors.forbidden');
  return t('import.errors.applyFailed', { message: apiErrorMessage(error, tc) });
}
