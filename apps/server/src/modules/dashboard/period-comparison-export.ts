// Compare periods as a spreadsheet: a row per figure of the page (contracts dashboard-comparison.ts),
// for each pair of periods a column for the current one, the previous one and the change, as the
// page's tables show them. Values stay numbers, in the unit the "Unit" column names: percentages
// truncated to two decimals and changes in percentage points, as the page prints them (98.996 is
// 98.99, never 99); durations in minutes or hours with two decimals, so Excel can sum, average and
// chart them (text like the page's "1:05:00" would not compute, and Excel reads it as a time of
// day, wrong past 24 hours); counts whole. An undefined figure (no calls, no events) is an empty
// cell rather than the page's dash, so a column still sums.
import { comparedFigures, figureChange, type ComparedFigure } from '@liftwacht/contracts/dashboard-comparison';
import { localDay } from '../../lib/local-day.ts';
import { catalogue, interpolate, type ServerLanguage } from '../../lib/server-i18n.ts';
import { sheetColumn, type ColumnValue, type SheetColumn } from '../../lib/spreadsheet-values.ts';
import type { ComparedPair } from './period-comparison.service.ts';
import { periodLabel } from './period-label.ts';

const texts = (language: ServerLanguage) => catalogue(language).dashboard.compareExport;

export function comparisonColumns(language: ServerLanguage, pairs: readonly ComparedPair[]): SheetColumn[] {
  const { columns } = texts(language);
  return [
    sheetColumn(columns.figure, 'text', 40),
    sheetColumn(columns.unit, 'text', 10),
    ...pairs.flatMap(({ current, previous }) => {
      const now = periodLabel(current.from, current.to, language);
      const before = periodLabel(previous.from, previous.to, language);
      return [
        sheetColumn(now, 'number'),
        sheetColumn(before, 'number'),
        sheetColumn(interpolate(columns.change, { current: now, previous: before }), 'number'),
      ];
    }),
  ];
}

/** A figure's cells: label, unit, then per pair the current value, the previous value and the change. */
export function comparisonRow(language: ServerLanguage, pairs: readonly ComparedPair[]) {
  const { figures, units } = texts(language);
  return (figure: ComparedFigure): ColumnValue[] => [
    figures[figure.key],
    units[figure.unit],
    ...pairs.flatMap(({ current, previous }) => [
      inUnit(figure, figure.value(current.stats)),
      inUnit(figure, figure.value(previous.stats)),
      inUnit(figure, figureChange(figure, current.stats, previous.stats)),
    ]),
  ];
}

/** The figures, in the page's order, as the writer's one batch (it empties the batch it writes). */
export async function* comparisonBatches() {
  await Promise.resolve();
  yield [...comparedFigures];
}

export const comparisonSheetName = (language: ServerLanguage) => texts(language).sheet;

/** periodes-vergelijken-2026-03-10 / compare-periods-2026-03-10 */
export const comparisonFileName = (language: ServerLanguage, now: Date) => `${texts(language).file}-${localDay(now)}`;

/** A value (or a change) of the figure in its spreadsheet unit. */
export function inUnit(figure: ComparedFigure, value: number | null): number | null {
  if (value === null) return null;
  switch (figure.unit) {
    case 'percent':
      return truncated(value);
    case 'count':
      return value;
    case 'minutes':
      return rounded(value / 60);
    case 'hours':
      return rounded(value / 3600);
  }
}

/** Two decimals cut off as the page does (formatTruncated), after removing float noise (99.17 as 99.16999…). */
const truncated = (value: number) => Math.trunc(Math.round(value * 1e8) / 1e6) / 100 || 0;

const rounded = (value: number) => Math.round(value * 100) / 100 || 0;
