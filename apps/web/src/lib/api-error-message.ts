// Turns any thrown error into the text the user sees, in the active language.
import type { TFunction } from 'i18next';
import { isApiError } from './api-error.ts';

export function apiErrorMessage(error: unknown, t: TFunction<'common'>): string {
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
      // The server's own message is meant for people; fall back when it sent none.
      return error.message || t('errors.retrieving');
  }
}
