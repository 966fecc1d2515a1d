// Reads an uploaded spreadsheet into rows of plain cells, within liftImportLimits as it reads (the
// worker thread of spreadsheet-worker.ts runs it, never the main thread). The format is decided by
// the bytes, not the file name: a zip is XLSX (xlsx-reader.ts), anything else is read as CSV
// (csv-reader.ts), which refuses what is not UTF-8 text (415). XLSX takes the first worksheet, with rich text,
// hyperlinks and formula results reduced to their value.
import type { SpreadsheetFormat } from '@liftwacht/contracts/lift-spreadsheets';
import { readCsv } from './csv-reader.ts';
import { readXlsx } from './xlsx-reader.ts';

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

export async function readSpreadsheet(bytes: Buffer): Promise<Sheet> {
  return bytes.subarray(0, 4).equals(zipSignature) ? readXlsx(bytes) : readCsv(bytes);
}

/** A cell as text, the way a person would type it (a date as yyyy-mm-dd). */
export function cellText(cell: Exclude<Cell, null>): string {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}
