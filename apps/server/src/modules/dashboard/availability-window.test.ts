// The business window of a long period is read a year at a time (bounded statements, so PGlite's
// thread lets requests in between), and the pieces together are exactly the window one statement
// over the whole period gives: every business hour, across daylight-saving changes, up to now.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { AvailabilityRepository, windowPieceDays, windowPieces } from './availability.repository.ts';
import type { BusinessPeriod } from './stats-scope.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The window in one statement over the whole period, as the repository read it before pieces. */
async function oneStatement(p: BusinessPeriod, until: Date) {
  const [row] = await sqlRows<{ ranges: string | null; seconds: number; hours: number }>(
    database.db,
    sql`select range_agg(tstzrange(h, least(h + interval '1 hour', ${until.toISOString()}::timestamptz)))::text as ranges,
               coalesce(sum(extract(epoch from least(h + interval '1 hour', ${until.toISOString()}::timestamptz) - h)), 0)::float8 as seconds,
               count(*)::int as hours
        from generate_series((${p.from}::date)::timestamp at time zone 'Europe/Amsterdam',
                             ((${p.to}::date) + 1)::timestamp at time zone 'Europe/Amsterdam' - interval '1 hour',
                             interval '1 hour') as h
        where h < ${until.toISOString()}::timestamptz
          and extract(hour from h at time zone 'Europe/Amsterdam') >= ${p.startHour}
          and extract(hour from h at time zone 'Europe/Amsterdam') < ${p.endHour}`,
  );
  return row;
}

async function sameMultirange(a: string | null, b: string | null): Promise<boolean> {
  const [row] = await sqlRows<{ same: boolean }>(
    database.db,
    sql`select ${a}::tstzmultirange is not distinct from ${b}::tstzmultirange as same`,
  );
  return row?.same ?? false;
}

describe('the business window of a long period', () => {
  it('cuts ten years into consecutive pieces of at most a year', () => {
    const pieces = windowPieces({ from: '2016-12-05', to: '2026-12-04', startHour: 7, endHour: 19 });
    expect(pieces).toHaveLength(10);
    expect(pieces[0]?.from).toBe('2016-12-05');
    expect(pieces.at(-1)?.to).toBe('2026-12-04');
    for (const [i, piece] of pieces.entries()) {
      const days = (Date.parse(piece.to) - Date.parse(piece.from)) / 86_400_000 + 1;
      expect(days).toBeLessThanOrEqual(windowPieceDays);
      const next = pieces[i + 1];
      if (next) expect(Date.parse(next.from) - Date.parse(piece.to)).toBe(86_400_000);
    }
    expect(windowPieces({ from: '2026-03-01', to: '2026-03-01', startHour: 7, endHour: 19 })).toHaveLength(1);
  });

  it.each([
    ['ten finished years, hours 7–19', { from: '2016-01-01', to: '2025-12-31', startHour: 7, endHour: 19 }],
    [
      'ten years up to now, all day (pieces touch)',
      { from: '2016-03-11', to: '2026-03-10', startHour: 0, endHour: 24 },
    ],
    [
      'two years over four DST changes, hours 6–22',
      { from: '2024-03-01', to: '2026-02-28', startHour: 6, endHour: 22 },
    ],
  ])('equals one statement over %s', async (_, p) => {
    const now = new Date('2026-03-10T09:20:00Z');
    const repository = new AvailabilityRepository(database.db);
    const window = await repository.window(p, now);
    const finished = now.getTime() >= Date.parse(`${p.to}T00:00:00Z`) + 86_400_000;
    const until = finished ? now : new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000);
    const reference = await oneStatement(p, until);
    expect(await sameMultirange(window.ranges, reference?.ranges ?? null)).toBe(true);
    expect(window.starts.length).toBe(reference?.hours);
    // the current hour counts up to now only
    const rest = finished ? 0 : (until.getTime() - now.getTime()) / 1000;
    expect(window.seconds).toBeCloseTo((reference?.seconds ?? 0) - rest, 6);
    expect([...window.starts].every((start, i) => i === 0 || start > (window.starts[i - 1] ?? 0))).toBe(true);
  });
});
