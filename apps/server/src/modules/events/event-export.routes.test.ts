// GET /events/export compared row by row with GET /events for the same filters and order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiftEvent } from '@liftwacht/contracts/events';
import { eventTypes } from '@liftwacht/contracts/event-types';
import { events } from '../../db/schema.ts';
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

// Test clock: 2026-03-10T09:00:00Z. 2,400 events over two lifts of the owner (more than two
// export batches), a third of them still open; and one event of another organisation.
let t: TestApp;
let token = '';
let owner = 0;
const base = Date.parse('2026-01-01T00:00:00Z');

beforeAll(async () => {
  ({ t, token } = await exportTestWorld(events, (lift) => [
    ...Array.from({ length: 2400 }, (_, i) => {
      const startedAt = new Date(base + i * 41 * 60_000);
      const open = i % 3 === 0;
      return {
        liftId: i % 2 === 0 ? lift.noord : lift.zuid,
        type: eventTypes[i % eventTypes.length] ?? 'unavailable',
        startedAt,
        endedAt: open ? null : new Date(startedAt.getTime() + (i % 17) * 60_000 + 1000),
        closed: !open,
        floor: i % 4 === 0 ? null : i % 9,
      };
    }),
    { liftId: lift.vreemd, type: 'unavailable', startedAt: new Date('2026-03-01T00:00:00Z') },
  ]));
  owner = t.fixtures.org.owner;
});

afterAll(async () => {
  await t.close();
});

const exportOf = (query: string, as = token) => getWithToken(t, `/events/export?${query}`, as);

describe('GET /events/export', () => {
  it('CSV (Dutch) holds exactly the rows of the list for its filters and order, every page', async () => {
    const filters = `organisationId=${owner}&showClosed=true&from=2026-01-10&to=2026-03-01&sort=duration&order=asc`;
    const listed = await listAll<LiftEvent>(t, token, `/liftwacht/events?${filters}`);
    expect(listed.length).toBeGreaterThan(1000);
    const res = await exportOf(`${filters}&format=csv`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="gebeurtenissen-2026-03-10.csv"');
    const [header, ...rows] = csvRecords(res, ';');
    expect(header).toEqual(['Type', 'Lift', 'Adres', 'Verdieping', 'Start', 'Einde', 'Duur (s)', 'Status']);
    expect(rows).toEqual(
      listed.map((e): unknown[] => [
        expect.any(String) as unknown,
        e.lift.name,
        e.lift.address,
        e.floor === null ? '' : String(e.floor),
        localMoment(e.startedAt),
        localMoment(e.endedAt),
        String(e.durationSeconds),
        e.closed ? 'Gesloten' : 'Open',
      ]),
    );
    const unavailable = listed.flatMap((e, i) => (e.type === 'unavailable' ? [rows[i]?.[0]] : []));
    expect(new Set(unavailable)).toEqual(new Set(['Lift buiten gebruik']));
  });

  it('XLSX (English) has real dates and numbers and the list of the type filter', async () => {
    const filters = `organisationId=${owner}&types=unavailable,battery,en627_door_closing_fault&sort=lift&order=desc`;
    const listed = await listAll<LiftEvent>(t, token, `/liftwacht/events?${filters}`);
    expect(listed.length).toBeGreaterThan(50);
    const res = await exportOf(`${filters}&format=xlsx&language=en-GB`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="events-2026-03-10.xlsx"');
    const [header, ...rows] = await xlsxRows(res, 8);
    expect(header).toEqual(['Type', 'Lift', 'Address', 'Floor', 'Start', 'End', 'Duration (s)', 'Status']);
    const labels = { unavailable: 'Lift out of service', battery: 'Alarm phone battery low' } as Record<string, string>;
    expect(rows).toEqual(
      listed.map((e) => [
        labels[e.type] ?? 'Door closing fault',
        e.lift.name,
        e.lift.address,
        e.floor,
        xlsxMoment(e.startedAt),
        xlsxMoment(e.endedAt),
        e.durationSeconds,
        e.closed ? 'Closed' : 'Open',
      ]),
    );
  });

  it('answers the header only when nothing matches, 404 for another organisation, 403 without events.view, 400 for a bad format', async () => {
    const none = csvRecords(
      await exportOf(`organisationId=${owner}&types=battery&onlyUnavailability=true&format=csv&language=en-US`),
      ',',
    );
    expect(none).toHaveLength(1);
    expect((await exportOf(`organisationId=${t.fixtures.org.stranger}&format=csv`)).statusCode).toBe(404);
    const light = await t.login('test-client');
    expect((await exportOf(`organisationId=${owner}&format=csv`, light)).statusCode).toBe(403);
    expect((await exportOf(`organisationId=${owner}&format=pdf`)).statusCode).toBe(400);
    expect((await exportOf(`organisationId=${owner}&format=csv&from=2026-03-02&to=2026-03-01`)).statusCode).toBe(400);
  });
});
