// GET /lift/{id}/logbook/export compared row by row with GET /lift/{id}/logbook for the same filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logTypes, type LogbookEntry } from '@liftwacht/contracts/lifts';
import { logbook } from '../../db/schema.ts';
import { csvRecords, listAll, localMoment, xlsxMoment, xlsxRows } from '../../test-support/export-files.ts';
import { insertFourLifts } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// 1,100 logbook lines of one lift (more than one export batch).
let t: TestApp;
let token = '';
let lift: Awaited<ReturnType<typeof insertFourLifts>>;

beforeAll(async () => {
  t = await createTestApp();
  lift = await insertFourLifts(t.database.db, t.fixtures.org);
  const rows = Array.from({ length: 1100 }, (_, i) => ({
    liftId: lift.zuid,
    logType: logTypes[i % logTypes.length] ?? 'check',
    at: new Date(Date.parse('2024-01-01T07:15:00Z') + i * 17 * 3600_000),
    text: `Regel ${i}; "deur" gesmeerd, één veer vervangen`,
  }));
  for (let i = 0; i < rows.length; i += 500) await t.database.db.insert(logbook).values(rows.slice(i, i + 500));
  token = await t.login('test-monteur');
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, as = token) =>
  t.app.inject({ method: 'GET', url: `/liftwacht${url}`, headers: { authorization: `Bearer ${as}` } });

describe('GET /lift/{id}/logbook/export', () => {
  it('CSV (English) holds exactly the lines the logbook shows, newest first, every page', async () => {
    const listed = await listAll<LogbookEntry>(t, token, `/liftwacht/lift/${lift.zuid}/logbook`);
    expect(listed).toHaveLength(1100);
    const res = await get(`/lift/${lift.zuid}/logbook/export?format=csv&language=en-US`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="logbook-lift-${lift.zuid}-2026-03-10.csv"`);
    const [header, ...rows] = csvRecords(res, ',');
    expect(header).toEqual(['Date', 'Kind', 'Description']);
    expect(rows.map((r) => [r[0], r[2]])).toEqual(listed.map((e) => [localMoment(e.at), e.text]));
    expect(rows[listed.findIndex((e) => e.logType === 'periodic_inspection')]?.[1]).toBe('Periodic inspection');
  });

  it('XLSX (Dutch) of one kind in a period has real dates', async () => {
    const filters = 'logType=repair&from=2024-03-01&to=2025-02-28';
    const listed = await listAll<LogbookEntry>(t, token, `/liftwacht/lift/${lift.zuid}/logbook?${filters}`);
    expect(listed.length).toBeGreaterThan(10);
    const [header, ...rows] = await xlsxRows(await get(`/lift/${lift.zuid}/logbook/export?${filters}&format=xlsx`), 3);
    expect(header).toEqual(['Datum', 'Soort', 'Omschrijving']);
    expect(rows).toEqual(listed.map((e) => [xlsxMoment(e.at), 'Reparatie', e.text]));
  });

  it("answers 404 for another organisation's lift", async () => {
    expect((await get(`/lift/${lift.vreemd}/logbook/export?format=csv`)).statusCode).toBe(404);
  });
});
