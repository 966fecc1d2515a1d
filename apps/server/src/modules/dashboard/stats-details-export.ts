// The lifts behind a dashboard figure as a spreadsheet: lift, address, building and the value that
// put each there, its header and kind from what it measures (a percentage, a count, a day, ...).
import type { StatsDetailItem } from '@liftwacht/contracts/dashboard';
import { localDay } from '../../lib/local-day.ts';
import { catalogue, type ServerLanguage } from '../../lib/server-i18n.ts';
import { sheetColumn, type ColumnKind, type ColumnValue, type SheetColumn } from '../../lib/spreadsheet-values.ts';

type Unit = StatsDetailItem['unit'];

const kinds: Record<Unit, ColumnKind> = {
  percentage: 'decimal',
  count: 'integer',
  // Times to acknowledge and to free, MTBF and MTTR: whole seconds, summed and averaged as numbers.
  seconds: 'integer',
  rides: 'integer',
  days: 'integer',
  date: 'date',
  timestamp: 'datetime',
};

/**
 * The value units of a list in the order they first appear (\`count\` for an empty list). Most lists
 * have one; "maintenance insufficient" has rides for a lift over its threshold and days overdue for
 * one whose interval ran out, each in a column of its own so no number is read in the wrong unit.
 */
export function statsDetailsUnits(items: readonly StatsDetailItem[]): Unit[] {
  const units = [...new Set(items.map((item) => item.unit))];
  return units.length > 0 ? units : ['count'];
}

export function statsDetailsColumns(language: ServerLanguage, units: readonly Unit[]): SheetColumn[] {
  const { columns, values } = catalogue(language).dashboard.detailsExport;
  return [
    sheetColumn(columns.lift, 'text', 28),
    sheetColumn(columns.address, 'text', 28),
    sheetColumn(columns.building, 'text', 24),
    ...units.map((unit) => sheetColumn(values[unit], kinds[unit])),
  ];
}

/** A lift's row: its value in its unit's column, the other value columns empty. */
export const statsDetailsRow =
  (units: readonly Unit[]) =>
  (item: StatsDetailItem): ColumnValue[] => [
    item.name,
    item.address,
    item.buildingName,
    ...units.map((unit) => (unit === item.unit ? item.value : null)),
  ];

export const statsDetailsSheetName = (language: ServerLanguage) => catalogue(language).dashboard.detailsExport.sheet;

/** statistiek-details-visits-2026-03-10 / statistics-details-visits-2026-03-10 */
export const statsDetailsFileName = (language: ServerLanguage, type: string, now: Date) =>
  `${catalogue(language).dashboard.detailsExport.file}-${type}-${localDay(now)}`;
