// The refusals of a spreadsheet that goes beyond liftImportLimits, shared by the CSV and XLSX
// readers. Each names the limit (and where it was crossed), so the user knows what to change; sizes
// answer 413, everything else 400 on the field `file`.
import { liftImportLimits } from '@liftwacht/contracts/lift-spreadsheets';
import { AppError, badRequest } from '../../lib/app-error.ts';

const count = (n: number): string => n.toLocaleString('en');
const mebibytes = (bytes: number): string => `${String(bytes / (1024 * 1024))} MiB`;

export const unsupportedFile = () =>
  new AppError(415, 'unsupported_media_type', 'The file is not a spreadsheet: upload a .csv (UTF-8) or .xlsx file');

const invalid = (message: string) => badRequest('validation_failed', message, 'file');
const tooLarge = (message: string) => new AppError(413, 'payload_too_large', message, 'file');

export const tooManyRows = () =>
  invalid(`The file has more than ${count(liftImportLimits.maxRows)} rows; split it into smaller files`);

/** `last`: the XLSX's last row (a spreadsheet's) or the CSV's (see liftImportLimits). */
export const rowBeyondLast = (last: number) =>
  invalid(
    last === liftImportLimits.maxRowNumber
      ? `The file goes on beyond row ${count(last)}, the last row a spreadsheet has`
      : `The file goes on beyond row ${count(last)}, counting blank lines; remove the blank lines at its end`,
  );

export const tooManyColumns = (row: number) =>
  invalid(
    `Row ${count(row)} has more than ${count(liftImportLimits.maxColumns)} columns; leave out the ones that are not lift data`,
  );

export const headerTooLong = (column: number) =>
  invalid(`The header of column ${count(column)} is longer than ${count(liftImportLimits.headerLength)} characters`);

export const cellTooLong = (row: number, column: number) =>
  invalid(
    `The cell in row ${count(row)}, column ${count(column)} is longer than ${count(liftImportLimits.cellLength)} characters`,
  );

/** Where the row of a too long cell is not known yet (an XLSX shared string). */
export const textTooLong = () =>
  invalid(`A cell of the file is longer than ${count(liftImportLimits.cellLength)} characters`);

export const recordTooLong = (row: number) =>
  invalid(`Row ${count(row)} is longer than ${count(liftImportLimits.recordLength)} characters`);

export const tooManySharedStrings = () =>
  invalid(`The file has more than ${count(liftImportLimits.maxSharedStrings)} different texts`);

export const tooManyParts = () =>
  tooLarge(`The .xlsx file has more than ${count(liftImportLimits.maxZipEntries)} parts`);

export const partTooLarge = () =>
  tooLarge(`A part of the .xlsx file unpacks to more than ${mebibytes(liftImportLimits.maxPartBytes)}`);

export const inflatesTooMuch = () =>
  tooLarge(`The .xlsx file unpacks to more than ${mebibytes(liftImportLimits.maxInflatedBytes)}`);

/** What the worker answers when reading took too long or too much memory, whatever the limits let through. */
export const tooHeavy = () => tooLarge('The file takes too much to read; split it into smaller files');

export const unreadableCsv = (reason: string) => invalid(`The CSV file could not be read: ${reason.slice(0, 200)}`);

/** A part that unpacks to more bytes than the zip declares for it (a zip bomb's usual lie). */
export const damagedZip = () =>
  tooLarge(
    `A part of the .xlsx file unpacks to more than the file declares for it (a part may hold at most ${mebibytes(liftImportLimits.maxPartBytes)})`,
  );
