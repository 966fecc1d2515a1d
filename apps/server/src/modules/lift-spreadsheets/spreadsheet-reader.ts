// Reads an uploaded spreadsheet into rows of plain cells. The format is decided by the bytes, not
// the file name: a zip that exceljs can open is XLSX, valid UTF-8 text is CSV, anything else is
// refused (415). CSV is parsed by csv-parse, with comma or semicolon as the header line shows;
// XLSX by exceljs, first worksheet, with rich text, hyperlinks and formula results reduced to
// their value.
import { parse } from 'csv-parse/sync';
import type * as ExcelJS from 'exceljs';
import { liftImportLimits, type SpreadsheetFormat } from '@liftwacht/contracts/lift-spreadsheets';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { lazyModule } from '../../lib/lazy-module.ts';

// Loaded on first use (lib/lazy-module.ts): exceljs is the heaviest library of the server's start.
const exceljs = lazyModule<typeof ExcelJS>('exceljs');

/** A cell as the import converts it: text, a number, a yes/no, a date, or empty. */
export type Cell = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row number the spreadsheet shows (the header is row 1). */
  row: number;
  cells: Cell[];
}

export interface Sheet {
  format: SpreadsheetFormat;
  headers: string[];
  /** Data rows that hold anything; blank rows are left out. */
  rows: SheetRow[];
}

const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export const unsupportedFile = () =>
  new AppError(415, 'unsupported_media_type', 'The file is not a spreadsheet: upload a .csv (UTF-8) or .xlsx file');

const tooManyRows = () =>
  badRequest(
    'validation_failed',
    `The file has more than ${liftImportLimits.maxRows.toLocaleString('en')} rows; split it into smaller files`,
    'file',
  );

/** The format of the bytes, or undefined when they are neither a zip nor UTF-8 text. */
export function sniffFormat(bytes: Buffer): SpreadsheetFormat | undefined {
  if (bytes.subarray(0, 4).equals(zipSignature)) return 'xlsx';
  return textOf(bytes) === undefined ? undefined : 'csv';
}

export async function readSpreadsheet(bytes: Buffer): Promise<Sheet> {
  const format = sniffFormat(bytes);
  if (format === 'xlsx') return readXlsx(bytes);
  const text = format === 'csv' ? textOf(bytes) : undefined;
  if (text === undefined) throw unsupportedFile();
  return readCsv(text);
}

/**
 * The text of UTF-8 bytes (a byte order mark dropped), or undefined for anything that is not
 * text: invalid UTF-8, or control characters other than tab and line breaks (a PDF, an image).
 */
function textOf(bytes: Buffer): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex -- looking for exactly these characters
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? undefined : text;
}

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

function readCsv(text: string): Sheet {
  let records: string[][];
  try {
    // Empty lines are kept as records so row numbers match what a spreadsheet program shows.
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'unreadable';
    throw badRequest('validation_failed', `The CSV file could not be read: ${reason.slice(0, 200)}`, 'file');
  }
  const [headers = [], ...data] = records;
  const rows: SheetRow[] = [];
  data.forEach((cells, i) => {
    if (cells.some((cell) => cell.trim() !== '')) rows.push({ row: i + 2, cells });
  });
  if (rows.length > liftImportLimits.maxRows) throw tooManyRows();
  return { format: 'csv', headers, rows };
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  const workbook = new (exceljs().Workbook)();
  try {
    // exceljs's declared Buffer type predates Node's generic Buffer.
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw unsupportedFile();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unsupportedFile();
  // Cheap early refusal before converting a single cell; blank rows are discounted below.
  if (sheet.actualRowCount > liftImportLimits.maxRows + 1) throw tooManyRows();
  let headers: string[] = [];
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: Cell[] = [];
    // row.values is 1-based: index 0 is always empty.
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    for (const value of values) cells.push(plainCell(value));
    if (number === 1) headers = cells.map((cell) => (cell === null ? '' : cellText(cell)));
    else if (cells.some((cell) => cell !== null && cellText(cell).trim() !== '')) rows.push({ row: number, cells });
  });
  if (rows.length > liftImportLimits.maxRows) throw tooManyRows();
  return { format: 'xlsx', headers, rows };
}

/** A cell's value without exceljs's wrappers: formula results, rich text and links as their value. */
function plainCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : null;
  if ('result' in value) {
    const result = value.result;
    return result === undefined || (typeof result === 'object' && !(result instanceof Date)) ? null : result;
  }
  // An error value (#N/A, #REF!) or a formula without a cached result: nothing to import.
  return null;
}

/** A cell as text, the way a person would type it (a date as yyyy-mm-dd). */
export function cellText(cell: Exclude<Cell, null>): string {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}
