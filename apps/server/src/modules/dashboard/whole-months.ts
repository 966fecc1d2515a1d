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
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

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

/** A run of whole months that monthly_availability holds as one row: a month, quarter or year. */
export interface MonthBlock {
  /** First day of its first month. */
  month: string;
  months: 1 | 3 | 12;
}

/**
 * The whole months first..last (first days of months) as the fewest rollup blocks: calendar years
 * and quarters where they fit, single months around them.
 */
export function monthBlocks(whole: WholeMonths): MonthBlock[] {
  const index = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
  const iso = (i: number) =>
    `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}-01`;
  const last = index(whole.last);
  const blocks: MonthBlock[] = [];
  for (let i = index(whole.first); i <= last;) {
    const months = i % 12 === 0 && i + 11 <= last ? 12 : i % 3 === 0 && i + 2 <= last ? 3 : 1;
    blocks.push({ month: iso(i), months });
    i += months;
  }
  return blocks;
}
