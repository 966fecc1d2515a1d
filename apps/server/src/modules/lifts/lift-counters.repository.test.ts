import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { isoFormatter, quarterHourItems } from './lift-counters.repository.ts';

describe('isoFormatter', () => {
  it('writes what toISOString writes, for quarter hours across days and for odd instants', () => {
    const format = isoFormatter();
    const start = Date.parse('2025-10-25T21:00:00Z');
    for (let ms = start; ms < start + 3 * 86_400_000; ms += 900_000) {
      expect(format(ms / 1000)).toBe(new Date(ms).toISOString());
    }
    const rand = seededRandom(7);
    for (let i = 0; i < 2000; i++) {
      const ms = Math.floor(rand() * 4_102_444_800_000);
      expect(format(ms / 1000)).toBe(new Date(ms).toISOString());
    }
    expect(format(-1)).toBe('1969-12-31T23:59:59.000Z');
  });
});

describe('quarterHourItems', () => {
  it('pairs epochs with sums and puts them in time order', () => {
    const t = Date.parse('2026-03-10T09:00:00Z') / 1000;
    expect(quarterHourItems([t + 900, t, t + 1800], [2, 1, 3])).toEqual([
      { start: '2026-03-10T09:00:00.000Z', sum: 1 },
      { start: '2026-03-10T09:15:00.000Z', sum: 2 },
      { start: '2026-03-10T09:30:00.000Z', sum: 3 },
    ]);
    expect(quarterHourItems([], [])).toEqual([]);
  });
});
