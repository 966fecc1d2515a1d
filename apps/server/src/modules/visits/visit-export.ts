// A lift's visits as a spreadsheet: the columns its list shows (type, role, state, start, end,
// duration, person) plus the remarks, with labels in the reader's language.
import type { Visit } from '@liftwacht/contracts/visits';
import { localDay } from '../../lib/local-day.ts';
import { catalogue, type ServerLanguage } from '../../lib/server-i18n.ts';
import { sheetColumn, type ColumnValue, type SheetColumn } from '../../lib/spreadsheet-values.ts';

export function visitColumns(language: ServerLanguage): SheetColumn[] {
  const c = catalogue(language).visits.export.columns;
  return [
    sheetColumn(c.type, 'text'),
    sheetColumn(c.role, 'text'),
    sheetColumn(c.state, 'text', 14),
    sheetColumn(c.startedAt, 'datetime', 20),
    sheetColumn(c.endedAt, 'datetime', 20),
    sheetColumn(c.durationSeconds, 'integer'),
    sheetColumn(c.person, 'text', 24),
    sheetColumn(c.remarks, 'text', 40),
  ];
}

export function visitRow(language: ServerLanguage): (visit: Visit) => ColumnValue[] {
  const { types, roles, states } = catalogue(language).visits.export;
  return (visit) => [
    types[visit.type],
    roles[visit.role],
    states[visit.state],
    visit.startedAt,
    visit.endedAt,
    visit.durationSeconds,
    visit.person,
    visit.remarks,
  ];
}

export const visitSheetName = (language: ServerLanguage) => catalogue(language).visits.export.sheet;

/** bezoeken-lift-12-2026-03-10 / visits-lift-12-2026-03-10 */
export const visitFileName = (language: ServerLanguage, liftId: number, now: Date) =>
  `${catalogue(language).visits.export.file}-lift-${liftId}-${localDay(now)}`;
