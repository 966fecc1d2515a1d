// Reads an XLSX upload: yauzl vets the zip (zip-parts.ts) and inflates only the parts exceljs needs,
// each once, in the order it needs them (relationships, workbook, styles for dates, shared
// strings, then the first worksheet), and exceljs's streaming reader (stream.xlsx.WorkbookReader)
// parses each part's XML as it inflates. The reader's per-part steps are driven here instead of
// its own unzipper loop, which would inflate every part, whatever its size, and keep worksheets in
// temporary files until the shared strings came. Shared strings are checked as they come (count,
// length); rows stop at the first data row beyond `maxRows`. No XML is parsed by hand.
import type { Readable } from 'node:stream';
import type * as ExcelJS from 'exceljs';
import { liftImportLimits } from '@liftwacht/contracts/lift-spreadsheets';
import { AppError } from '../../lib/app-error.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import {
  cellTooLong,
  damagedZip,
  headerTooLong,
  rowBeyondLast,
  textTooLong,
  tooManyColumns,
  tooManyRows,
  tooManySharedStrings,
  unsupportedFile,
} from './sheet-limits.ts';
import { cellText, type Cell, type Sheet, type SheetRow } from './spreadsheet-reader.ts';
import { zipParts, type ZipParts } from './zip-parts.ts';

const exceljs = lazyModule<typeof ExcelJS>('exceljs');

type SharedString = string | { richText: { text?: string }[] } | null;

/**
 * The steps of exceljs 4.4's stream.xlsx.WorkbookReader#parse that this reader drives itself, one
 * part stream each (lib/stream/xlsx/workbook-reader.js).
 */
interface WorkbookReaderSteps {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  sharedStrings?: unknown[];
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseStyles(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<{ index: number; text: SharedString }>;
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

const stepNames = ['_parseRels', '_parseWorkbook', '_parseStyles', '_parseSharedStrings', '_parseWorksheet'] as const;

/**
 * Fails loudly when an exceljs upgrade renamed or removed a step this reader drives: every XLSX
 * upload would otherwise be refused as "not a spreadsheet" without saying why.
 */
export function assertReaderSteps(reader: unknown): void {
  const missing = stepNames.filter((name) => typeof (reader as Record<string, unknown> | null)?.[name] !== 'function');
  if (missing.length > 0) {
    throw new Error(`exceljs's stream.xlsx.WorkbookReader no longer has ${missing.join(', ')}: see xlsx-reader.ts`);
  }
}

export async function readXlsx(bytes: Buffer): Promise<Sheet> {
  // Outside the try below: a changed library is our fault, not the file's (no 415).
  assertReaderSteps(exceljs().stream.xlsx.WorkbookReader.prototype);
  const parts = await zipParts(bytes);
  try {
    return await readParts(parts);
  } catch (err) {
    if (err instanceof AppError) throw err;
    // yauzl's validateEntrySizes: the inflated bytes went past the part's declared size.
    if (err instanceof Error && err.message.includes('too many bytes in the stream')) throw damagedZip();
    throw unsupportedFile();
  } finally {
    parts.close();
  }
}

async function readParts(parts: ZipParts): Promise<Sheet> {
  const reader = new (exceljs().stream.xlsx.WorkbookReader)(null as unknown as Readable, {
    worksheets: 'emit',
    sharedStrings: 'emit',
    hyperlinks: 'ignore',
    // Styles tell which numbers are dates.
    styles: 'cache',
    entries: 'ignore',
  }) as unknown as WorkbookReaderSteps;
  if (!parts.has('xl/workbook.xml') || !parts.has('xl/_rels/workbook.xml.rels')) throw unsupportedFile();
  await reader._parseRels(await parts.open('xl/_rels/workbook.xml.rels'));
  await reader._parseWorkbook(await parts.open('xl/workbook.xml'));
  if (parts.has('xl/styles.xml')) await reader._parseStyles(await parts.open('xl/styles.xml'));
  reader.sharedStrings = parts.has('xl/sharedStrings.xml')
    ? await sharedStrings(reader, await parts.open('xl/sharedStrings.xml'))
    : [];
  const sheet = firstSheet(reader);
  if (!sheet || !parts.has(sheet.path)) throw unsupportedFile();
  const part = await parts.open(sheet.path);
  for (const { eventType, value } of reader._parseWorksheet(part, sheet.number)) {
    if (eventType === 'worksheet') return rowsOf(value);
  }
  throw unsupportedFile();
}

/** The shared strings as plain text, refused beyond the count and the cell length. */
async function sharedStrings(reader: WorkbookReaderSteps, part: Readable): Promise<string[]> {
  const texts: string[] = [];
  for await (const { text } of reader._parseSharedStrings(part)) {
    if (texts.length === liftImportLimits.maxSharedStrings) throw tooManySharedStrings();
    const plain =
      text === null ? '' : typeof text === 'string' ? text : text.richText.map((run) => run.text ?? '').join('');
    if (plain.length > liftImportLimits.cellLength) throw textTooLong();
    texts.push(plain);
  }
  return texts;
}

/** The workbook's first sheet (as the workbook lists them) and its part. */
function firstSheet(reader: WorkbookReaderSteps): { path: string; number: string } | undefined {
  const rId = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((rel) => rel.Id === rId)?.Target;
  if (!target) return undefined;
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  return { path, number: /sheet(\d+)\.xml$/.exec(path)?.[1] ?? '1' };
}

async function rowsOf(worksheet: AsyncIterable<ExcelJS.Row>): Promise<Sheet> {
  let headers: string[] = [];
  const rows: SheetRow[] = [];
  for await (const row of worksheet) {
    const number = row.number;
    if (number > liftImportLimits.maxRowNumber) throw rowBeyondLast(liftImportLimits.maxRowNumber);
    // row.values is 1-based: index 0 is always empty.
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    // Holes (no cell in the file) are empty cells: positions must stay the columns'.
    const cells: Cell[] = Array.from({ length: Math.min(values.length, liftImportLimits.maxColumns) }, () => null);
    let content = false;
    // entries() visits the holes too, as undefined: an empty cell.
    for (const [index, value] of values.entries()) {
      const cell = plainCell(value);
      const text = cell === null ? '' : cellText(cell);
      if (text !== '' && index >= liftImportLimits.maxColumns) throw tooManyColumns(number);
      if (
        number === 1 ? text.trim().length > liftImportLimits.headerLength : text.length > liftImportLimits.cellLength
      ) {
        throw number === 1 ? headerTooLong(index + 1) : cellTooLong(number, index + 1);
      }
      if (index < liftImportLimits.maxColumns) cells[index] = cell;
      if (text.trim() !== '') content = true;
    }
    if (number === 1) headers = cells.map((cell) => (cell === null ? '' : cellText(cell)));
    else if (content) {
      if (rows.length === liftImportLimits.maxRows) throw tooManyRows();
      rows.push({ row: number, cells });
    }
  }
  return { format: 'xlsx', headers, rows };
}

/** A cell's value without exceljs's wrappers: formula results, rich text and links as their value. */
function plainCell(value: ExcelJS.CellValue | undefined): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : null;
  if ('result' in value) {
    const result = value.result;
    return result === undefined || (typeof result === 'object' && !(result instanceof Date)) ? null : result;
  }
  // An error value (#N/A, #REF!), a formula without a cached result, a missing shared string.
  return null;
}
