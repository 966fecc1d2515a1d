// Issue 17, DESIGN §7 "history is kept": a lift decommissioned on day D leaves the current view once
// D has come (Europe/Amsterdam) and every period that starts on or after D, while periods before D
// and its own history stay as they were; the health job opens no new events for it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lift } from '@liftwacht/contracts/lifts';
import { refreshAvailabilityRollup } from '../../db/rollups/availability-rollup.ts';
import { dailyCounters, events, modules } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { dataOf, liftClient } from './lift-editing-test-support.ts';

// Test clock: 2026-03-10T09:00:00Z (10:00 in Amsterdam).
let t: TestApp;
let api: ReturnType<typeof liftClient>;
const id = { keep: 0, gone: 0, soon: 0 };
const at = (s: string) => new Date(s);
const admin = 'test-admin';

beforeAll(async () => {
  t = await createTestApp();
  api = liftClient(t);
  const db = t.database.db;
  const organisationId = t.fixtures.org.owner;
  const make = async (name: string) =>
    dataOf<Lift>(await api.create(admin, { organisationId, name, address: `${name}weg 1`, liftType: 'MRL' })).id;
  id.keep = await make('Lift Blijft');
  id.gone = await make('Lift Weg');
  id.soon = await make('Lift Morgen');
  await db.insert(events).values([
    { liftId: id.keep, type: 'unavailable', startedAt: at('2026-03-10T07:00:00Z') },
    {
      liftId: id.keep,
      type: 'unavailable',
      startedAt: at('2026-02-10T09:00:00Z'),
      endedAt: at('2026-02-10T12:00:00Z'),
    },
    {
      liftId: id.gone,
      type: 'unavailable',
      startedAt: at('2026-02-03T08:00:00Z'),
      endedAt: at('2026-02-03T10:00:00Z'),
    },
    // Still open when the lift left service: it must not keep counting.
    { liftId: id.gone, type: 'unavailable', startedAt: at('2026-02-14T08:00:00Z') },
    { liftId: id.soon, type: 'unavailable', startedAt: at('2026-03-10T07:00:00Z') },
  ]);
  await refreshAvailabilityRollup(db, 'unavailable');
  await db.insert(dailyCounters).values([
    { liftId: id.keep, kind: 'energy_wh', day: '2026-02-20', value: 1000 },
    { liftId: id.gone, kind: 'energy_wh', day: '2026-02-05', value: 500 },
  ]);
  for (const [liftId, decommissionedOn] of [
    [id.gone, '2026-02-15'],
    [id.soon, '2026-03-11'],
  ] as const) {
    const res = await api.edit(admin, liftId, { version: 1, decommissionedOn });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

const org = () => t.fixtures.org.owner;

async function detailIds(query: string): Promise<number[]> {
  const res = await api.get(admin, `/stats/details?organisationId=${String(org())}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<{ items: { liftId: number }[] }>(res)
    .items.map((i) => i.liftId)
    .sort((a, b) => a - b);
}

async function currentUnavailable(): Promise<number> {
  const res = await api.get(admin, `/stats?organisationId=${String(org())}`);
  return dataOf<{ liftUnavailable: number }>(res).liftUnavailable;
}

async function period(from: string, to: string) {
  const res = await api.get(admin, `/stats?organisationId=${String(org())}&from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<{ liftAvailability: { liftCount: number }; energyWh: number }>(res);
}

describe('a decommissioned lift', () => {
  it('leaves the current view from its decommissioning day on (local midnight)', async () => {
    expect(await currentUnavailable()).toBe(2);
    expect(await detailIds('type=liftUnavailable')).toEqual([id.keep, id.soon]);
    const start = t.clock.now();
    try {
      t.clock.set(at('2026-03-10T22:59:00Z')); // 23:59 on the 10th in Amsterdam
      expect(await currentUnavailable()).toBe(2);
      t.clock.set(at('2026-03-10T23:00:00Z')); // midnight: the 11th has come
      expect(await currentUnavailable()).toBe(1);
      expect(await detailIds('type=liftUnavailable')).toEqual([id.keep]);
    } finally {
      t.clock.set(start);
    }
  });

  it('counts in a period that starts before its decommissioning day, not in one that starts on or after it', async () => {
    const february = await period('2026-02-01', '2026-02-28');
    expect(february.liftAvailability.liftCount).toBe(3);
    expect(february.energyWh).toBe(1500);
    expect(await detailIds('type=liftAvailability&from=2026-02-01&to=2026-02-28')).toEqual([id.keep, id.gone, id.soon]);

    for (const from of ['2026-02-15', '2026-02-16']) {
      const after = await period(from, '2026-02-28');
      expect(after.liftAvailability.liftCount).toBe(2);
      expect(after.energyWh).toBe(1000);
      expect(await detailIds(`type=liftAvailability&from=${from}&to=2026-02-28`)).toEqual([id.keep, id.soon]);
    }
    // A whole month (the monthly rollup) after the day, too.
    expect((await period('2026-03-01', '2026-03-09')).liftAvailability.liftCount).toBe(2);
  });

  it('keeps its history readable and stays in the lifts list', async () => {
    const lift = dataOf<Lift>(await api.get(admin, `/lift/${String(id.gone)}`));
    expect(lift).toMatchObject({ id: id.gone, decommissionedOn: '2026-02-15', version: 2 });
    const history = await api.get(
      admin,
      `/events?organisationId=${String(org())}&liftIds=${String(id.gone)}&showClosed=true`,
    );
    expect(dataOf<{ total: number }>(history).total).toBe(2);
    const counters = await api.get(
      admin,
      `/lift/${String(id.gone)}/counters?kind=energy_wh&interval=day&from=2026-02-01&to=2026-02-28`,
    );
    expect(dataOf<{ sum: number }>(counters).sum).toBe(500);
    const list = dataOf<{ items: Lift[] }>(await api.get(admin, `/lift?organisationId=${String(org())}&limit=100`));
    expect(list.items.find((l) => l.id === id.gone)?.decommissionedOn).toBe('2026-02-15');
  });

  it('gets no new "sense disconnected" event from the health job', async () => {
    const db = t.database.db;
    await db.insert(modules).values([
      { esNumber: 'ES-BLIJFT', liftId: id.keep, lastSeenAt: at('2026-03-10T08:00:00Z') },
      { esNumber: 'ES-WEG', liftId: id.gone, lastSeenAt: at('2026-03-10T08:00:00Z') },
    ]);
    const start = t.clock.now();
    try {
      t.clock.set(at('2026-03-10T09:20:00Z'));
      await t.app.ingest.health.runOnce();
    } finally {
      t.clock.set(start);
    }
    const disconnected = async (liftId: number) =>
      db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.liftId, liftId), eq(events.type, 'sense_disconnected')));
    expect(await disconnected(id.keep)).toHaveLength(1);
    expect(await disconnected(id.gone)).toHaveLength(0);
  });
});
