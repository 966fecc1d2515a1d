// Alarm handling and reliability figures (contracts dashboard.ts alarmFiguresSchema) through GET
// /stats and /stats/details, against a small fleet whose every figure is worked out by hand below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmFigures, StatsDetailItem } from '@liftwacht/contracts/dashboard';
import { calls, events, lifts } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z. February 2026 in Amsterdam (CET, UTC+1) runs from
// 2026-01-31T23:00Z to 2026-02-28T23:00Z: 28 days = 2,419,200 s.
//
// Lift A: entrapments a1 (TTA 60, TTF 600), a2 (120, 1200), a3 (300, never freed), a7 (240, 900;
//   23:30 local on 28 February, inside); a4 false alarm; a5 test; a6 an entrapment at 23:30 local
//   on 31 January (outside). Unavailable: 2 h and 30 min in the period, one that began on 31
//   January (outside).
// Lift B: b1 entrapment never acknowledged, b2 (TTA 30, TTF 150), b3 other, b4 b5 false alarms,
//   b6 test. Unavailable: 3 days from 27 February (ends in March: counted whole) and one still open.
// Lift C, decommissioned on 15 February (in service 14 days): c1 entrapment acknowledged 5 s
//   *before* it started (TTA 0), freed after 60 s. Unavailable: 1 h and 10 min.
// Lift D, decommissioned on 1 February: nothing of it counts.
// Lift E: nothing happened; in service all month.
//
// Fleet: entrapments 7. TTA over [0, 30, 60, 120, 240, 300]: median at rank 3.5 = 90, p90 at rank
// 5.5 = 270. TTF over [60, 150, 600, 900, 1200]: median 600, p90 at rank 4.6 = 900 + 0.6·300 =
// 1080. Calls except tests 11, false alarms 3: 27.27… %. Unavailability events 6, ended 5: MTTR
// (7200 + 1800 + 259200 + 3600 + 600) / 5 = 54480. In service 3 × 2,419,200 + 1,209,600 =
// 8,467,200: MTBF / 6 = 1,411,200.
let t: TestApp;
const id = { A: 0, B: 0, C: 0, D: 0, E: 0 };
const feb = 'from=2026-02-01&to=2026-02-28';
const month = 2_419_200;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const make = async (name: string, values: Partial<typeof lifts.$inferInsert> = {}) => {
    const [row] = await db
      .insert(lifts)
      .values({ organisationId: t.fixtures.org.owner, name, address: `${name}straat 1`, liftType: 'MRL', ...values })
      .returning({ id: lifts.id });
    return row?.id ?? 0;
  };
  id.A = await make('Lift A');
  id.B = await make('Lift B');
  id.C = await make('Lift C', { decommissionedOn: '2026-02-15' });
  id.D = await make('Lift D', { decommissionedOn: '2026-02-01' });
  id.E = await make('Lift E');

  const at = (iso: string, plusSeconds = 0) => new Date(Date.parse(iso) + plusSeconds * 1000);
  const call = (liftId: number, startedAt: string, kind: string, ack?: number, freed?: number) => ({
    liftId,
    startedAt: at(startedAt),
    kind,
    status: ack === undefined ? 'received' : 'ended',
    acknowledgedAt: ack === undefined ? null : at(startedAt, ack),
    passengerFreedAt: freed === undefined ? null : at(startedAt, freed),
    endedAt: ack === undefined ? null : at(startedAt, 1800),
  });
  await db
    .insert(calls)
    .values([
      call(id.A, '2026-02-03T10:00:00Z', 'entrapment', 60, 600),
      call(id.A, '2026-02-05T10:00:00Z', 'entrapment', 120, 1200),
      call(id.A, '2026-02-07T10:00:00Z', 'entrapment', 300),
      call(id.A, '2026-02-08T10:00:00Z', 'false_alarm', 10),
      call(id.A, '2026-02-09T10:00:00Z', 'test', 1),
      call(id.A, '2026-01-31T22:30:00Z', 'entrapment', 5000, 6000),
      call(id.A, '2026-02-28T22:30:00Z', 'entrapment', 240, 900),
      call(id.B, '2026-02-10T10:00:00Z', 'entrapment'),
      call(id.B, '2026-02-11T10:00:00Z', 'entrapment', 30, 150),
      call(id.B, '2026-02-12T10:00:00Z', 'other', 20),
      call(id.B, '2026-02-13T10:00:00Z', 'false_alarm', 20),
      call(id.B, '2026-02-14T10:00:00Z', 'false_alarm', 20),
      call(id.B, '2026-02-15T10:00:00Z', 'test', 1),
      call(id.C, '2026-02-20T10:00:00Z', 'entrapment', -5, 60),
      call(id.D, '2026-02-03T10:00:00Z', 'entrapment', 7, 8),
    ]);
  const unavailable = (liftId: number, startedAt: string, seconds?: number) => ({
    liftId,
    type: 'unavailable',
    startedAt: at(startedAt),
    endedAt: seconds === undefined ? null : at(startedAt, seconds),
  });
  await db.insert(events).values([
    unavailable(id.A, '2026-02-02T08:00:00Z', 7200),
    unavailable(id.A, '2026-02-20T08:00:00Z', 1800),
    unavailable(id.A, '2026-01-31T20:00:00Z', 50_400),
    { ...unavailable(id.A, '2026-02-21T08:00:00Z', 999), type: 'intercom_unavailable' },
    unavailable(id.B, '2026-02-27T12:00:00Z', 259_200),
    unavailable(id.B, '2026-02-25T12:00:00Z'),
    unavailable(id.C, '2026-02-10T00:00:00Z', 3600),
    unavailable(id.C, '2026-02-12T00:00:00Z', 600),
    unavailable(id.D, '2026-02-05T00:00:00Z', 600),
    // March, to date: one event, still open.
    unavailable(id.A, '2026-03-05T10:00:00Z'),
  ]);
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string, username = 'test-user') => {
  const token = await t.login(username);
  const res = await t.app.inject({
    method: 'GET',
    url: `/liftwacht${url}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, res };
};
const org = () => t.fixtures.org.owner;
const figures = async (query: string) => {
  const res = await get(`/stats?organisationId=${org()}&${query}`);
  expect(res.status).toBe(200);
  return res.res.json<{ data: AlarmFigures }>().data;
};
const details = async (type: string, query = feb) => {
  const res = await get(`/stats/details?type=${type}&organisationId=${org()}&${query}`);
  expect(res.status, type).toBe(200);
  return res.res.json<{ data: { items: StatsDetailItem[] } }>().data.items.map((i) => [i.name, i.value, i.unit]);
};

describe('alarm figures in GET /stats', () => {
  it('computes the fleet figures of a finished period', async () => {
    const data = await figures(feb);
    expect(data).toMatchObject({
      entrapments: { count: 7 },
      timeToAcknowledge: { count: 6, medianSeconds: 90, p90Seconds: 270 },
      timeToFree: { count: 5, medianSeconds: 600, p90Seconds: 1080 },
      falseAlarmShare: { falseAlarms: 3, calls: 11 },
      unavailabilityEvents: { count: 6 },
      mttr: { count: 5, seconds: 54_480 },
      mtbf: { seconds: 1_411_200, inServiceSeconds: 3 * month + 1_209_600 },
    });
    expect(data.falseAlarmShare.percentage).toBeCloseTo(300 / 11, 9);
  });

  it('computes one lift, and leaves undefined figures null rather than 0', async () => {
    const a = await figures(`${feb}&liftId=${id.A}`);
    expect(a).toMatchObject({
      entrapments: { count: 4 },
      // [60, 120, 240, 300]: median 180, p90 at rank 3.7 = 240 + 0.7·60
      timeToAcknowledge: { count: 4, medianSeconds: 180 },
      // [600, 900, 1200]: p90 at rank 2.8 = 900 + 0.8·300
      timeToFree: { count: 3, medianSeconds: 900, p90Seconds: 1140 },
      falseAlarmShare: { percentage: 20, falseAlarms: 1, calls: 5 },
      unavailabilityEvents: { count: 2 },
      mttr: { count: 2, seconds: 4500 },
      mtbf: { seconds: month / 2, inServiceSeconds: month },
    });
    expect(a.timeToAcknowledge.p90Seconds).toBeCloseTo(282, 9);

    expect(await figures(`${feb}&liftId=${id.E}`)).toEqual(
      expect.objectContaining({
        entrapments: { count: 0 },
        timeToAcknowledge: { count: 0, medianSeconds: null, p90Seconds: null },
        timeToFree: { count: 0, medianSeconds: null, p90Seconds: null },
        falseAlarmShare: { percentage: null, falseAlarms: 0, calls: 0 },
        unavailabilityEvents: { count: 0 },
        mttr: { count: 0, seconds: null },
        mtbf: { seconds: null, inServiceSeconds: month },
      }),
    );
  });

  it('counts a running period up to now, and an open event as a failure without a restore time', async () => {
    // 1 March 00:00 local (28 February 23:00Z) to 10 March 09:00Z: 9 days and 10 hours, lifts A, B, E.
    const soFar = 9 * 86_400 + 10 * 3600;
    const data = await figures('from=2026-03-01&to=2026-03-31');
    expect(data).toMatchObject({
      entrapments: { count: 0 },
      unavailabilityEvents: { count: 1 },
      mttr: { count: 0, seconds: null },
      mtbf: { seconds: 3 * soFar, inServiceSeconds: 3 * soFar },
    });
  });

  it('keeps the figures from roles without period statistics', async () => {
    expect((await get(`/stats?organisationId=${org()}&${feb}`, 'test-client')).status).toBe(403);
  });
});

describe('alarm figures in GET /stats/details', () => {
  it('lists the lifts behind each figure with their value, the worst first', async () => {
    expect(await details('entrapments')).toEqual([
      ['Lift A', 4, 'count'],
      ['Lift B', 2, 'count'],
      ['Lift C', 1, 'count'],
    ]);
    expect(await details('timeToAcknowledge')).toEqual([
      ['Lift A', 180, 'seconds'],
      ['Lift B', 30, 'seconds'],
      ['Lift C', 0, 'seconds'],
    ]);
    expect(await details('timeToFree')).toEqual([
      ['Lift A', 900, 'seconds'],
      ['Lift B', 150, 'seconds'],
      ['Lift C', 60, 'seconds'],
    ]);
    expect(await details('falseAlarmShare')).toEqual([
      ['Lift B', 40, 'percentage'],
      ['Lift A', 20, 'percentage'],
      ['Lift C', 0, 'percentage'],
    ]);
    expect(await details('unavailabilityEvents')).toEqual([
      ['Lift A', 2, 'count'],
      ['Lift B', 2, 'count'],
      ['Lift C', 2, 'count'],
    ]);
    // MTBF: the shortest first (C was in service 14 days).
    expect(await details('mtbf')).toEqual([
      ['Lift C', 604_800, 'seconds'],
      ['Lift A', 1_209_600, 'seconds'],
      ['Lift B', 1_209_600, 'seconds'],
    ]);
    expect(await details('mttr')).toEqual([
      ['Lift B', 259_200, 'seconds'],
      ['Lift A', 4500, 'seconds'],
      ['Lift C', 2100, 'seconds'],
    ]);
    expect(await details('mttr', 'from=2026-03-01&to=2026-03-31')).toEqual([]);
    expect(await details('unavailabilityEvents', 'from=2026-03-01&to=2026-03-31')).toEqual([['Lift A', 1, 'count']]);
  });

  it('needs a period and period statistics', async () => {
    const missing = await get(`/stats/details?type=mttr&organisationId=${org()}`);
    expect(missing.status).toBe(400);
    expect(missing.res.json()).toMatchObject({ error: { field: 'from' } });
    expect((await get(`/stats/details?type=mttr&organisationId=${org()}&${feb}`, 'test-client')).status).toBe(403);
    expect((await get(`/stats/details?type=mttr&organisationId=${org()}&${feb}`, 'test-stranger')).status).toBe(404);
  });
});
