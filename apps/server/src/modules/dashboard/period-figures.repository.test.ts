// The maintenance figures of a period (DESIGN §4: on time within ±10 % of the interval, a gap
// overdue from 110 % on) come from maintenance_gaps in one pass. Here they are checked against the
// rules written out plainly, on random visits and periods, including periods that end after now.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { localDayEndSql, localDayStartSql } from '../../db/local-time-sql.ts';
import { lifts, organisations, visits } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { PeriodFiguresRepository, type PeriodFigure } from './period-figures.repository.ts';
import type { BusinessPeriod } from './stats-scope.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const dayMs = 86_400_000;

interface Visit {
  liftId: number;
  at: number;
  id: number;
}

/** The figures per lift as DESIGN §4 states them, from the visits in (time, id) order. */
function expected(
  visitsByLift: Map<number, Visit[]>,
  intervalDays: Map<number, number>,
  start: number,
  end: number,
): Map<string, { count: number; value: number | null }> {
  const result = new Map<string, { count: number; value: number | null }>();
  const add = (liftId: number, figure: PeriodFigure, value: number | null = null) => {
    const key = `${String(liftId)}:${figure}`;
    const row = result.get(key) ?? { count: 0, value: null };
    row.count += 1;
    if (value !== null) row.value = Math.max(row.value ?? value, value);
    result.set(key, row);
  };
  for (const [liftId, list] of visitsByLift) {
    const days = intervalDays.get(liftId) ?? 0;
    list.forEach((visit, k) => {
      const previous = list[k - 1];
      const next = list[k + 1];
      if (visit.at >= start && visit.at < end) {
        add(liftId, 'maintenanceVisits');
        if (previous) {
          const gap = (visit.at - previous.at) / 1000;
          if (gap < days * 0.9 * 86_400) add(liftId, 'maintenanceBeforeInterval');
          else if (gap > days * 1.1 * 86_400) add(liftId, 'maintenanceAfterInterval');
          else add(liftId, 'maintenanceOnInterval');
        }
      }
      const overdueFrom = visit.at + days * 1.1 * dayMs;
      const gapEnd = next ? next.at : end;
      const until = Math.min(gapEnd, end);
      if (overdueFrom < until && gapEnd > start) {
        add(liftId, 'maintenanceExpired', Math.floor((until - overdueFrom) / dayMs));
      }
    });
  }
  return result;
}

describe('period maintenance figures', () => {
  it('follow the rules on random visits, periods and interval lengths', async () => {
    const db = database.db;
    const [org] = await db.insert(organisations).values({ name: 'Figuren', type: 'owner' }).returning();
    const organisationId = org?.id ?? 0;
    const rand = seededRandom(11);
    const intervalDays = new Map<number, number>();
    for (let i = 0; i < 12; i++) {
      const days = [30, 60, 90, 91][Math.floor(rand() * 4)] ?? 90;
      const [lift] = await db
        .insert(lifts)
        .values({ organisationId, name: `Lift ${String(i)}`, address: 'Straat 1', maintenanceIntervalDays: days })
        .returning();
      intervalDays.set(lift?.id ?? 0, days);
    }
    const base = Date.parse('2025-01-01T00:00:00Z');
    const rows: (typeof visits.$inferInsert)[] = [];
    for (const liftId of intervalDays.keys()) {
      let at = base + Math.floor(rand() * 60) * dayMs;
      while (at < base + 700 * dayMs) {
        const finished = rand() < 0.85;
        rows.push({
          liftId,
          type: 'maintenance',
          role: 'mechanic',
          state: finished ? 'finished' : 'canceled',
          startedAt: new Date(at),
        });
        // around the interval, sometimes far too early or late, sometimes on the same moment
        const days = intervalDays.get(liftId) ?? 90;
        at += rand() < 0.05 ? 0 : Math.floor(days * (0.5 + rand() * 1.3) * dayMs + rand() * 7200e3);
      }
    }
    await db.insert(visits).values(rows);
    const stored = await sqlRows<{ id: number; liftId: number; at: string }>(
      db,
      sql`select id::int as id, lift_id as "liftId", started_at::text as at from visits
          where type = 'maintenance' and state = 'finished' order by lift_id, started_at, id`,
    );
    const byLift = new Map<number, Visit[]>();
    for (const v of stored) {
      const list = byLift.get(v.liftId) ?? [];
      list.push({ liftId: v.liftId, at: Date.parse(v.at), id: v.id });
      byLift.set(v.liftId, list);
    }

    const repository = new PeriodFiguresRepository(db);
    const now = new Date('2026-09-15T10:30:00Z');
    const periods: BusinessPeriod[] = [
      { from: '2025-01-01', to: '2025-12-31', startHour: 7, endHour: 19 },
      { from: '2025-03-30', to: '2025-10-26', startHour: 7, endHour: 19 },
      { from: '2026-09-01', to: '2026-09-30', startHour: 7, endHour: 19 },
      { from: '2026-10-01', to: '2026-12-31', startHour: 7, endHour: 19 },
    ];
    for (let i = 0; i < 6; i++) {
      const from = new Date(base + Math.floor(rand() * 600) * dayMs).toISOString().slice(0, 10);
      const to = new Date(Date.parse(from) + Math.floor(rand() * 200) * dayMs).toISOString().slice(0, 10);
      periods.push({ from, to, startHour: 7, endHour: 19 });
    }
    const seen = new Set<string>();
    for (const p of periods) {
      const [bounds] = await sqlRows<{ start: string; end: string }>(
        db,
        sql`select ${localDayStartSql(p.from)}::text as start, ${localDayEndSql(p.to)}::text as end`,
      );
      const start = Date.parse(bounds?.start ?? '');
      const end = Math.min(Date.parse(bounds?.end ?? ''), now.getTime());
      const want = expected(byLift, intervalDays, start, end);
      const got = new Map(
        (await repository.figures({ organisationId }, p, now))
          .filter((r) => r.figure.startsWith('maintenance'))
          .map((r) => [
            `${String(r.liftId)}:${r.figure}`,
            { count: r.count, value: r.figure === 'maintenanceExpired' ? Number(r.value) : null },
          ]),
      );
      expect(got, `${p.from}..${p.to}`).toEqual(want);
      for (const key of want.keys()) seen.add(key.split(':')[1] ?? '');

      const totals = await repository.totals({ organisationId }, p, now);
      for (const figure of [
        'maintenanceBeforeInterval',
        'maintenanceOnInterval',
        'maintenanceAfterInterval',
        'maintenanceVisits',
        'maintenanceExpired',
      ] as const) {
        const rowsOf = [...want].filter(([key]) => key.endsWith(`:${figure}`)).map(([, row]) => row);
        const total = totals.find((t) => t.figure === figure);
        expect(total?.count ?? 0, `${figure} ${p.from}..${p.to}`).toBe(rowsOf.reduce((n, r) => n + r.count, 0));
        expect(total?.lifts ?? 0, `${figure} lifts ${p.from}..${p.to}`).toBe(rowsOf.length);
      }
    }
    // the random fleet reaches every figure, so none is compared only as "nothing"
    expect([...seen].sort()).toEqual([
      'maintenanceAfterInterval',
      'maintenanceBeforeInterval',
      'maintenanceExpired',
      'maintenanceOnInterval',
      'maintenanceVisits',
    ]);
  });
});
