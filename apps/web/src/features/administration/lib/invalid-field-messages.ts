import type { TFunction } from 'i18next';
import type { FieldErrors } from '../../../lib/form-errors.ts';

/** The server's field messages as the administration forms show them ("Niet geaccepteerd: …"). */
export function invalidFieldMessages<F extends string>(
  refused: FieldErrors<F>,
  t: TFunction<'administration'>,
): FieldErrors<F> {
  const shown: FieldErrors<F> = {};
  for (const [field, message] of Object.entries(refused) as [F, string][]) {
    shown[field] = t('form.invalidField', { message });
  }
  return shown;
}
