// GET /lift/{id}/visits/export compared row by row with GET /lift/{id}/visits for the same filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitRoles, visitStates, visitTypes, type Visit } from '@liftwacht/contracts/visits';
import { visits } from '../../db/schema.ts';
import {
  csvRecords,
  exportTestWorld,
  getWithToken,
  listAll,
  localMoment,
  xlsxMoment,
  xlsxRows,
  type FourLifts,
} from '../../test-support/export-files.ts';
import type { TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z. 1,300 visits to one lift (more than one export batch).
let t: TestApp;
let token = '';
let lift: FourLifts;

beforeAll(async () => {
  ({ t, token, lift } = await exportTestWorld(visits, (lifts) =>
    Array.from({ length: 1300 }, (_, i) => {
      const startedAt = new Date(Date.parse('2025-06-01T06:00:00Z') + i * 4 * 3600_000);
      const state = visitStates[i % visitStates.length] ?? 'finished';
      return {
        liftId: lifts.noord,
        type: visitTypes[i % visitTypes.length] ?? 'maintenance',
        role: visitRoles[i % visitRoles.length] ?? 'mechanic',
        state,
        startedAt,
        endedAt: state === 'progress' ? null : new Date(startedAt.getTime() + (30 + (i % 50)) * 60_000),
        person: i % 5 === 0 ? null : `Monteur ${i % 7}`,
        remarks: i % 11 === 0 ? '=SUM(A1:A2) nagekeken' : null,
      };
    }),
  ));
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, as = token) => getWithToken(t, url, as);

describe('GET /lift/{id}/visits/export', () => {
  it('CSV (Dutch) holds exactly the visits the list shows, newest first, every page; formulas neutralised', async () => {
    const listed = await listAll<Visit>(t, token, `/liftwacht/lift/${lift.noord}/visits`);
    expect(listed).toHaveLength(1300);
    const res = await get(`/lift/${lift.noord}/visits/export?format=csv`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="bezoeken-lift-${lift.noord}-2026-03-10.csv"`,
    );
    const [header, ...rows] = csvRecords(res, ';');
    expect(header).toEqual(['Type', 'Rol', 'Toestand', 'Start', 'Einde', 'Duur (s)', 'Persoon', 'Opmerkingen']);
    expect(rows.map((r) => [r[3], r[4], r[5], r[6], r[7]])).toEqual(
      listed.map((v) => [
        localMoment(v.startedAt),
        localMoment(v.endedAt),
        String(v.durationSeconds),
        v.person ?? '',
        v.remarks === null ? '' : `'${v.remarks}`,
      ]),
    );
    const states = { timeout: 'Verlopen', progress: 'Bezig', finished: 'Afgerond', canceled: 'Geannuleerd' };
    expect(rows.map((r) => r[2])).toEqual(listed.map((v) => states[v.state]));
  });

  it('XLSX (English) of a filtered list has real dates', async () => {
    const filters = 'type=maintenance&from=2025-07-01&to=2025-12-31';
    const listed = await listAll<Visit>(t, token, `/liftwacht/lift/${lift.noord}/visits?${filters}`);
    expect(listed.length).toBeGreaterThan(10);
    const [header, ...rows] = await xlsxRows(
      await get(`/lift/${lift.noord}/visits/export?${filters}&format=xlsx&language=en-GB`),
      8,
    );
    expect(header?.[0]).toBe('Type');
    expect(rows).toEqual(
      listed.map((v) => [
        'Maintenance',
        expect.any(String) as unknown,
        expect.any(String) as unknown,
        xlsxMoment(v.startedAt),
        xlsxMoment(v.endedAt),
        v.durationSeconds,
        v.person,
        v.remarks === null ? null : `'${v.remarks}`,
      ]),
    );
  });

  it("answers 404 for another organisation's lift", async () => {
    expect((await get(`/lift/${lift.vreemd}/visits/export?format=csv`)).statusCode).toBe(404);
  });
});
