// The columns of a lift spreadsheet: how a header row maps onto the contract's columns
// (liftSheetColumnLabels: the words of the form, the lift page and the export in Dutch and
// English, and older names), which headers match nothing (with the closest known name), and the
// header texts the template and the export write in the user's language.
import { liftFieldNames, type LiftField } from '@liftwacht/contracts/lift-editing';
import {
  closestColumn,
  liftImportLimits,
  liftReadOnlyColumns,
  liftRecordColumns,
  liftSheetColumnLabels,
  liftSheetColumnNames,
  normaliseHeader,
  type LiftReadOnlyColumn,
  type LiftRecordColumn,
  type LiftSheetColumn,
  type UnknownColumn,
} from '@liftwacht/contracts/lift-spreadsheets';
import { excerpt } from '../../lib/excerpt.ts';
import type { ServerLanguage } from '../../lib/server-i18n.ts';

export interface ColumnMap {
  /** The recognised columns, in file order. */
  columns: LiftSheetColumn[];
  /** The recognised lift fields, in column order. */
  fields: LiftField[];
  records: LiftRecordColumn[];
  readOnly: LiftReadOnlyColumn[];
  /** Column index of each recognised column (the first, when one is named twice). */
  indexOf: Partial<Record<LiftSheetColumn, number>>;
  /** Headers that name no column, or one named further left. */
  unknown: UnknownColumn[];
}

const isField = (column: LiftSheetColumn): column is LiftField =>
  (liftFieldNames as readonly string[]).includes(column);
const isRecord = (column: LiftSheetColumn): column is LiftRecordColumn =>
  (liftRecordColumns as readonly string[]).includes(column);
const isReadOnly = (column: LiftSheetColumn): column is LiftReadOnlyColumn =>
  (liftReadOnlyColumns as readonly string[]).includes(column);

/** The header as the preview shows it and `ignoreColumns` repeats it. */
export const shownHeader = (header: string): string => excerpt(header.trim(), liftImportLimits.headerLength);

export function mapColumns(headers: readonly string[]): ColumnMap {
  const map: ColumnMap = { columns: [], fields: [], records: [], readOnly: [], indexOf: {}, unknown: [] };
  headers.forEach((header, index) => {
    const text = header.trim();
    if (text === '') return;
    const column = liftSheetColumnNames.get(normaliseHeader(text));
    if (column === undefined || map.indexOf[column] !== undefined) {
      map.unknown.push({
        header: shownHeader(text),
        position: index + 1,
        reason: column === undefined ? 'unknown' : 'duplicate',
        suggestion: column === undefined ? closestColumn(text) : { column, label: text },
      });
      return;
    }
    map.columns.push(column);
    map.indexOf[column] = index;
    if (isField(column)) map.fields.push(column);
    else if (isRecord(column)) map.records.push(column);
    else if (isReadOnly(column)) map.readOnly.push(column);
  });
  return map;
}

/** The header a file written for `language` uses for the column. */
export function headerOf(column: LiftSheetColumn, language: ServerLanguage): string {
  return liftSheetColumnLabels[column][language];
}
