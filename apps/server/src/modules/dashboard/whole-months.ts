// Which months a period of local days covers whole: those read the monthly rollup, the rest of the
// days the daily one.

export interface WholeMonths {
  /** First day of the first whole month. */
  first: string;
  /** First day of the last whole month. */
  last: string;
  /** Last day of the last whole month. */
  end: string;
}

const dayMs = 86_400_000;

/** The first day of the month after the month starting `m` (yyyy-mm-01). */
export function nextMonth(m: string): string {
  const year = Number(m.slice(0, 4));
  const month = Number(m.slice(5, 7));
  return month === 12 ? `${String(year + 1)}-01-01` : `${String(year)}-${String(month + 1).padStart(2, '0')}-01`;
}

/** First days of the months first..last (first days themselves). */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let m = first; m <= last; m = nextMonth(m)) months.push(m);
  return months;
}
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Part of one month: its first day, and the first and last day of the part. */
export interface MonthPiece {
  month: string;
  first: string;
  last: string;
  /** Whether the part is the whole month. */
  whole: boolean;
}

/** The days from..to (ISO dates, both included, from <= to) cut at the month boundaries. */
export function monthPieces(from: string, to: string): MonthPiece[] {
  const pieces: MonthPiece[] = [];
  for (let month = `${from.slice(0, 7)}-01`; month <= to; month = nextMonth(month)) {
    const end = isoDay(new Date(Date.parse(`${nextMonth(month)}T00:00:00Z`) - dayMs));
    const first = from > month ? from : month;
    const last = to < end ? to : end;
    pieces.push({ month, first, last, whole: first === month && last === end });
  }
  return pieces;
}

/** The months lying wholly inside from..to (ISO dates, both included); undefined when there is none. */
export function wholeMonths(from: string, to: string): WholeMonths | undefined {
  const start = new Date(`${from}T00:00:00Z`);
  const afterTo = new Date(Date.parse(`${to}T00:00:00Z`) + dayMs);
  const first = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + (start.getUTCDate() === 1 ? 0 : 1), 1);
  // the first day after the last whole month: afterTo itself when it starts a month
  const next = Date.UTC(afterTo.getUTCFullYear(), afterTo.getUTCMonth(), 1);
  const last = new Date(next);
  last.setUTCMonth(last.getUTCMonth() - 1);
  if (last.getTime() < first) return undefined;
  return { first: isoDay(new Date(first)), last: isoDay(last), end: isoDay(new Date(next - dayMs)) };
}

/**
 * A run of whole months that monthly_availability holds as one row: a month (months = 1), a year
 * to date (January and the months after it, 2..12) or the rest of a year (a month from February to
 * November and the months after it up to December). Rows hold running sums, so a block can also
 * be taken away (sign -1).
 */
export interface MonthBlock {
  /** First day of its first month. */
  month: string;
  months: number;
  sign: 1 | -1;
}

/**
 * The whole months first..last (first days of months) as the fewest rollup rows: within one year
 * a year to date, the rest of a year, or one minus another; across years the rest of the first
 * year, whole years and the year to date of the last, so a rolling year is two rows a lift.
 */
export function monthBlocks(whole: WholeMonths): MonthBlock[] {
  const index = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
  const iso = (i: number) =>
    `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}-01`;
  // Months a..b of one year (month indexes); a = January or b = December is one row.
  const withinYear = (a: number, b: number): MonthBlock[] => {
    const january = a - (a % 12);
    if (a === january) return [{ month: iso(a), months: b - a + 1, sign: 1 }];
    if (b % 12 === 11 || a === b) return [{ month: iso(a), months: b - a + 1, sign: 1 }];
    // a year to date less the one before it
    return [
      { month: iso(january), months: b - january + 1, sign: 1 },
      { month: iso(january), months: a - january, sign: -1 },
    ];
  };
  const first = index(whole.first);
  const last = index(whole.last);
  const blocks: MonthBlock[] = [];
  for (let a = first; a <= last; a = a - (a % 12) + 12) {
    blocks.push(...withinYear(a, Math.min(last, a - (a % 12) + 11)));
  }
  return blocks;
}
