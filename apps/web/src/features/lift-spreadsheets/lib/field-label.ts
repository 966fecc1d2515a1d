import type { TFunction } from 'i18next';
import { liftFieldNames, type LiftField } from '@liftwacht/contracts/lift-editing';

const isLiftField = (field: string): field is LiftField => (liftFieldNames as readonly string[]).includes(field);

/** A lift field's label as the lift page shows it; a name this web app does not know stays as sent. */
export function fieldLabel(field: string, t: TFunction<'lift-spreadsheets'>): string {
  return isLiftField(field) ? t(`fields.${field}`) : field;
}
