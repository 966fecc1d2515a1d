// Reads a CSV upload with csv-parse's streaming parser, within liftImportLimits as it goes: the
// text reaches the parser in pieces and the reading stops at the first limit crossed — a data row
// beyond `maxRows` (so a file of five million rows costs its first 50,001), a record beyond
// `recordLength` characters (csv-parse's max_record_size, so a 19 MB cell costs one record), a
// record beyond `maxColumns` fields (counted as the text goes by, before csv-parse builds it: a
// line of 19 MB of commas costs 200 of them), a header or cell too long. Comma or semicolon, as
// the header line shows.
import { Readable, pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
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
 * Counts the fields of each record as the text goes by, and refuses the first record with more
 * than `maxColumns`. csv-parse would only hand over a record once it has built it — a line of
 * nothing but delimiters becomes millions of fields first — and checking each field as it completes
 * (its cast option) makes parsing several times slower. This is not a second parser: it follows
 * only where quotes open and close (RFC 4180: a doubled quote inside a quoted field flips twice),
 * which is all it takes to tell a delimiter or a line break that separates from one that is text.
 */
class FieldCounter {
  private quoted = false;
  private fields = 1;
  private row = 1;
  private previous = 0;

  constructor(private readonly delimiter: number) {}

  scan(text: string): void {
    const { delimiter } = this;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === quote) this.quoted = !this.quoted;
      else if (!this.quoted) {
        if (code === delimiter) {
          if (++this.fields > liftImportLimits.maxColumns) throw tooManyColumns(this.row);
        } else if (code === lineFeed || code === carriageReturn) {
          // \r\n is one line break.
          if (!(code === lineFeed && this.previous === carriageReturn)) this.row++;
          this.fields = 1;
        }
      }
      this.previous = code;
    }
  }
}

const quote = 0x22;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/**
 * The bytes as text, piece by piece, refused as soon as a piece is not UTF-8 text (invalid UTF-8,
 * or control characters other than tab and line breaks: a PDF, an image) or a record has too many
 * fields.
 */
function* textPieces(bytes: Buffer, fields: FieldCounter): Generator<string> {
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
    fields.scan(piece);
    yield piece;
  }
}

/** A record's cells within the header and cell lengths. */
function checkLengths(cells: readonly string[], row: number): void {
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i] ?? '';
    if (row === 1 ? cell.trim().length > liftImportLimits.headerLength : cell.length > liftImportLimits.cellLength) {
      throw row === 1 ? headerTooLong(i + 1) : cellTooLong(row, i + 1);
    }
  }
}

/** The sheet of CSV bytes, or 415 when they are not UTF-8 text. */
export async function readCsv(bytes: Buffer): Promise<Sheet> {
  // The header line decides the delimiter; one longer than a record may be is refused anyway.
  const delimiter = delimiterOf(bytes.subarray(0, liftImportLimits.recordLength * 4).toString('utf8'));
  const source = Readable.from(textPieces(bytes, new FieldCounter(delimiter.charCodeAt(0))), { objectMode: false });
  const parser = parse({
    delimiter,
    relax_column_count: true,
    // Empty lines are kept as records so row numbers match what a spreadsheet program shows.
    skip_empty_lines: false,
    bom: true,
    max_record_size: liftImportLimits.recordLength,
  });
  // pipeline, unlike pipe, hands the source's refusal on to the parser, ending the loop below.
  pipeline(source, parser, () => undefined);
  let headers: string[] = [];
  const rows: SheetRow[] = [];
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row++;
      // Blank records count too: each costs the parser as much as one with content.
      if (row > liftImportLimits.maxCsvRowNumber) throw rowBeyondLast(liftImportLimits.maxCsvRowNumber);
      checkLengths(cells, row);
      if (row === 1) headers = cells;
      else if (cells.some((cell) => cell.trim() !== '')) {
        if (rows.length === liftImportLimits.maxRows) throw tooManyRows();
        rows.push({ row, cells });
      }
    }
  } catch (err) {
    source.destroy();
    parser.destroy();
    if (err instanceof AppError) throw err;
    if (err instanceof CsvError && err.code === 'CSV_MAX_RECORD_SIZE') {
      // The parser runs ahead of this loop; the error carries how many records it had completed.
      const { records } = err as CsvError & { records?: number };
      throw recordTooLong((records ?? row) + 1);
    }
    throw unreadableCsv(err instanceof Error ? err.message : 'unreadable');
  }
  return { format: 'csv', headers, rows };
}
