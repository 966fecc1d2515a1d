// The columns of a lift spreadsheet: which header names a file may use for each lift field (the
// contract's liftImportColumns, Dutch and English), how a header row maps onto fields, and the
// header texts the template and the export write in the user's language.
import { liftFieldNames, type LiftField } from '@liftwacht/contracts/lift-editing';
import { liftImportColumns } from '@liftwacht/contracts/lift-spreadsheets';
import type { ServerLanguage } from '../../lib/server-i18n.ts';

/**
 * A header as compared: lower case, accents dropped, and only letters and digits kept, so
 * "Onderhoudsinterval (dagen)", "onderhouds-interval dagen" and "ONDERHOUDSINTERVAL_DAGEN" agree.
 */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

// Every name of every field, Dutch and English. A name may stand in both languages of one field
// ("Postcode", "Type"); the contract gives no name to two fields.
const fieldByHeader = new Map<string, LiftField>(
  liftFieldNames.flatMap((field) =>
    [...liftImportColumns[field].nl, ...liftImportColumns[field].en].map((name): [string, LiftField] => [
      normaliseHeader(name),
      field,
    ]),
  ),
);

export interface ColumnMap {
  /** The recognised fields, in column order. */
  fields: LiftField[];
  /** Column index of each recognised field (the first column, when a field appears twice). */
  indexOf: Partial<Record<LiftField, number>>;
  /** Headers that matched no field, as written. */
  ignored: string[];
}

export function mapColumns(headers: readonly string[]): ColumnMap {
  const map: ColumnMap = { fields: [], indexOf: {}, ignored: [] };
  headers.forEach((header, index) => {
    const text = header.trim();
    if (text === '') return;
    const field = fieldByHeader.get(normaliseHeader(text));
    if (field === undefined || map.indexOf[field] !== undefined) {
      map.ignored.push(text);
      return;
    }
    map.fields.push(field);
    map.indexOf[field] = index;
  });
  return map;
}

/** The header a file written for `language` uses: the field's first name in that language. */
export function headerOf(field: LiftField, language: ServerLanguage): string {
  return liftImportColumns[field][language][0] ?? field;
}
