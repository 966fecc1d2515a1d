// How a value becomes a spreadsheet cell, for every export: CSV gets text (yes/no in the language,
// days as yyyy-mm-dd, moments as local yyyy-mm-dd hh:mm:ss), XLSX real numbers and dates. Text is
// formula-safe in both. Moments are shown in business time (Europe/Amsterdam), as the pages show
// them: a spreadsheet has no time zones, so an XLSX moment is its local wall-clock time.
import { businessTimeZone } from '../db/rollups/availability-rollup.ts';
import { neutraliseFormula } from './formula-guard.ts';
import { catalogue, type ServerLanguage } from './server-i18n.ts';

/**
 * text; integer and decimal numbers; yes/no; a day (yyyy-mm-dd); a moment (ISO date-time); and
 * `number`, a column whose rows measure different things (counts beside percentages): decimals
 * as the language writes them, Excel's General format so a count shows no decimals.
 */
export type ColumnKind = 'text' | 'integer' | 'decimal' | 'number' | 'boolean' | 'date' | 'datetime';
export type ColumnValue = string | number | boolean | null;

export interface SheetColumn {
  header: string;
  kind: ColumnKind;
  /** XLSX column width, in characters. */
  width: number;
}

/** A column with a width that fits its header and kind. */
export function sheetColumn(header: string, kind: ColumnKind, width?: number): SheetColumn {
  const least = kind === 'text' ? 18 : kind === 'datetime' ? 17 : 12;
  return { header, kind, width: width ?? Math.max(header.length + 2, least) };
}

// en-CA writes yyyy-mm-dd; hourCycle h23 keeps midnight 00, not 24.
const localMoment = new Intl.DateTimeFormat('en-CA', {
  timeZone: businessTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The local wall-clock time of an ISO instant as yyyy-mm-ddThh:mm:ss. */
function wallClock(iso: string): string {
  const parts = Object.fromEntries(localMoment.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The CSV text of a value: yes/no in the language, days as yyyy-mm-dd, moments local; empty for none. */
export function csvValue(value: ColumnValue, language: ServerLanguage, kind: ColumnKind = 'text'): string {
  if (value === null) return '';
  if (typeof value === 'boolean') {
    const { yes, no } = catalogue(language)['lift-spreadsheets'].values;
    return value ? yes : no;
  }
  if (kind === 'datetime' && typeof value === 'string') return wallClock(value).replace('T', ' ');
  if ((kind === 'decimal' || kind === 'number') && typeof value === 'number' && language === 'nl') {
    return String(value).replace('.', ',');
  }
  return typeof value === 'string' ? neutraliseFormula(value) : String(value);
}

/** The XLSX cell of a value: days and moments as dates (Excel keeps them without a zone), yes/no as text. */
export function xlsxValue(
  value: ColumnValue,
  kind: ColumnKind,
  language: ServerLanguage,
): string | number | Date | null {
  if (value === null) return null;
  if (kind === 'date' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
  if (kind === 'datetime' && typeof value === 'string') return new Date(`${wallClock(value)}Z`);
  if (typeof value === 'boolean') return csvValue(value, language);
  return typeof value === 'string' ? neutraliseFormula(value) : value;
}

/** Semicolons for Dutch (Excel's list separator where the decimal mark is a comma), commas for English. */
export const csvDelimiter = (language: ServerLanguage): ';' | ',' => (language === 'nl' ? ';' : ',');

/** How XLSX shows days and moments of a kind, as the language writes them; undefined for the rest. */
export function numberFormat(kind: ColumnKind, language: ServerLanguage): string | undefined {
  if (kind === 'date') return language === 'nl' ? 'dd-mm-yyyy' : 'yyyy-mm-dd';
  if (kind === 'datetime') return language === 'nl' ? 'dd-mm-yyyy hh:mm:ss' : 'yyyy-mm-dd hh:mm:ss';
  if (kind === 'decimal') return '0.00';
  return undefined;
}
