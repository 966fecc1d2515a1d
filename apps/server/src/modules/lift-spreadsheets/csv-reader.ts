// Reads a CSV upload with csv-parse's streaming parser, within liftImportLimits as it goes: every
// field is checked as soon as csv-parse completes it (cast), a record is cut off at
// `recordLength` characters (max_record_size), and the reading stops at the first data row beyond
// `maxRows` — so a file of five million rows costs its first 50,001, and a 19 MB cell or line of
// commas costs at most one record. Comma or semicolon, as the header line shows.
import { Readable, pipeline } from 'node:stream';
import { finished } from 'node:stream/promises';
import { CsvError, parse, type InfoField } from 'csv-parse';
import { liftImportLimits } from '@liftwacht/contracts/lift-spreadsheets';
import { AppError } from '../../lib/app-error.ts';
import {
  cellTooLong,
  headerTooLong,
  recordTooLong,
  rowBeyondLast,
  tooManyColumns,
  tooManyRows,
  unreadableCsv,
  unsupportedFile,
} from './sheet-limits.ts';
import type { Sheet, SheetRow } from './spreadsheet-reader.ts';

/** The bytes are decoded and handed to the parser in pieces this long, so it stops soon after a limit. */
const chunkBytes = 64 * 1024;

/** Semicolon when the header line has more of them than commas (outside quotes), else comma. */
function delimiterOf(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons++;
    else if (!quoted && char === ',') commas++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * The bytes as text, piece by piece, refused as soon as a piece is not UTF-8 text: invalid UTF-8,
 * or control characters other than tab and line breaks (a PDF, an image).
 */
function* textPieces(bytes: Buffer): Generator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  for (let start = 0; start < bytes.length; start += chunkBytes) {
    let piece: string;
    try {
      piece = decoder.decode(bytes.subarray(start, start + chunkBytes), { stream: start + chunkBytes < bytes.length });
    } catch {
      throw unsupportedFile();
    }
    // eslint-disable-next-line no-control-regex -- looking for exactly these characters
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(piece)) throw unsupportedFile();
    yield piece;
  }
}

/** Each field as csv-parse completes it: refused beyond the column, header or cell limit. */
function checkField(value: string, context: InfoField): string {
  // `records` counts the records before this one: 0 is the header, row 1.
  const row = context.records + 1;
  const column = context.index + 1;
  if (column > liftImportLimits.maxColumns) throw tooManyColumns(row);
  if (row === 1 ? value.trim().length > liftImportLimits.headerLength : value.length > liftImportLimits.cellLength) {
    throw row === 1 ? headerTooLong(column) : cellTooLong(row, column);
  }
  return value;
}

/** The sheet of CSV bytes, or 415 when they are not UTF-8 text. */
export async function readCsv(bytes: Buffer): Promise<Sheet> {
  // The header line decides the delimiter; one longer than a record may be is refused anyway.
  const start = bytes.subarray(0, liftImportLimits.recordLength * 4).toString('utf8');
  const source = Readable.from(textPieces(bytes), { objectMode: false });
  let headers: string[] = [];
  const rows: SheetRow[] = [];
  let row = 0;
  const take = (cells: string[]): null => {
    row++;
    if (row === 1) headers = cells;
    else if (cells.some((cell) => cell.trim() !== '')) {
      if (rows.length === liftImportLimits.maxRows) throw tooManyRows();
      rows.push({ row, cells });
    } else if (row > liftImportLimits.maxRowNumber) throw rowBeyondLast();
    return null;
  };
  const parser = parse({
    delimiter: delimiterOf(start),
    relax_column_count: true,
    // Empty lines are kept as records so row numbers match what a spreadsheet program shows.
    skip_empty_lines: false,
    bom: true,
    max_record_size: liftImportLimits.recordLength,
    cast: checkField,
    on_record: take,
  });
  // pipeline, unlike pipe, hands the source's refusal (not text) on to the parser, ending the loop below.
  pipeline(source, parser, () => undefined);
  try {
    // Each record is taken as csv-parse completes it (on_record, dropped from the stream): no
    // asynchronous turn per row.
    await finished(parser.resume());
  } catch (err) {
    source.destroy();
    parser.destroy();
    if (err instanceof AppError) throw err;
    // csv-parse wraps what cast threw.
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof AppError) throw cause;
    if (err instanceof CsvError && err.code === 'CSV_MAX_RECORD_SIZE') {
      throw recordTooLong(row + 1);
    }
    throw unreadableCsv(err instanceof Error ? err.message : 'unreadable');
  }
  return { format: 'csv', headers, rows };
}
