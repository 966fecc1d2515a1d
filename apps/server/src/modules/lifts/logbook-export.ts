// A lift's logbook as a spreadsheet: the columns the page shows (date, kind, text), kinds in the
// reader's language.
import type { LogbookEntry } from '@liftwacht/contracts/lifts';
import { localDay } from '../../lib/local-day.ts';
import { catalogue, type ServerLanguage } from '../../lib/server-i18n.ts';
import { sheetColumn, type ColumnValue, type SheetColumn } from '../../lib/spreadsheet-values.ts';

export function logbookColumns(language: ServerLanguage): SheetColumn[] {
  const c = catalogue(language).lifts.logbookExport.columns;
  return [sheetColumn(c.at, 'datetime', 20), sheetColumn(c.type, 'text', 26), sheetColumn(c.text, 'text', 60)];
}

export function logbookRow(language: ServerLanguage): (entry: LogbookEntry) => ColumnValue[] {
  const types = catalogue(language).lifts.logbookExport.types;
  return (entry) => [entry.at, types[entry.logType], entry.text];
}

export const logbookSheetName = (language: ServerLanguage) => catalogue(language).lifts.logbookExport.sheet;

/** logboek-lift-12-2026-03-10 / logbook-lift-12-2026-03-10 */
export const logbookFileName = (language: ServerLanguage, liftId: number, now: Date) =>
  `${catalogue(language).lifts.logbookExport.file}-lift-${liftId}-${localDay(now)}`;
