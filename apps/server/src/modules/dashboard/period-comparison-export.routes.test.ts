// GET /stats/compare/export compared cell by cell with GET /stats for each period it names, read
// back as a user's software reads it (csv-parse, exceljs), in Dutch and English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeriodStats } from '@liftwacht/contracts/dashboard';
import { refreshAvailabilityRollup } from '../../db/rollups/availability-rollup.ts';
import { calls, events, lifts } from '../../db/schema.ts';
import { csvRecords, xlsxRows } from '../../test-support/export-files.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z. Two lifts with calls and outages in January and February 2026,
// nothing in 2025: month, quarter and year each against the previous one, as the page pairs them.
const pairs = [
  ['2026-02-01', '2026-02-28', '2026-01-01', '2026-01-31'],
  ['2026-01-01', '2026-03-31', '2025-10-01', '2025-12-31'],
  ['2026-01-01', '2026-12-31', '2025-01-01', '2025-12-31'],
] as const;
const periodsParam = pairs.map(([a, b, c, d]) => `${a}/${b},${c}/${d}`).join(',');

// The rows the page shows, in its order, with the unit each has in the file and how to read it.
type Unit = 'percent' | 'count' | 'minutes' | 'hours';
const rows: [nl: string, en: string, unit: Unit, value: (s: PeriodStats) => number | null][] = [
  ['Beschikbaarheid liften', 'Lift availability', 'percent', (s) => s.liftAvailability.percentage],
  ['Beschikbaarheid intercom', 'Intercom availability', 'percent', (s) => s.intercomAvailability.percentage],
  ['Aantal afkeuringen', 'Number of rejections', 'count', (s) => s.approvalRejected.count],
  ['Verlopen liftkeuringen', 'Expired lift inspections', 'count', (s) => s.approvalExpired.count],
  ['Onderhoudsbezoek eerder', 'Maintenance visit earlier', 'count', (s) => s.maintenanceBeforeInterval.count],
  ['Onderhoudsbezoek op tijd', 'Maintenance visit on time', 'count', (s) => s.maintenanceOnInterval.count],
  ['Onderhoudsbezoek later', 'Maintenance visit later', 'count', (s) => s.maintenanceAfterInterval.count],
  ['Onderhoudsinterval overschreden', 'Maintenance interval exceeded', 'count', (s) => s.maintenanceExpired.lift_count],
  ['Opsluitingen', 'Entrapments', 'count', (s) => s.entrapments.count],
  [
    'Tijd tot bevestiging (mediaan)',
    'Time to acknowledge (median)',
    'minutes',
    (s) => s.timeToAcknowledge.medianSeconds,
  ],
  [
    'Tijd tot bevestiging (90e percentiel)',
    'Time to acknowledge (90th percentile)',
    'minutes',
    (s) => s.timeToAcknowledge.p90Seconds,
  ],
  ['Tijd tot bevrijding (mediaan)', 'Time to free (median)', 'minutes', (s) => s.timeToFree.medianSeconds],
  ['Tijd tot bevrijding (90e percentiel)', 'Time to free (90th percentile)', 'minutes', (s) => s.timeToFree.p90Seconds],
  ['Aandeel loos alarm', 'False-alarm share', 'percent', (s) => s.falseAlarmShare.percentage],
  ['Onbeschikbaarheden', 'Unavailability events', 'count', (s) => s.unavailabilityEvents.count],
  ['MTBF (gem. tijd tussen storingen)', 'MTBF (mean time between failures)', 'hours', (s) => s.mtbf.seconds],
  ['MTTR (gem. hersteltijd)', 'MTTR (mean time to restore)', 'hours', (s) => s.mttr.seconds],
];

const unitNames = {
  nl: { percent: '%', count: 'aantal', minutes: 'minuten', hours: 'uren' },
  en: { percent: '%', count: 'count', minutes: 'minutes', hours: 'hours' },
};

/** A value as the file must hold it: percentages cut to two decimals as the page prints them, durations in minutes or hours. */
function expected(unit: Unit, value: number | null): number | null {
  if (value === null) return null;
  if (unit === 'percent')
    return Number(
      new Intl.NumberFormat('en', { maximumFractionDigits: 2, roundingMode: 'trunc', useGrouping: false }).format(
        value,
      ),
    );
  if (unit === 'minutes') return Math.round((value / 60) * 100) / 100;
  if (unit === 'hours') return Math.round((value / 3600) * 100) / 100;
  return value;
}

let t: TestApp;
let token = '';
let owner = 0;
const statsByPeriod = new Map<string, PeriodStats>();

beforeAll(async () => {
  t = await createTestApp();
  owner = t.fixtures.org.owner;
  const db = t.database.db;
  const made = await db
    .insert(lifts)
    .values(
      ['Lift A', 'Lift B'].map((name) => ({
        organisationId: owner,
        name,
        address: `${name}straat 1`,
        liftType: 'MRL',
      })),
    )
    .returning({ id: lifts.id });
  const [a = 0, b = 0] = made.map((row) => row.id);
  const at = (iso: string, plusSeconds = 0) => new Date(Date.parse(iso) + plusSeconds * 1000);
  const call = (liftId: number, startedAt: string, kind: string, ack: number, freed?: number) => ({
    liftId,
    startedAt: at(startedAt),
    kind,
    status: 'ended',
    acknowledgedAt: at(startedAt, ack),
    passengerFreedAt: freed === undefined ? null : at(startedAt, freed),
    endedAt: at(startedAt, 3600),
  });
  await db
    .insert(calls)
    .values([
      call(a, '2026-01-05T10:00:00Z', 'entrapment', 45, 700),
      call(a, '2026-01-12T10:00:00Z', 'false_alarm', 20),
      call(b, '2026-01-20T10:00:00Z', 'entrapment', 95, 1333),
      call(a, '2026-02-03T10:00:00Z', 'entrapment', 61, 601),
      call(b, '2026-02-05T10:00:00Z', 'entrapment', 125, 1207),
      call(b, '2026-02-09T10:00:00Z', 'other', 30),
    ]);
  const outage = (liftId: number, startedAt: string, seconds: number, type = 'unavailable') => ({
    liftId,
    type,
    startedAt: at(startedAt),
    endedAt: at(startedAt, seconds),
  });
  await db
    .insert(events)
    .values([
      outage(a, '2026-01-07T09:00:00Z', 5000),
      outage(b, '2026-02-02T08:00:00Z', 7213),
      outage(b, '2026-02-18T10:00:00Z', 1777),
      outage(a, '2026-02-19T10:00:00Z', 3333, 'intercom_unavailable'),
    ]);
  // Availability reads the rollup the ingest path keeps; rows inserted here bring it up to date.
  await refreshAvailabilityRollup(db, 'unavailable');
  await refreshAvailabilityRollup(db, 'intercom_unavailable');
  token = await t.login('test-user');
  for (const [from, to] of pairs.flatMap(([a1, b1, c1, d1]) => [
    [a1, b1],
    [c1, d1],
  ])) {
    const res = await get(`/stats?organisationId=${owner}&from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    statsByPeriod.set(`${from}/${to}`, res.json<{ data: PeriodStats }>().data);
  }
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, as = token) =>
  t.app.inject({ method: 'GET', url: `/liftwacht${url}`, headers: { authorization: `Bearer ${as}` } });

const exportUrl = (format: string, language: string) =>
  `/stats/compare/export?organisationId=${owner}&periods=${periodsParam}&format=${format}&language=${language}`;

function statsOf(from: string, to: string): PeriodStats {
  const stats = statsByPeriod.get(`${from}/${to}`);
  if (!stats) throw new Error(`no /stats answer for ${from}/${to}`);
  return stats;
}

/** The file's body as the API's figures say it must be: per row the label, unit and per pair now, before, change. */
function expectedBody(language: 'nl' | 'en') {
  return rows.map(([nl, en, unit, value]) => [
    language === 'nl' ? nl : en,
    unitNames[language][unit],
    ...pairs.flatMap(([a, b, c, d]) => {
      const now = value(statsOf(a, b));
      const before = value(statsOf(c, d));
      return [
        expected(unit, now),
        expected(unit, before),
        now === null || before === null ? null : expected(unit, now - before),
      ];
    }),
  ]);
}

const fromCsv = (cell: string) => (cell === '' ? null : Number(cell.replace(',', '.')));

describe('GET /stats/compare/export', () => {
  it('CSV (Dutch) holds every figure of the page per period and the change, as GET /stats answers them', async () => {
    const res = await get(exportUrl('csv', 'nl'));
    expect(res.headers['content-disposition']).toBe('attachment; filename="periodes-vergelijken-2026-03-10.csv"');
    const [header, ...body] = csvRecords(res, ';');
    expect(header).toEqual([
      'Gegeven',
      'Eenheid',
      'februari 2026',
      'januari 2026',
      'Verandering februari 2026 t.o.v. januari 2026',
      'Q1 2026',
      'Q4 2025',
      'Verandering Q1 2026 t.o.v. Q4 2025',
      '2026',
      '2025',
      'Verandering 2026 t.o.v. 2025',
    ]);
    // Dutch decimals with a comma, as Dutch Excel reads them.
    expect(body.flat().some((cell) => /^-?\d+,\d+$/.test(cell))).toBe(true);
    expect(body.flat().some((cell) => /\d\.\d/.test(cell))).toBe(false);
    expect(body.map(([label = '', unit = '', ...cells]) => [label, unit, ...cells.map(fromCsv)])).toEqual(
      expectedBody('nl'),
    );
  });

  it('XLSX (English) holds the same figures as real numbers, empty where a figure is undefined', async () => {
    const [header, ...body] = await xlsxRows(await get(exportUrl('xlsx', 'en-GB')), 11);
    expect(header).toEqual([
      'Figure',
      'Unit',
      'February 2026',
      'January 2026',
      'Change February 2026 vs January 2026',
      'Q1 2026',
      'Q4 2025',
      'Change Q1 2026 vs Q4 2025',
      '2026',
      '2025',
      'Change 2026 vs 2025',
    ]);
    expect(body).toEqual(expectedBody('en'));
    // The world has what the comparison is about: figures that differ, and some undefined in 2025.
    const [, , feb, jan] = body.find(([label]) => label === 'Time to free (median)') ?? [];
    expect(feb).toBeTypeOf('number');
    expect(feb).not.toBe(jan);
    expect(body.find(([label]) => label === 'MTTR (mean time to restore)')?.[6]).toBeNull();
    const [, , febAvailability, janAvailability] = body.find(([label]) => label === 'Lift availability') ?? [];
    expect(febAvailability).toBeLessThan(100);
    expect(febAvailability).not.toBe(janAvailability);
  });

  it('writes a CSV with commas in English, and the single-lift filter as /stats takes it', async () => {
    const res = await get(
      `/stats/compare/export?organisationId=${owner}&periods=2026-02-01/2026-02-28&periods=2026-01-01/2026-01-31&format=csv&language=en-US`,
    );
    const [header, ...body] = csvRecords(res, ',');
    expect(header?.slice(2)).toEqual(['February 2026', 'January 2026', 'Change February 2026 vs January 2026']);
    expect(body).toHaveLength(rows.length);
  });

  it('answers as /stats for another organisation (404), for a client-light user (403), and names a bad periods field', async () => {
    const stranger = t.fixtures.org.stranger;
    const statsAnswer = await get(`/stats?organisationId=${stranger}&from=2026-02-01&to=2026-02-28`);
    const exportAnswer = await get(
      `/stats/compare/export?organisationId=${stranger}&periods=${periodsParam}&format=csv`,
    );
    expect(exportAnswer.statusCode).toBe(404);
    expect(exportAnswer.json()).toEqual(statsAnswer.json());

    const light = await t.login('test-client');
    expect((await get(`/stats?organisationId=${owner}&from=2026-02-01&to=2026-02-28`, light)).statusCode).toBe(403);
    expect((await get(exportUrl('xlsx', 'nl'), light)).statusCode).toBe(403);

    for (const periods of [
      '2026-02-01/2026-02-28',
      '2026-02-01/2026-02-30,2026-01-01/2026-01-31',
      '2026-02-28/2026-02-01,2026-01-01/2026-01-31',
      // Not begun yet on the test clock's 10 March 2026.
      '2026-04-01/2026-04-30,2026-03-01/2026-03-31',
    ]) {
      const bad = await get(`/stats/compare/export?organisationId=${owner}&periods=${periods}&format=csv`);
      expect(bad.statusCode, periods).toBe(400);
      expect(bad.json(), periods).toMatchObject({ error: { field: 'periods' } });
    }
  });
});
