import { countersResponseSchema, type CounterItem } from '@liftwacht/contracts/lifts';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { countersResponseJson, type PeriodicalCounters } from './counters-json.ts';
import type { QuarterHourSeries } from './quarter-hour-series.ts';

const head = {
  liftId: 7,
  kind: 'rides',
  interval: '15m',
  from: '2025-10-25',
  to: '2025-10-27',
  timeZone: 'Europe/Amsterdam',
} as const;

interface Buckets {
  epochs: readonly number[];
  sums: readonly number[];
}

const noClosedDays = { starts: [], text: '' };

/**
 * The plain way: the closed days' text parsed as JSON, objects, toISOString, JSON.stringify — what
 * the bytes must equal.
 */
function reference(series: QuarterHourSeries, sum: number): string {
  const { starts, text } = series.closed;
  const days =
    text === ''
      ? []
      : (JSON.parse(`[[${text.slice(1, -1).replaceAll('}{', '],[').replaceAll('NULL', 'null')}]]`) as (
          number | null
        )[][]);
  const buckets: [number, number][] = [];
  days.forEach((values, d) =>
    values.forEach((value, i) => {
      if (value !== null) buckets.push([(starts[d] ?? 0) + i * 900, value]);
    }),
  );
  series.raw.epochs.forEach((epoch, i) => buckets.push([epoch, series.raw.sums[i] ?? 0]));
  const items: CounterItem[] = buckets.map(([epoch, value]) => ({
    start: new Date(Math.floor(Math.round(epoch * 1e6) / 1000)).toISOString(),
    sum: value,
  }));
  return JSON.stringify({ data: { ...head, items, sum } });
}

function written(series: QuarterHourSeries, sum: number): string {
  const data: PeriodicalCounters = { ...head, items: series, sum };
  return countersResponseJson(data).toString('utf8');
}

/** Raw buckets only, as for days not closed yet. */
const raw = ({ epochs, sums }: Buckets): QuarterHourSeries => ({ closed: noClosedDays, raw: { epochs, sums } });

describe('countersResponseJson', () => {
  it('writes a quarter-hour series byte for byte as JSON.stringify writes the items', () => {
    // Quarter hours across days and the end of summer time.
    const start = Date.parse('2025-10-25T21:00:00Z') / 1000;
    const epochs = Array.from({ length: 3 * 96 }, (_, i) => start + i * 900);
    const sums = epochs.map((_, i) => i % 11);
    const json = written(raw({ epochs, sums }), 1234);
    expect(json).toBe(reference(raw({ epochs, sums }), 1234));
    const parsed = countersResponseSchema.parse(JSON.parse(json));
    expect(parsed.data.items[4]).toEqual({ start: '2025-10-25T22:00:00.000Z', sum: 4 });
  });

  it('agrees on random instants and values, including odd and extreme ones', () => {
    const rand = seededRandom(11);
    const epochs: number[] = [];
    const sums: number[] = [];
    for (let i = 0; i < 3000; i++) {
      epochs.push(Math.floor(rand() * 4_102_444_800_000) / 1000);
      const pick = rand();
      sums.push(
        pick < 0.5
          ? Math.floor(rand() * 1000)
          : pick < 0.6
            ? rand() * 1e6
            : pick < 0.7
              ? -Math.floor(rand() * 1000)
              : pick < 0.8
                ? Number.MAX_SAFE_INTEGER + 2
                : pick < 0.9
                  ? 1e21 * rand()
                  : 0,
      );
    }
    // Before 1970, the last plain year and toISOString's expanded years.
    epochs.push(-1, -86_400.5, 253_402_300_799.999, 253_402_300_800, 8.64e12);
    sums.push(1, 2, 3, 4, 5);
    expect(written(raw({ epochs, sums }), 0.1 + 0.2)).toBe(reference(raw({ epochs, sums }), 0.1 + 0.2));
  });

  it("copies the closed days' values as PostgreSQL printed them, nulls left out, then the raw buckets", () => {
    const rand = seededRandom(23);
    // Local days around both DST changes: 96 quarter hours, 92 in spring, 100 in autumn.
    const days = [
      { start: Date.parse('2026-03-27T23:00:00Z') / 1000, length: 96 },
      { start: Date.parse('2026-03-28T23:00:00Z') / 1000, length: 92 },
      { start: Date.parse('2026-03-29T22:00:00Z') / 1000, length: 0 },
      { start: Date.parse('2025-10-25T22:00:00Z') / 1000, length: 100 },
      { start: Date.parse('2025-10-26T23:00:00Z') / 1000, length: 1 },
    ];
    const value = () => {
      const pick = rand();
      if (pick < 0.3) return 'NULL';
      if (pick < 0.35) return String(-Math.floor(rand() * 1000));
      // beyond what a double holds exactly, and bigint's extremes
      if (pick < 0.38)
        return ['9007199254740993', '9223372036854775807', '-9223372036854775808'][Math.floor(rand() * 3)];
      if (pick < 0.4) return String(Math.floor(rand() * 1e15));
      return String(Math.floor(rand() * 60));
    };
    const text = days.map((day) => `{${Array.from({ length: day.length }, value).join(',')}}`).join('');
    const series: QuarterHourSeries = {
      closed: { starts: days.map((day) => day.start), text },
      raw: { epochs: [Date.parse('2026-04-01T10:15:00Z') / 1000], sums: [4] },
    };
    const json = written(series, 99);
    expect(json).toBe(reference(series, 99));
    const items = countersResponseSchema.parse(JSON.parse(json)).data.items;
    expect(items.length).toBeGreaterThan(150);
    expect(items.at(-1)).toEqual({ start: '2026-04-01T10:15:00.000Z', sum: 4 });
    // Only closed days, as when the period ends before the last closed day.
    const closedOnly = { ...series, raw: { epochs: [], sums: [] } };
    expect(written(closedOnly, 1)).toBe(reference(closedOnly, 1));
  });

  it('returns bytes of their own: a later, shorter response leaves an earlier one as it was', () => {
    const start = Date.parse('2025-10-25T22:00:00Z') / 1000;
    const long = {
      epochs: Array.from({ length: 500 }, (_, i) => start + i * 900),
      sums: Array.from({ length: 500 }, () => 7),
    };
    const short = raw({ epochs: [start], sums: [123] });
    const first = countersResponseJson({ ...head, items: raw(long), sum: 3500 });
    const second = countersResponseJson({ ...head, items: short, sum: 123 });
    expect(first.toString('utf8')).toBe(reference(raw(long), 3500));
    expect(second.toString('utf8')).toBe(reference(short, 123));
  });

  it('writes an empty series and calendar items as plain JSON', () => {
    const empty = raw({ epochs: [], sums: [] });
    expect(written(empty, 0)).toBe(reference(empty, 0));
    const items = [{ start: '2026-03-09', sum: 12 }];
    const data: PeriodicalCounters = { ...head, interval: 'week', items, sum: 12 };
    expect(JSON.parse(countersResponseJson(data).toString())).toEqual({
      data: { ...head, interval: 'week', items, sum: 12 },
    });
  });
});
