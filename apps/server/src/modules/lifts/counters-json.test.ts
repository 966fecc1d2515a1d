import { countersResponseSchema, type CounterItem } from '@liftwacht/contracts/lifts';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { countersResponseJson, type PeriodicalCounters, type QuarterHourSeries } from './counters-json.ts';

const head = {
  liftId: 7,
  kind: 'rides',
  interval: '15m',
  from: '2025-10-25',
  to: '2025-10-27',
  timeZone: 'Europe/Amsterdam',
} as const;

/** The plain way: objects, toISOString, JSON.stringify — what the bytes must equal. */
function reference(series: QuarterHourSeries, sum: number): string {
  const items: CounterItem[] = Array.from(series.epochs, (epoch, i) => ({
    start: new Date(Math.floor(Math.round(epoch * 1e6) / 1000)).toISOString(),
    sum: series.sums[i] ?? 0,
  }));
  return JSON.stringify({ data: { ...head, items, sum } });
}

function written(series: QuarterHourSeries, sum: number): string {
  const data: PeriodicalCounters = { ...head, items: series, sum };
  return countersResponseJson(data).toString('utf8');
}

describe('countersResponseJson', () => {
  it('writes a quarter-hour series byte for byte as JSON.stringify writes the items', () => {
    // Quarter hours across days and the end of summer time.
    const start = Date.parse('2025-10-25T21:00:00Z') / 1000;
    const epochs = Array.from({ length: 3 * 96 }, (_, i) => start + i * 900);
    const sums = epochs.map((_, i) => i % 11);
    const json = written({ epochs, sums }, 1234);
    expect(json).toBe(reference({ epochs, sums }, 1234));
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
    expect(written({ epochs, sums }, 0.1 + 0.2)).toBe(reference({ epochs, sums }, 0.1 + 0.2));
  });

  it('returns bytes of their own: a later, shorter response leaves an earlier one as it was', () => {
    const start = Date.parse('2025-10-25T22:00:00Z') / 1000;
    const long = {
      epochs: Array.from({ length: 500 }, (_, i) => start + i * 900),
      sums: Array.from({ length: 500 }, () => 7),
    };
    const first = countersResponseJson({ ...head, items: long, sum: 3500 });
    const second = countersResponseJson({ ...head, items: { epochs: [start], sums: [123] }, sum: 123 });
    expect(first.toString('utf8')).toBe(reference(long, 3500));
    expect(second.toString('utf8')).toBe(reference({ epochs: [start], sums: [123] }, 123));
  });

  it('writes an empty series and calendar items as plain JSON', () => {
    expect(written({ epochs: [], sums: [] }, 0)).toBe(reference({ epochs: [], sums: [] }, 0));
    const items = [{ start: '2026-03-09', sum: 12 }];
    const data: PeriodicalCounters = { ...head, interval: 'week', items, sum: 12 };
    expect(JSON.parse(countersResponseJson(data).toString())).toEqual({
      data: { ...head, interval: 'week', items, sum: 12 },
    });
  });
});
