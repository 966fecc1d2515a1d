// Writes lift spreadsheets with the format libraries: the small import template at once, the
// export as a stream (csv-stringify; exceljs's streaming WorkbookWriter) that pulls the next batch
// of lifts only when the last has moved on (to the client; for XLSX, to the zip's compressor,
// which itself waits for the client), so memory stays flat however long the list.
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { Lift } from '@liftwacht/contracts/lifts';
import type { SpreadsheetFormat } from '@liftwacht/contracts/lift-spreadsheets';
import { sheetZipEntry } from '../../lib/exceljs-stream-backpressure.ts';
import { catalogue, type ServerLanguage } from '../../lib/server-i18n.ts';
import {
  csvDelimiter,
  csvValue,
  dateFormat,
  exampleRow,
  exportColumns,
  exportRow,
  liftFieldColumns,
  xlsxValue,
  type ColumnValue,
  type SheetColumn,
} from './spreadsheet-layout.ts';

const bom = '\ufeff';

/** The import template: the header row and one example row. */
export async function templateFile(format: SpreadsheetFormat, language: ServerLanguage): Promise<Buffer> {
  const columns = liftFieldColumns(language);
  const example = exampleRow(language);
  if (format === 'csv') {
    const text = stringifySync([columns.map((c) => c.header), example.map((v) => csvValue(v, language))], {
      delimiter: csvDelimiter(language),
    });
    return Buffer.from(bom + text, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(language), frozenHeader);
  defineColumns(sheet, columns, language);
  sheet.addRow(xlsxRow(columns, example, language));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The export as a stream of the file's bytes; lifts are pulled batch by batch as it is read. The
 * XLSX writer empties each batch's array as it writes the rows.
 */
export function exportStream(
  format: SpreadsheetFormat,
  language: ServerLanguage,
  batches: AsyncIterable<Lift[]>,
): Readable {
  const columns = exportColumns(language);
  if (format === 'csv') {
    const rows = Readable.from(
      (async function* () {
        yield columns.map((c) => c.header);
        for await (const lifts of batches) {
          for (const lift of lifts) yield exportRow(lift).map((v) => csvValue(v, language));
        }
      })(),
    );
    const csv = stringify({ delimiter: csvDelimiter(language), bom: true });
    rows.on('error', (err) => csv.destroy(err));
    return rows.pipe(csv);
  }
  const out = new PassThrough();
  void writeXlsx(out, columns, language, batches).catch((err: unknown) => out.destroy(err as Error));
  return out;
}

async function writeXlsx(
  out: PassThrough,
  columns: SheetColumn[],
  language: ServerLanguage,
  batches: AsyncIterable<Lift[]>,
): Promise<void> {
  // Once the client has gone (or the stream failed), stop waiting and stop pulling lifts.
  const closed = new AbortController();
  out.once('close', () => closed.abort(new Error('the export stream was closed')));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    // Inline strings: shared strings would keep every distinct text in memory until the end.
    useSharedStrings: false,
    // Deflate's fastest level (archiver's default too, stated here as the choice): the sheet
    // compresses about eightfold even so, and a higher level costs time on every row.
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(sheetName(language), frozenHeader);
  const entry = sheetZipEntry(sheet);
  defineColumns(sheet, columns, language);
  sheet.getRow(1).commit();
  for await (const lifts of batches) {
    // exceljs queues rows for its zip without backpressure: before adding a batch, wait until the
    // compressor has taken the last one (it works on it while the next batch is fetched). A slow
    // client is covered too: archiver pipes into `out` with backpressure, so the compressor
    // stalls while the client is behind.
    await entry.drained(closed.signal);
    // Each lift leaves its batch once written, so it dies young: a row allocates so much that a
    // batch held whole outlives the young generation, and then only a full GC frees it (probe
    // of 100,000 rows: peak RSS growth about 50 MB instead of 70 to 90).
    for (let lift = lifts.shift(); lift !== undefined; lift = lifts.shift()) {
      sheet.addRow(xlsxRow(columns, exportRow(lift), language)).commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}

function defineColumns(sheet: ExcelJS.Worksheet, columns: SheetColumn[], language: ServerLanguage): void {
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    ...(c.kind === 'date' ? { style: { numFmt: dateFormat(language) } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
}

function xlsxRow(columns: SheetColumn[], values: ColumnValue[], language: ServerLanguage) {
  return values.map((value, i) => xlsxValue(value, columns[i]?.kind ?? 'text', language));
}

/** The header row stays in view while scrolling (set at creation: the streaming writer allows no later change). */
const frozenHeader = { views: [{ state: 'frozen' as const, ySplit: 1 }] };

const sheetName = (language: ServerLanguage) => catalogue(language)['lift-spreadsheets'].files.sheet;
