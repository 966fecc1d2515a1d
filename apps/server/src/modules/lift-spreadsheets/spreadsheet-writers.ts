// Writes lift spreadsheets with the format libraries: the small import template at once, the
// export as a stream through the shared list-export writer.
import type { Readable } from 'node:stream';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type * as ExcelJS from 'exceljs';
import type { SpreadsheetFormat } from '@liftwacht/contracts/lift-spreadsheets';
import { defineColumns, frozenHeader, spreadsheetStream } from '../../lib/spreadsheet-export.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { catalogue, type ServerLanguage } from '../../lib/server-i18n.ts';
import { csvDelimiter, csvValue, xlsxValue, type ColumnValue, type SheetColumn } from '../../lib/spreadsheet-values.ts';
import type { LiftWithRecords } from '../lifts/lift-export-rows.ts';
import { exampleRow, exportColumns, exportRow, templateColumns } from './spreadsheet-layout.ts';

// Loaded on first use (lib/lazy-module.ts): exceljs is the heaviest library of the server's start.
const exceljs = lazyModule<typeof ExcelJS>('exceljs');

const bom = '\ufeff';

function xlsxRow(columns: SheetColumn[], values: ColumnValue[], language: ServerLanguage) {
  return values.map((value, i) => xlsxValue(value, columns[i]?.kind ?? 'text', language));
}

/** The import template: the header row and one example row. */
export async function templateFile(format: SpreadsheetFormat, language: ServerLanguage): Promise<Buffer> {
  const columns = templateColumns(language);
  const example = exampleRow(language);
  if (format === 'csv') {
    const text = stringifySync(
      [columns.map((c) => c.header), example.map((v, i) => csvValue(v, language, columns[i]?.kind))],
      {
        delimiter: csvDelimiter(language),
      },
    );
    return Buffer.from(bom + text, 'utf8');
  }
  const workbook = new (exceljs().Workbook)();
  const sheet = workbook.addWorksheet(sheetName(language), frozenHeader);
  defineColumns(sheet, columns, language);
  sheet.addRow(xlsxRow(columns, example, language));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The export as a stream of the file's bytes; lifts are pulled batch by batch as it is read
 * with their last inspection and maintenance visit (app.liftList.batchesWithRecords), and
 * lib/spreadsheet-export.ts writes it, as it writes every list export.
 */
export function exportStream(
  format: SpreadsheetFormat,
  language: ServerLanguage,
  batches: AsyncIterable<LiftWithRecords[]>,
): Readable {
  return spreadsheetStream({
    format,
    language,
    sheetName: sheetName(language),
    columns: exportColumns(language),
    batches,
    row: (item) => exportRow(item, language),
  });
}

const sheetName = (language: ServerLanguage) => catalogue(language)['lift-spreadsheets'].files.sheet;
