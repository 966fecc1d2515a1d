// GET /calls/export and /calls/current/export compared row by row with GET /calls and
// /calls/current for the same filters and order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callKinds, type Call, type CurrentCall } from '@liftwacht/contracts/calls';
import { calls } from '../../db/schema.ts';
import {
  csvRecords,
  exportTestWorld,
  getWithToken,
  listAll,
  localMoment,
  xlsxMoment,
  xlsxRows,
} from '../../test-support/export-files.ts';
import type { TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z. 1,500 calls over two lifts of the owner (more than one export
// batch), 150 of them still running; and a running call of another organisation.
let t: TestApp;
let token = '';
let owner = 0;
const base = Date.parse('2026-01-01T00:00:00Z');

beforeAll(async () => {
  ({ t, token } = await exportTestWorld(calls, (lift) => [
    ...Array.from({ length: 1500 }, (_, i) => {
      const startedAt = new Date(base + i * 53 * 60_000);
      const running = i % 10 === 0;
      const acknowledged = i % 3 !== 0;
      return {
        liftId: i % 2 === 0 ? lift.noord : lift.zuid,
        kind: callKinds[i % callKinds.length] ?? 'other',
        status: running ? (acknowledged ? 'acknowledged' : 'received') : 'ended',
        startedAt,
        acknowledgedAt: acknowledged ? new Date(startedAt.getTime() + 20_000) : null,
        endedAt: running ? null : new Date(startedAt.getTime() + (i % 13) * 60_000 + 30_000),
      };
    }),
    { liftId: lift.vreemd, kind: 'entrapment', status: 'received', startedAt: new Date(base) },
  ]));
  owner = t.fixtures.org.owner;
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, as = token) => getWithToken(t, url, as);

describe('GET /calls/export', () => {
  it('CSV (Dutch) holds exactly the rows of the list for its filters and order, every page', async () => {
    const filters = `organisationId=${owner}&from=2026-01-05&to=2026-02-20&kinds=entrapment,test,other&sort=duration&order=desc`;
    const listed = await listAll<Call>(t, token, `/liftwacht/calls?${filters}`);
    expect(listed.length).toBeGreaterThan(700);
    const res = await get(`/calls/export?${filters}&format=csv`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="oproepen-2026-03-10.csv"');
    const [header, ...rows] = csvRecords(res, ';');
    expect(header).toEqual([
      'Lift',
      'Adres',
      'Ontvangen',
      'Bevestigd',
      'Beëindigd',
      'Duur (s)',
      'Soort',
      'Status',
      'Toegewezen aan',
    ]);
    const kinds = { entrapment: 'Opsluiting', false_alarm: 'Loos alarm', test: 'Test', other: 'Overig' };
    const statuses = { received: 'Ontvangen', acknowledged: 'Bevestigd', ended: 'Beëindigd' };
    expect(rows).toEqual(
      listed.map((c) => [
        c.lift.name,
        c.lift.address,
        localMoment(c.startedAt),
        localMoment(c.acknowledgedAt),
        localMoment(c.endedAt),
        String(c.durationSeconds),
        kinds[c.kind],
        statuses[c.status],
        c.assignee?.name ?? '',
      ]),
    );
  });

  it('XLSX (English) has real dates and numbers', async () => {
    const filters = `organisationId=${owner}&sort=lift&order=asc`;
    const listed = await listAll<Call>(t, token, `/liftwacht/calls?${filters}`);
    const res = await get(`/calls/export?${filters}&format=xlsx&language=en-US`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="alarm-calls-2026-03-10.xlsx"');
    const [header, ...rows] = await xlsxRows(res, 9);
    expect(header?.slice(0, 6)).toEqual(['Lift', 'Address', 'Received', 'Acknowledged', 'Ended', 'Duration (s)']);
    const kinds = { entrapment: 'Entrapment', false_alarm: 'False alarm', test: 'Test', other: 'Other' };
    const statuses = { received: 'Received', acknowledged: 'Acknowledged', ended: 'Ended' };
    expect(rows).toEqual(
      listed.map((c) => [
        c.lift.name,
        c.lift.address,
        xlsxMoment(c.startedAt),
        xlsxMoment(c.acknowledgedAt),
        xlsxMoment(c.endedAt),
        c.durationSeconds,
        kinds[c.kind],
        statuses[c.status],
        c.assignee?.name ?? null,
      ]),
    );
    expect(rows).toHaveLength(1500);
  });

  it('answers 404 for another organisation, 400 for a reversed period', async () => {
    expect((await get(`/calls/export?organisationId=${t.fixtures.org.stranger}&format=csv`)).statusCode).toBe(404);
    expect(
      (await get(`/calls/export?organisationId=${owner}&format=csv&from=2026-03-02&to=2026-03-01`)).statusCode,
    ).toBe(400);
  });
});

describe('GET /calls/current/export', () => {
  it('holds exactly the current calls, longest running first, as the page lists them', async () => {
    const listed = await listAll<CurrentCall>(t, token, `/liftwacht/calls/current?organisationId=${owner}`);
    expect(listed).toHaveLength(150);
    const res = await get(`/calls/current/export?organisationId=${owner}&format=csv&language=en-GB`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="current-calls-2026-03-10.csv"');
    const [header, ...rows] = csvRecords(res, ',');
    expect(header).toEqual([
      'Lift',
      'Address',
      'Received',
      'Acknowledged',
      'Running for (s)',
      'Kind',
      'Status',
      'Assigned to',
    ]);
    expect(rows.map((r) => [r[2], r[4]])).toEqual(
      listed.map((c) => [localMoment(c.startedAt), String(c.runningSeconds)]),
    );
    const xlsx = await xlsxRows(await get(`/calls/current/export?organisationId=${owner}&format=xlsx`), 8);
    expect(xlsx.slice(1).map((r) => r[2])).toEqual(listed.map((c) => xlsxMoment(c.startedAt)));
  });

  it('answers 404 for another organisation and 403 for client-light (no current calls)', async () => {
    expect((await get(`/calls/current/export?organisationId=${t.fixtures.org.stranger}&format=csv`)).statusCode).toBe(
      404,
    );
    const light = await t.login('test-client');
    expect((await get(`/calls/current/export?organisationId=${owner}&format=csv`, light)).statusCode).toBe(403);
  });
});
