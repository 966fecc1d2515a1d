// A lift's quarter hours as the repository reads them: the closed days still in the text PostgreSQL
// printed their bigint arrays in, the raw buckets after them as numbers. A year is 35,040 buckets;
// turning the closed days' text into numbers (JSON.parse of a rewritten copy, then typed arrays)
// and the numbers back into digits for the response was a third of the call and most of its
// garbage, so the response copies the digits as they are (counters-json.ts).

/** The closed days' arrays' text, concatenated ("{1,NULL,3}{4,5}"), and each day's first instant. */
export interface ClosedDaysText {
  /** Epoch seconds of each day's first quarter hour; element i is i quarter hours after it. */
  starts: readonly number[];
  text: string;
}

/** Quarter hours in time order: the closed days first, then the raw buckets after them. */
export interface QuarterHourSeries {
  closed: ClosedDaysText;
  /** Epoch seconds of the raw buckets and their values, in time order. */
  raw: { epochs: Float64Array | readonly number[]; sums: Float64Array | readonly number[] };
}

const quarterHourSeconds = 900;
const comma = 0x2c;
const closeBrace = 0x7d;
const nullStart = 0x4e; // N

/**
 * Calls `visit` for every non-null element of the closed days in time order, with its bucket's epoch
 * seconds and where its digits are in the text ([from, to)). The text is a run of `{…}` arrays of
 * integers and NULLs without spaces or quotes, as PostgreSQL prints bigint[].
 */
export function scanClosedDays(closed: ClosedDaysText, visit: (epoch: number, from: number, to: number) => void): void {
  const { text, starts } = closed;
  const end = text.length;
  let pos = 0;
  for (const dayStart of starts) {
    // past '{'
    pos++;
    if (text.charCodeAt(pos) === closeBrace) {
      pos++;
      continue;
    }
    for (let element = 0; pos < end; element++) {
      const from = pos;
      let c = text.charCodeAt(pos);
      // (past the end charCodeAt is NaN: a text shorter than its days ends the scan, never loops)
      while (c !== comma && c !== closeBrace && pos < end) c = text.charCodeAt(++pos);
      if (text.charCodeAt(from) !== nullStart) visit(dayStart + element * quarterHourSeconds, from, pos);
      pos++;
      if (c === closeBrace) break;
    }
  }
}

/** The integer whose digits are text[from, to). */
export function integerAt(text: string, from: number, to: number): number {
  // Beyond 15 digits a double may not hold it: Number() rounds as JSON.parse would.
  if (to - from > 15) return Number(text.slice(from, to));
  const negative = text.charCodeAt(from) === 0x2d;
  let value = 0;
  for (let i = negative ? from + 1 : from; i < to; i++) value = value * 10 + (text.charCodeAt(i) - 0x30);
  return negative ? -value : value;
}

/** Calls `visit` for every bucket of the series in time order. */
export function forEachQuarterHour(series: QuarterHourSeries, visit: (epoch: number, sum: number) => void): void {
  const { text } = series.closed;
  scanClosedDays(series.closed, (epoch, from, to) => visit(epoch, integerAt(text, from, to)));
  const { epochs, sums } = series.raw;
  for (let i = 0; i < epochs.length; i++) visit(epochs[i] ?? 0, sums[i] ?? 0);
}

/** Every bucket of the series as numbers: its starts (epoch seconds) and values, in time order. */
export function quarterHourBuckets(series: QuarterHourSeries): { epochs: number[]; sums: number[] } {
  const epochs: number[] = [];
  const sums: number[] = [];
  forEachQuarterHour(series, (epoch, sum) => {
    epochs.push(epoch);
    sums.push(sum);
  });
  return { epochs, sums };
}

/** The sum of every bucket of the series. */
export function quarterHourTotal(series: QuarterHourSeries): number {
  let total = 0;
  forEachQuarterHour(series, (_, sum) => {
    total += sum;
  });
  return total;
}
