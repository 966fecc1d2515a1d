// The events list as a spreadsheet: the columns the page shows (type, lift, floor, start, end,
// duration, status) plus the lift's address, headers and labels in the reader's language.
import type { LiftEvent } from '@liftwacht/contracts/events';
import { localDay } from '../../lib/local-day.ts';
import { catalogue, type ServerLanguage } from '../../lib/server-i18n.ts';
import { sheetColumn, type ColumnValue, type SheetColumn } from '../../lib/spreadsheet-values.ts';

export function eventColumns(language: ServerLanguage): SheetColumn[] {
  const c = catalogue(language).events.export.columns;
  return [
    sheetColumn(c.type, 'text', 30),
    sheetColumn(c.lift, 'text', 28),
    sheetColumn(c.address, 'text', 28),
    sheetColumn(c.floor, 'integer'),
    sheetColumn(c.startedAt, 'datetime', 20),
    sheetColumn(c.endedAt, 'datetime', 20),
    sheetColumn(c.durationSeconds, 'integer'),
    sheetColumn(c.status, 'text', 12),
  ];
}

/** An event as a row of eventColumns; a type without a label keeps its code. */
export function eventRow(language: ServerLanguage): (event: LiftEvent) => ColumnValue[] {
  const types: Record<string, string> = catalogue(language).notifications.eventTypes;
  const status = catalogue(language).events.export.status;
  return (event) => [
    types[event.type] ?? event.type,
    event.lift.name,
    event.lift.address,
    event.floor,
    event.startedAt,
    event.endedAt,
    event.durationSeconds,
    event.closed ? status.closed : status.open,
  ];
}

export const eventSheetName = (language: ServerLanguage) => catalogue(language).events.export.sheet;

/** gebeurtenissen-2026-03-10 / events-2026-03-10 */
export const eventFileName = (language: ServerLanguage, now: Date) =>
  `${catalogue(language).events.export.file}-${localDay(now)}`;
