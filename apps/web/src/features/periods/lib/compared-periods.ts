// The two periods the compare-periods page puts side by side (issue 41): a unit (month, quarter,
// year or custom ranges), the period and the one it is compared with, as kept in the URL. A period
// still running is compared over the days it has had: "1–4 dec vs 1–4 nov", the same days of the
// other period, unless the user asks for the whole periods, which are then marked as partial.
import { addDays, differenceInCalendarDays, parseISO } from 'date-fns';
import { periodProblem, type PeriodProblem } from '@liftwacht/contracts/periods';
import { toIsoDate } from '../../../lib/dates.ts';
import { calendarPeriod, type CalendarUnit, type Period, type PeriodUnit } from './period-range.ts';

export const comparedUnitChoices: readonly PeriodUnit[] = ['month', 'quarter', 'year', 'custom'];

/** How far back the period lists reach: five years of months, ten of quarters, twenty years. */
export const calendarChoices: Record<CalendarUnit, number> = { month: 60, quarter: 40, year: 20 };

/** `sameDays`: a running period against the same days of the other; `whole`: both whole, marked partial. */
export type RunningPeriodRule = 'sameDays' | 'whole';

export interface Range {
  from: string;
  to: string;
}

export interface ComparedChoice {
  unit: PeriodUnit;
  first: Range;
  second: Range;
  running: RunningPeriodRule;
}

/** What is wrong with a custom range: PeriodProblem, or a range that has not begun yet. */
export type RangeProblem = PeriodProblem | 'future';

/** The choice as compared: the ranges asked, possibly cut to the same days; which ones are partial. */
export interface ComparedRanges {
  first: Range & { partial: boolean };
  second: Range & { partial: boolean };
  /** Both were cut to the days the running period has had (running rule sameDays). */
  sameDays: boolean;
  /** Which period is still running (the first when both are); null when both are over. */
  running: 'first' | 'second' | null;
}

const monthsPerUnit: Record<CalendarUnit, number> = { month: 1, quarter: 3, year: 12 };
const monthIndex = (date: Date) => date.getFullYear() * 12 + date.getMonth();

/** The month, quarter or year holding `day`. */
export function calendarPeriodOf(unit: CalendarUnit, day: string, today: Date): Period {
  const months = monthsPerUnit[unit];
  const offset = Math.floor(monthIndex(parseISO(day)) / months) - Math.floor(monthIndex(today) / months);
  return calendarPeriod(unit, offset, today);
}

/** The periods the lists offer for a unit, the current one first. */
export function calendarOptions(unit: CalendarUnit, today: Date): Period[] {
  return Array.from({ length: calendarChoices[unit] }, (_, i) => calendarPeriod(unit, -i, today));
}

/** Month against the month before, as the page opens. */
export function defaultChoice(today: Date): ComparedChoice {
  return { unit: 'month', ...calendarPair('month', today), running: 'sameDays' };
}

function calendarPair(unit: CalendarUnit, today: Date): { first: Range; second: Range } {
  const { from, to } = calendarPeriod(unit, 0, today);
  const previous = calendarPeriod(unit, -1, today);
  return { first: { from, to }, second: { from: previous.from, to: previous.to } };
}

/** Another unit: its current period against the previous one; custom ranges start from what was shown. */
export function changeUnit(choice: ComparedChoice, unit: PeriodUnit, today: Date): ComparedChoice {
  if (unit === 'custom') return { ...choice, unit };
  return { ...choice, unit, ...calendarPair(unit, today) };
}

export function rangeProblem(range: Range, today: Date): RangeProblem | null {
  const problem = periodProblem(range.from, range.to);
  if (problem !== null) return problem;
  return range.from > toIsoDate(today) ? 'future' : null;
}

const rangePattern = /^(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/;

const parseRange = (value: string | null): Range | null => {
  const match = value === null ? null : rangePattern.exec(value);
  return match?.[1] && match[2] ? { from: match[1], to: match[2] } : null;
};

export const formatRange = (range: Range) => `${range.from}/${range.to}`;

/**
 * The choice a URL holds (`unit`, `period`, `compareWith` as yyyy-MM-dd/yyyy-MM-dd, `running`);
 * anything missing or unusable falls back to the default, a calendar period snaps to its unit, and
 * a custom range is kept as typed (the page says what is wrong with it).
 */
export function choiceFromSearch(search: URLSearchParams, today: Date): ComparedChoice {
  const fallback = defaultChoice(today);
  const unit = comparedUnitChoices.find((u) => u === search.get('unit')) ?? fallback.unit;
  const running: RunningPeriodRule = search.get('running') === 'whole' ? 'whole' : 'sameDays';
  const first = parseRange(search.get('period'));
  const second = parseRange(search.get('compareWith'));
  if (unit === 'custom') {
    return first && second ? { unit, first, second, running } : { ...fallback, unit, running };
  }
  const pair = calendarPair(unit, today);
  const snap = (range: Range | null, otherwise: Range): Range => {
    if (!range || periodProblem(range.from, range.from) !== null || range.from > toIsoDate(today)) return otherwise;
    const { from, to } = calendarPeriodOf(unit, range.from, today);
    return { from, to };
  };
  return { unit, first: snap(first, pair.first), second: snap(second, pair.second), running };
}

export function choiceToSearch(choice: ComparedChoice): URLSearchParams {
  const search = new URLSearchParams({
    unit: choice.unit,
    period: formatRange(choice.first),
    compareWith: formatRange(choice.second),
  });
  if (choice.running === 'whole') search.set('running', 'whole');
  return search;
}

/** The day `days` after `from`, but not beyond `to`. */
const dayWithin = (from: string, days: number, to: string) => {
  const day = toIsoDate(addDays(parseISO(from), days));
  return day < to ? day : to;
};

/** The same point in another calendar period: as many months and the same day of the month (31 → 30 Nov). */
function sameDayIn(unit: PeriodUnit, running: Range, other: Range, today: string): string {
  if (unit === 'custom')
    return dayWithin(other.from, differenceInCalendarDays(parseISO(today), parseISO(running.from)), other.to);
  const start = parseISO(running.from);
  const now = parseISO(today);
  const otherStart = parseISO(other.from);
  const months = monthIndex(now) - monthIndex(start);
  const month = new Date(otherStart.getFullYear(), otherStart.getMonth() + months, 1);
  const lastDay = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
  const day = toIsoDate(new Date(month.getFullYear(), month.getMonth(), Math.min(now.getDate(), lastDay)));
  return day < other.to ? day : other.to;
}

// A period whose last day is today still runs: the day is not over.
const isRunning = (range: Range, today: string) => range.from <= today && today <= range.to;

/**
 * What is compared: a period still running is cut to today and the other to the same days
 * (rule sameDays), or both stay whole and the running one is marked partial (rule whole).
 */
export function comparedRanges(choice: ComparedChoice, today: Date): ComparedRanges {
  const day = toIsoDate(today);
  const firstRuns = isRunning(choice.first, day);
  const secondRuns = isRunning(choice.second, day);
  if (!firstRuns && !secondRuns) {
    return {
      first: { ...choice.first, partial: false },
      second: { ...choice.second, partial: false },
      sameDays: false,
      running: null,
    };
  }
  const runningOne = firstRuns ? 'first' : 'second';
  if (choice.running === 'whole') {
    return {
      first: { ...choice.first, partial: firstRuns },
      second: { ...choice.second, partial: secondRuns },
      sameDays: false,
      running: runningOne,
    };
  }
  // The running one (the first, when both run) sets how many days both get.
  const [running, other] = firstRuns ? [choice.first, choice.second] : [choice.second, choice.first];
  const cutRunning = { from: running.from, to: day };
  const cutOther = { from: other.from, to: sameDayIn(choice.unit, running, other, day) };
  const [first, second] = firstRuns ? [cutRunning, cutOther] : [cutOther, cutRunning];
  return {
    first: { ...first, partial: false },
    second: { ...second, partial: false },
    sameDays: true,
    running: runningOne,
  };
}
