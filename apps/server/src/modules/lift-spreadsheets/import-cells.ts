// From spreadsheet cells to a lift: each cell is converted to what its field holds (a day, a whole
// number, yes/no, text), then the whole row is checked with liftFieldsSchema — the one validation
// of a lift — and zod's issues become the contract's problem codes, each naming its field.
import type { z } from 'zod';
import { liftFieldsSchema, type LiftField, type LiftFields } from '@liftwacht/contracts/lift-editing';
import type { ImportProblem, ImportProblemCode } from '@liftwacht/contracts/lift-spreadsheets';
import { excerpt } from '../../lib/excerpt.ts';
import type { ColumnMap } from './spreadsheet-columns.ts';
import { cellText, type Cell } from './spreadsheet-reader.ts';

type FieldKind = 'text' | 'integer' | 'boolean' | 'date';

const kindOf: Partial<Record<LiftField, FieldKind>> = {
  hasFlow: 'boolean',
  maintenanceIntervalDays: 'integer',
  serviceRideThreshold: 'integer',
  commissionedOn: 'date',
};

export interface ConvertedRow {
  /** The lift the row describes, when it is valid. */
  fields: LiftFields | undefined;
  /**
   * The fields the row gives a value for: an update changes only these. A blank number cell gives
   * none (a new lift gets the default, an existing one keeps its value); blank text clears.
   */
  given: LiftField[];
  problems: ImportProblem[];
  /** The name cell, to recognise the row by. */
  name: string | null;
}

export type Converted<T> = { value: T } | { problem: ImportProblemCode; message: string };

export const isBlank = (cell: Cell | undefined): cell is null | undefined =>
  cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** What the cell showed, shortened, for the problem list. */
export const shown = (cell: Cell | undefined): string | null =>
  cell === null || cell === undefined ? null : excerpt(cellText(cell), 100);

export function convertRow(columns: ColumnMap, cells: readonly Cell[]): ConvertedRow {
  const input: Record<string, unknown> = {};
  const given: LiftField[] = [];
  const problems: ImportProblem[] = [];
  const cellOf = (field: LiftField): Cell | undefined => {
    const index = columns.indexOf[field];
    return index === undefined ? undefined : cells[index];
  };

  for (const field of columns.fields) {
    const cell = cellOf(field);
    const converted = convertCell(kindOf[field] ?? 'text', cell);
    if ('problem' in converted) {
      problems.push({ field, code: converted.problem, message: converted.message, value: shown(cell) });
    } else if (converted.value !== undefined) {
      input[field] = converted.value;
      given.push(field);
    }
  }

  const parsed = liftFieldsSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'name') as LiftField;
      // One problem per field: a cell that failed to convert already has its own.
      if (problems.some((p) => p.field === field)) continue;
      const code = problemCode(field, issue, input[field] === undefined);
      problems.push({ field, code, message: issue.message, value: shown(cellOf(field)) });
    }
  }
  const name = cellOf('name');
  return {
    fields: problems.length === 0 && parsed.success ? parsed.data : undefined,
    given,
    problems,
    name: isBlank(name) ? null : excerpt(cellText(name).trim(), 200),
  };
}

function convertCell(kind: FieldKind, cell: Cell | undefined): Converted<unknown> {
  switch (kind) {
    case 'text':
      // Blank text is "not known": liftFieldsSchema stores it as null (or refuses a blank name).
      return { value: isBlank(cell) ? '' : unquoted(cellText(cell)) };
    case 'integer':
      return isBlank(cell) ? { value: undefined } : toInteger(cell);
    case 'boolean':
      return toBoolean(cell);
    case 'date':
      return isBlank(cell) ? { value: null } : toDay(cell);
  }
}

/**
 * The text without the apostrophe an export puts before text that spreadsheet software would run
 * as a formula (lib/formula-guard.ts), so an exported "=Lift" comes back as it was. Excel itself
 * reads a leading apostrophe as "this is text", never as part of it.
 */
const unquoted = (text: string): string => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** Whole numbers, also written with thousand separators: 1000, 1.000, 1,000, 1 000. */
function toInteger(cell: Exclude<Cell, null>): Converted<number> {
  const invalid = { problem: 'invalid_number', message: 'must be a whole number' } as const;
  if (typeof cell === 'number') return Number.isInteger(cell) ? { value: cell } : invalid;
  if (typeof cell !== 'string') return invalid;
  const text = cell.trim();
  const match = /^(-?)(\d{1,3}(?:([.,\s\u00a0])\d{3})(?:\3\d{3})*|\d+)$/.exec(text);
  if (!match) return invalid;
  const value = Number((match[1] ?? '') + (match[2] ?? '').replace(/[.,\s\u00a0]/g, ''));
  return Number.isSafeInteger(value) ? { value } : { problem: 'out_of_range', message: 'is too large' };
}

const yes = new Set(['ja', 'j', 'yes', 'y', 'true', 'waar', '1', 'x']);
const no = new Set(['nee', 'n', 'no', 'false', 'onwaar', '0', '']);

/** ja/nee, yes/no, true/false, 1/0, x for yes; a blank cell is no. */
function toBoolean(cell: Cell | undefined): Converted<boolean> {
  if (typeof cell === 'boolean') return { value: cell };
  const text = isBlank(cell) ? '' : cellText(cell).trim().toLowerCase();
  if (yes.has(text)) return { value: true };
  if (no.has(text)) return { value: false };
  return { problem: 'invalid_boolean', message: 'must be yes or no (ja/nee, yes/no, true/false, 1/0, x)' };
}

const excelEpoch = Date.UTC(1899, 11, 30);
const invalidDate = { problem: 'invalid_date', message: 'must be a date (yyyy-mm-dd or dd-mm-yyyy)' } as const;

/**
 * A calendar day as yyyy-MM-dd: a date cell, an Excel day number, or text as yyyy-mm-dd,
 * dd-mm-yyyy, d-m-yyyy or dd/mm/yyyy. Days that do not exist (30 February) are refused here;
 * the range (1900–2199) is the schema's.
 */
export function toDay(cell: Exclude<Cell, null>): Converted<string> {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? invalidDate : { value: isoDay(cell) };
  // A date cell without a date format reaches us as Excel's day count since 1899-12-30.
  if (typeof cell === 'number') {
    return Number.isInteger(cell) && cell > 0
      ? { value: isoDay(new Date(excelEpoch + cell * 86_400_000)) }
      : invalidDate;
  }
  if (typeof cell !== 'string') return invalidDate;
  const text = cell.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dutch = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : dutch
      ? [dutch[4], dutch[3], dutch[1]]
      : [undefined, undefined, undefined];
  if (year === undefined || month === undefined || day === undefined) return invalidDate;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real = date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1;
  return real && date.getUTCDate() === Number(day) ? { value: isoDay(date) } : invalidDate;
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The contract's code for a zod issue on `field`. */
function problemCode(field: LiftField, issue: z.core.$ZodIssue, missing: boolean): ImportProblemCode {
  if (kindOf[field] === 'date') return 'invalid_date';
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? 'required' : 'out_of_range';
    case 'too_big':
      return issue.origin === 'string' ? 'too_long' : 'out_of_range';
    case 'invalid_type':
      return missing ? 'required' : kindOf[field] === 'integer' ? 'invalid_number' : 'invalid';
    default:
      return 'invalid';
  }
}
