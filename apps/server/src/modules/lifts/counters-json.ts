// The periodical counters response as UTF-8 JSON bytes. A year of quarter hours is 35,040 items:
// building them as objects, JSON.stringify and encoding the string took three quarters of the
// call's CPU (profile: stringify 9 ms, garbage collection 10 ms, encoding 3 ms a call), so a
// quarter-hour series is written byte by byte: the closed days' values as the digits PostgreSQL
// printed, the raw buckets' from their numbers. The bytes are exactly what JSON.stringify of the
// contract's shape gives (a test compares them).
import type { CounterItem, CountersResponse } from '@liftwacht/contracts/lifts';
import { integerAt, scanClosedDays, type QuarterHourSeries } from './quarter-hour-series.ts';

type CountersData = CountersResponse['data'];

/** A counters response whose items are either ready objects or a quarter-hour series. */
export type PeriodicalCounters = Omit<CountersData, 'items'> & { items: CounterItem[] | QuarterHourSeries };

const dayMs = 86_400_000;
// toISOString's four-digit years; others take its expanded form, written as a string.
const lastPlainMs = 253_402_300_800_000;
// `{"start":"` + up to 27 characters of date + `","sum":` + a number (at most 24 characters) + `},`
const maxItemBytes = 10 + 27 + 8 + 24 + 2;

const zero = 0x30;

/** Writes `text` (ASCII) at `pos`; returns the position after it. */
function putAscii(buffer: Buffer, pos: number, text: string): number {
  return pos + buffer.write(text, pos, 'latin1');
}

/**
 * Copies a byte run with TypedArray set(), a V8 builtin: a year's series took 3.8–4.0 ms against
 * 5.6–5.8 ms copying byte by byte in JS (Node 20). Buffer.write, by contrast, crosses into C++ and
 * is kept for the rare odd instant.
 */
function put(buffer: Buffer, pos: number, bytes: Uint8Array): number {
  buffer.set(bytes, pos);
  return pos + bytes.length;
}

/** A number as JSON writes it; returns the position after it. */
function putNumber(buffer: Buffer, pos: number, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) return putAscii(buffer, pos, JSON.stringify(value));
  let digits = 1;
  for (let v = value; v >= 10; v = Math.floor(v / 10)) digits++;
  for (let i = digits - 1; i >= 0; i--) {
    buffer[pos + i] = zero + (value % 10);
    value = Math.floor(value / 10);
  }
  return pos + digits;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Writes `{"start":"<instant>","sum":` from two cached runs, `{"start":"yyyy-MM-ddT` (built once per
 * day) and `HH:mm:ss.SSSZ","sum":` (once per time of day). One per response: the runs it keeps
 * are the response's days.
 */
class StartWriter {
  private day = Number.NaN;
  private dayRun = new Uint8Array(0);
  // by minute of the day
  private readonly timeRuns = new Array<Uint8Array | undefined>(1440);

  /** Writes the start of the item for `epoch` (seconds) at `pos`; returns the position after it. */
  put(buffer: Buffer, pos: number, epoch: number): number {
    // Whole microseconds first (what PostgreSQL stores), so float noise never drops a millisecond.
    const ms = Math.floor(Math.round(epoch * 1e6) / 1000);
    if (ms < 0 || ms >= lastPlainMs) return putAscii(buffer, pos, `{"start":"${new Date(ms).toISOString()}","sum":`);
    const d = Math.floor(ms / dayMs);
    if (d !== this.day) {
      this.day = d;
      this.dayRun = Buffer.from(`{"start":"${new Date(d * dayMs).toISOString().slice(0, 11)}`, 'latin1');
    }
    const rest = ms - d * dayMs;
    const wholeMinute = rest % 60_000 === 0;
    let timeRun = wholeMinute ? this.timeRuns[rest / 60_000] : undefined;
    if (!timeRun) {
      const seconds = Math.floor(rest / 1000);
      const time = `${pad(Math.floor(seconds / 3600), 2)}:${pad(Math.floor(seconds / 60) % 60, 2)}:${pad(seconds % 60, 2)}.${pad(rest % 1000, 3)}Z`;
      timeRun = Buffer.from(`${time}","sum":`, 'latin1');
      // Quarter hours repeat 96 times a day; odd instants are not kept.
      if (wholeMinute) this.timeRuns[rest / 60_000] = timeRun;
    }
    return put(buffer, put(buffer, pos, this.dayRun), timeRun);
  }
}

/** Writes the series' items from `pos`, comma-separated; returns the position after them. */
function putSeries(buffer: Buffer, from: number, series: QuarterHourSeries): number {
  const starts = new StartWriter();
  const { text } = series.closed;
  let pos = from;
  scanClosedDays(series.closed, (epoch, digitsFrom, digitsTo) => {
    if (pos > from) buffer[pos++] = 0x2c;
    pos = starts.put(buffer, pos, epoch);
    if (digitsTo - digitsFrom > 15) {
      // what JSON.stringify writes for the number a long one parses to
      pos = putNumber(buffer, pos, integerAt(text, digitsFrom, digitsTo));
    } else {
      for (let i = digitsFrom; i < digitsTo; i++) buffer[pos++] = text.charCodeAt(i);
    }
    buffer[pos++] = 0x7d;
  });
  const { epochs, sums } = series.raw;
  for (let i = 0; i < epochs.length; i++) {
    if (pos > from) buffer[pos++] = 0x2c;
    pos = starts.put(buffer, pos, epochs[i] ?? 0);
    pos = putNumber(buffer, pos, sums[i] ?? 0);
    buffer[pos++] = 0x7d;
  }
  return pos;
}

/**
 * Where a series is written before it is copied out at its exact size. Sized for the longest item,
 * a fresh buffer per call was 2.5 MB for a year's 1.6 MB of JSON: memory outside V8's heap that
 * counts towards its next full collection. Kept between calls (writing is synchronous).
 */
let scratch = Buffer.alloc(0);

/** `{"data": …}` for GET /liftwacht/lift/{id}/counters, in the contract's key order. */
export function countersResponseJson(data: PeriodicalCounters): Buffer {
  const { items, sum, ...head } = data;
  if (Array.isArray(items)) return Buffer.from(JSON.stringify({ data: { ...head, items, sum } }));
  const before = `{"data":${JSON.stringify(head).slice(0, -1)},"items":[`;
  const after = `],"sum":${JSON.stringify(sum)}}}`;
  // Each closed value takes at least two characters of its day's text (digit and separator).
  const itemCount = Math.ceil(items.closed.text.length / 2) + items.raw.epochs.length;
  const most = Buffer.byteLength(before) + itemCount * maxItemBytes + after.length;
  if (scratch.length < most) scratch = Buffer.allocUnsafeSlow(most);
  let pos = scratch.write(before, 0, 'utf8');
  pos = putSeries(scratch, pos, items);
  pos = putAscii(scratch, pos, after);
  const json = Buffer.allocUnsafeSlow(pos);
  scratch.copy(json, 0, 0, pos);
  return json;
}
