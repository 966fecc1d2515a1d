import type { TFunction } from 'i18next';
import { liftSheetColumns, type LiftSheetColumn } from '@liftwacht/contracts/lift-spreadsheets';

const isColumn = (field: string): field is LiftSheetColumn => (liftSheetColumns as readonly string[]).includes(field);

/** A spreadsheet column's label as the lift page shows it; a name this web app does not know stays as sent. */
export function fieldLabel(field: string, t: TFunction<'lift-spreadsheets'>): string {
  return isColumn(field) ? t(`fields.${field}`) : field;
}
