// The alarm calls list and the current calls as spreadsheets: the columns the pages show (lift,
// received, acknowledged, ended, duration, kind, status, assignee) plus the lift's address, in
// the reader's language. Current calls have no end yet: their duration is how long they run.
import type { Call } from '@liftwacht/contracts/calls';
import { localDay } from '../../lib/local-day.ts';
import { catalogue, type ServerLanguage } from '../../lib/server-i18n.ts';
import { sheetColumn, type ColumnValue, type SheetColumn } from '../../lib/spreadsheet-values.ts';

export type CallList = 'calls' | 'current';

export function callSheetColumns(language: ServerLanguage, list: CallList): SheetColumn[] {
  const c = catalogue(language).calls.export.columns;
  return [
    sheetColumn(c.lift, 'text', 28),
    sheetColumn(c.address, 'text', 28),
    sheetColumn(c.receivedAt, 'datetime', 20),
    sheetColumn(c.acknowledgedAt, 'datetime', 20),
    ...(list === 'calls' ? [sheetColumn(c.endedAt, 'datetime', 20)] : []),
    sheetColumn(list === 'calls' ? c.durationSeconds : c.runningSeconds, 'integer'),
    sheetColumn(c.kind, 'text', 14),
    sheetColumn(c.status, 'text', 14),
    sheetColumn(c.assignee, 'text', 24),
  ];
}

/** A call as a row of callSheetColumns. */
export function callRow(language: ServerLanguage, list: CallList): (call: Call) => ColumnValue[] {
  const { kinds, statuses } = catalogue(language).calls.export;
  return (call) => [
    call.lift.name,
    call.lift.address,
    call.startedAt,
    call.acknowledgedAt,
    ...(list === 'calls' ? [call.endedAt] : []),
    call.durationSeconds,
    kinds[call.kind],
    statuses[call.status],
    call.assignee?.name ?? null,
  ];
}

export const callSheetName = (language: ServerLanguage, list: CallList) =>
  catalogue(language).calls.export.sheets[list];

/** oproepen-2026-03-10 / current-calls-2026-03-10 */
export const callFileName = (language: ServerLanguage, list: CallList, now: Date) =>
  `${catalogue(language).calls.export.files[list]}-${localDay(now)}`;
