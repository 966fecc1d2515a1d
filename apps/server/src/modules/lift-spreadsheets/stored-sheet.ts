// The sheet as lift_imports keeps it: the rows read from the upload as JSON, gzipped (node:zlib),
// so preview and apply never read the file again. Dates become {"d": ISO}; everything else a cell
// holds is JSON already. Packed and unpacked in the reading worker (spreadsheet-worker.ts).
import { gunzipSync, gzipSync } from 'node:zlib';
import type { SpreadsheetFormat } from '@liftwacht/contracts/lift-spreadsheets';
import type { Cell, Sheet } from './spreadsheet-reader.ts';

type PackedCell = string | number | boolean | null | { d: string };
interface PackedSheet {
  format: SpreadsheetFormat;
  headers: string[];
  /** [row number, ...cells] */
  rows: [number, ...PackedCell[]][];
}

const packCell = (cell: Cell): PackedCell => (cell instanceof Date ? { d: cell.toISOString() } : cell);
const unpackCell = (cell: PackedCell): Cell => (cell !== null && typeof cell === 'object' ? new Date(cell.d) : cell);

export function packSheet(sheet: Sheet): Buffer {
  const packed: PackedSheet = {
    format: sheet.format,
    headers: sheet.headers,
    rows: sheet.rows.map(({ row, cells }) => [row, ...cells.map(packCell)]),
  };
  // Level 6 (the default) halves the time of 9 for nearly the same size on these rows.
  return gzipSync(JSON.stringify(packed));
}

export function unpackSheet(bytes: Uint8Array): Sheet {
  const packed = JSON.parse(gunzipSync(bytes).toString('utf8')) as PackedSheet;
  return {
    format: packed.format,
    headers: packed.headers,
    rows: packed.rows.map(([row, ...cells]) => ({ row, cells: cells.map(unpackCell) })),
  };
}
