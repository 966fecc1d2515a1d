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
