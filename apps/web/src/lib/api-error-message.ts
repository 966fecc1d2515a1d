// Turns any thrown error into the text the user sees, in the active language.
import type { TFunction } from 'i18next';
import { isApiError } from './api-error.ts';
import { nonBlank } from './non-blank.ts';

export function apiErrorMessage(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('errors.retrieving');
  switch (error.kind) {
    case 'network':
      return t('errors.networkRequestFailed');
    case 'setup':
      return t('errors.requestSetupFailed');
    case 'no-token':
      return t('errors.noAccessToken');
    case 'invalid-response':
      return t('errors.invalidResponse');
    case 'http':
      return nonBlank(error.serverMessage) ?? t('errors.retrieving');
  }
}
