import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleTopic } from '@liftwacht/contracts/ingest';
import { sqlRows } from '../../db/sql-rows.ts';
import { localDay } from '../../lib/local-day.ts';
import { quarterHourBuckets } from '../lifts/quarter-hour-series.ts';
import { LiftCountersRepository } from '../lifts/lift-counters.repository.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  insertLiftWithModule,
  moduleMessage,
  provisioningMessage,
  send,
  type TestLift,
} from './ingest-test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const minutes = (n: number) => n * 60_000;
/** An hour before the test clock's now, plus offset: messages the module sent a while ago. */
const at = (offsetMs: number) => new Date(t.clock.now().getTime() - 3600_000 + offsetMs);

interface EventRow {
  id: number;
  type: string;
  startedAt: string;
  endedAt: string | null;
  closed: boolean;
  floor: number | null;
  data: Record<string, unknown> | null;
}

async function eventsOf(liftId: number, type?: string): Promise<EventRow[]> {
  const rows = await sqlRows<EventRow & { startedAt: Date | string; endedAt: Date | string | null }>(
    t.database.db,
    sql`select id::int as id, type, started_at as "startedAt", ended_at as "endedAt", closed, floor::int as floor, data
        from events where lift_id = ${liftId} ${type ? sql`and type = ${type}` : sql``} order by started_at, id`,
  );
  return rows.map((r) => ({
    ...r,
    startedAt: new Date(r.startedAt).toISOString(),
    endedAt: r.endedAt === null ? null : new Date(r.endedAt).toISOString(),
  }));
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(t.database.db, query);
  return row?.n ?? 0;
}

async function lift(options: Parameters<typeof insertLiftWithModule>[2] = {}): Promise<TestLift> {
  return insertLiftWithModule(t.database.db, t.fixtures.org.owner, options);
}

describe('validation', () => {
  it('rejects bad messages, counts them, and still stores the good ones beside them', async () => {
    const l = await lift();
    const before = structuredClone(t.app.ingest.pipeline.counters);
    const good = moduleMessage(at(0), { floor: 2 });
    const outcomes = await Promise.all([
      t.app.ingest.pipeline.submitMqtt(moduleTopic(l.es, 'module'), Buffer.from('{not json')),
      t.app.ingest.pipeline.submitMqtt('liftwacht/modules/ES+1/module', Buffer.from('{}')),
      t.app.ingest.pipeline.submitMqtt(
        moduleTopic(l.es, 'module'),
        Buffer.from(JSON.stringify({ id: 'x', t: 'yesterday', f: {} })),
      ),
      t.app.ingest.pipeline.submitMqtt(
        moduleTopic(l.es, 'module'),
        Buffer.from(JSON.stringify(moduleMessage(at(0), { faults: ['not_a_fault' as never] }))),
      ),
      t.app.ingest.pipeline.submitMqtt(
        moduleTopic(l.es, 'module'),
        Buffer.from(JSON.stringify(moduleMessage(at(0), { f: { temperature: 3 } }))),
      ),
      send(t.app, 'ES-NOBODY', moduleMessage(at(0))).then((o) => o[0]),
      send(t.app, l.es, moduleMessage(at(minutes(70)))).then((o) => o[0]),
      send(t.app, l.es, moduleMessage(at(-minutes(60 * 24 * 31)))).then((o) => o[0]),
      send(t.app, l.es, good).then((o) => o[0]),
    ]);
    expect(outcomes.map((o) => (o?.status === 'rejected' ? o.rejection.reason : o?.status))).toEqual([
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'unknown_module',
      'in_future',
      'too_old',
      'accepted',
    ]);
    const after = t.app.ingest.pipeline.counters;
    expect(after.rejected.invalid - before.rejected.invalid).toBe(5);
    expect(after.rejected.unknown_module - before.rejected.unknown_module).toBe(1);
    expect(after.accepted - before.accepted).toBe(1);
    expect(await count(sql`select count(*)::int as n from ingested_messages where es_number = ${l.es}`)).toBe(1);
  });

  it('takes a clock a little ahead as now', async () => {
    const l = await lift();
    await send(t.app, l.es, moduleMessage(new Date(t.clock.now().getTime() + minutes(2)), { available: false }));
    const [down] = await eventsOf(l.liftId, 'unavailable');
    expect(down?.startedAt).toBe(t.clock.now().toISOString());
  });
});

describe('idempotency', () => {
  it('stores a message once, whether repeated in one batch or redelivered later', async () => {
    const l = await lift();
    const m = moduleMessage(at(0), { available: false, rides: 3, energyWh: 40 });
    const first = await send(t.app, l.es, m, m);
    expect(first.map((o) => o.status)).toEqual(['accepted', 'duplicate']);
    const again = await send(t.app, l.es, m);
    expect(again.map((o) => o.status)).toEqual(['duplicate']);
    expect(await eventsOf(l.liftId, 'unavailable')).toHaveLength(1);
    expect(
      await count(sql`select sum(value)::int as n from counters where lift_id = ${l.liftId} and kind = 'rides'`),
    ).toBe(3);
    expect(
      await count(sql`select count(*)::int as n from ingested_messages where message_id = ${`${l.es}:${m.id}`}`),
    ).toBe(1);
  });
});

describe('derived events', () => {
  it('opens unavailable with the floor and cause, and closes it; the availability rollup follows', async () => {
    const l = await lift();
    await send(t.app, l.es, moduleMessage(at(0), { available: false, floor: 3, faults: ['cannot_start'] }));
    let [down] = await eventsOf(l.liftId, 'unavailable');
    expect(down).toMatchObject({ endedAt: null, closed: false, floor: 3, data: { cause: 'en627_cannot_start' } });
    expect(await eventsOf(l.liftId, 'en627_cannot_start')).toMatchObject([{ floor: 3, endedAt: null }]);

    await send(t.app, l.es, moduleMessage(at(minutes(30)), { available: true, faults: [] }));
    [down] = await eventsOf(l.liftId, 'unavailable');
    expect(down).toMatchObject({ endedAt: at(minutes(30)).toISOString(), closed: true });
    expect((await eventsOf(l.liftId, 'en627_cannot_start'))[0]?.endedAt).toBe(at(minutes(30)).toISOString());
    const [rollup] = await sqlRows<{ seconds: number }>(
      t.database.db,
      sql`select (select sum(s) from unnest(hour_seconds) s)::float8 as seconds from daily_availability
          where lift_id = ${l.liftId} and kind = 'unavailable'`,
    );
    expect(rollup?.seconds).toBe(1800);
  });

  it('opens and closes each EN 627 fault with the floor it happened at', async () => {
    const l = await lift();
    await send(t.app, l.es, moduleMessage(at(0), { floor: 1, faults: ['door_closing_fault'] }));
    await send(t.app, l.es, moduleMessage(at(5000), { floor: 4, faults: ['door_closing_fault', 'emergency_stop'] }));
    await send(t.app, l.es, moduleMessage(at(9000), { faults: ['emergency_stop'] }));
    const events = await eventsOf(l.liftId);
    expect(events.map((e) => [e.type, e.floor, e.endedAt !== null])).toEqual([
      ['en627_door_closing_fault', 1, true],
      ['en627_emergency_stop', 4, false],
    ]);
  });

  it('opens a fault and closes it within one batch', async () => {
    const l = await lift();
    await send(
      t.app,
      l.es,
      moduleMessage(at(2000), { faults: [] }),
      moduleMessage(at(1000), { faults: ['car_light_supply_off'], floor: 0 }),
    );
    const [e] = await eventsOf(l.liftId);
    expect(e).toMatchObject({ type: 'en627_car_light_supply_off', endedAt: at(2000).toISOString(), closed: true });
  });

  it('ignores a state older than the one already applied', async () => {
    const l = await lift();
    await send(t.app, l.es, moduleMessage(at(minutes(2)), { available: true }));
    await send(t.app, l.es, moduleMessage(at(minutes(1)), { available: false }));
    expect(await eventsOf(l.liftId, 'unavailable')).toEqual([]);
  });

  it('opens sense_failure per failing sensor', async () => {
    const l = await lift();
    await send(t.app, l.es, moduleMessage(at(0), { sensorFailures: ['deurzone', 'verdieping'] }));
    await send(t.app, l.es, moduleMessage(at(1000), { sensorFailures: ['verdieping'] }));
    const events = await eventsOf(l.liftId, 'sense_failure');
    expect(events.map((e) => [e.data?.sensor, e.endedAt !== null])).toEqual([
      ['deurzone', true],
      ['verdieping', false],
    ]);
  });

  it('keeps alarm calls received → acknowledged → ended, in any order, with the alarm_call event', async () => {
    const l = await lift();
    await send(t.app, l.es, moduleMessage(at(0), { floor: 2, alarmCall: { callId: 'c1', phase: 'received' } }));
    let [call] = await sqlRows<{ status: string; kind: string }>(
      t.database.db,
      sql`select status, kind from calls where lift_id = ${l.liftId}`,
    );
    expect(call).toEqual({ status: 'received', kind: 'other' });
    expect(await eventsOf(l.liftId, 'alarm_call')).toMatchObject([{ floor: 2, endedAt: null, data: { callId: 'c1' } }]);

    // Ended arrives before acknowledged.
    await send(
      t.app,
      l.es,
      moduleMessage(at(90_000), { alarmCall: { callId: 'c1', phase: 'ended', notes: 'bevrijd' } }),
    );
    await send(
      t.app,
      l.es,
      moduleMessage(at(20_000), {
        alarmCall: { callId: 'c1', phase: 'acknowledged', kind: 'entrapment', handledBy: 'Meldkamer' },
      }),
    );
    [call] = await sqlRows<{ status: string; kind: string }>(
      t.database.db,
      sql`select status, kind, handled_by as "handledBy", notes,
                 started_at = ${at(0).toISOString()}::timestamptz as "startOk",
                 acknowledged_at = ${at(20_000).toISOString()}::timestamptz as "ackOk",
                 ended_at = ${at(90_000).toISOString()}::timestamptz as "endOk"
          from calls where lift_id = ${l.liftId}`,
    );
    expect(call).toEqual({
      status: 'ended',
      kind: 'entrapment',
      handledBy: 'Meldkamer',
      notes: 'bevrijd',
      startOk: true,
      ackOk: true,
      endOk: true,
    });
    expect((await eventsOf(l.liftId, 'alarm_call'))[0]?.endedAt).toBe(at(90_000).toISOString());
  });

  it('adds rides and energy to 15-minute buckets and the local day', async () => {
    const l = await lift();
    // 23:50 UTC on 10 March is 00:50 on 11 March in Amsterdam.
    const late = new Date('2026-03-10T23:50:00Z');
    t.clock.set(new Date('2026-03-10T23:55:00Z'));
    try {
      await send(
        t.app,
        l.es,
        moduleMessage(late, { rides: 2, energyWh: 30 }),
        moduleMessage(new Date(late.getTime() + 60_000), { rides: 1, energyWh: 12 }),
      );
      await send(t.app, l.es, moduleMessage(new Date('2026-03-10T22:40:00Z'), { rides: 5 }));
    } finally {
      t.clock.set(new Date('2026-03-10T09:00:00Z'));
    }
    const buckets = await sqlRows<{ kind: string; bucket: string; value: number }>(
      t.database.db,
      sql`select kind, to_char(bucket_start at time zone 'UTC', 'HH24:MI') as bucket, value::int as value
          from counters where lift_id = ${l.liftId} order by kind, bucket_start`,
    );
    expect(buckets).toEqual([
      { kind: 'energy_wh', bucket: '23:45', value: 42 },
      { kind: 'rides', bucket: '22:30', value: 5 },
      { kind: 'rides', bucket: '23:45', value: 3 },
    ]);
    const days = await sqlRows<{ kind: string; day: string; value: number }>(
      t.database.db,
      sql`select kind, day::text as day, value::int as value from daily_counters where lift_id = ${l.liftId}
          order by kind, day`,
    );
    expect(days).toEqual([
      { kind: 'energy_wh', day: '2026-03-11', value: 42 },
      { kind: 'rides', day: '2026-03-10', value: 5 },
      { kind: 'rides', day: '2026-03-11', value: 3 },
    ]);
  });

  it('keeps the latest readings and state as sense data, and the firmware on the module', async () => {
    const l = await lift();
    await send(
      t.app,
      l.es,
      moduleMessage(at(2000), { f: { f1: 4, f0: 1 }, floor: 4, faults: [] }),
      moduleMessage(at(1000), { f: { f1: 3, f13: 230 } }),
      provisioningMessage(at(0), { e: { e1: '4.2.0', e2: 8 }, firmware: '4.2.0' }),
    );
    // Plain readings are written shortly after the commit; state keys with it.
    await t.app.ingest.flush();
    const rows = await sqlRows<{ key: string; value: unknown }>(
      t.database.db,
      sql`select key, value from sense_data where lift_id = ${l.liftId} order by key`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual({
      e1: '4.2.0',
      e2: 8,
      f0: 1,
      f1: 4,
      f13: 230,
      faults: [],
      floor: 4,
    });
    const [module] = await sqlRows<{ firmware: string; connected: boolean }>(
      t.database.db,
      sql`select firmware, connected from modules where es_number = ${l.es}`,
    );
    expect(module).toEqual({ firmware: '4.2.0', connected: true });
  });
});

describe('intercom (EN 81-28)', () => {
  it('a failed test call opens intercom_unavailable (and battery), the next good one closes them', async () => {
    const l = await lift();
    await send(
      t.app,
      l.es,
      moduleMessage(at(0), {
        testCall: { result: 'battery', automatic: true, durationSeconds: 30, batteryVoltage: 10.4 },
      }),
    );
    const events = await eventsOf(l.liftId);
    expect(events.map((e) => [e.type, e.endedAt === null]).sort()).toEqual([
      ['battery', true],
      ['intercom_unavailable', true],
      ['periodic_test_failed', false],
    ]);
    expect(events.find((e) => e.type === 'battery')?.data).toEqual({ voltage: 10.4 });
    await send(t.app, l.es, moduleMessage(at(minutes(50)), { testCall: { result: 'ok', automatic: false } }));
    const open = (await eventsOf(l.liftId)).filter((e) => e.endedAt === null);
    expect(open).toEqual([]);
    const calls = await sqlRows<{ kind: string; status: string; testResult: string }>(
      t.database.db,
      sql`select kind, status, test_result as "testResult" from calls where lift_id = ${l.liftId} order by started_at`,
    );
    expect(calls).toEqual([
      { kind: 'test', status: 'ended', testResult: 'battery' },
      { kind: 'test', status: 'ended', testResult: 'ok' },
    ]);
  });

  it('lifts without an alarm phone get no intercom events', async () => {
    const l = await lift({ liftType: null });
    await send(t.app, l.es, moduleMessage(at(0), { testCall: { result: 'speaker', automatic: true } }));
    expect(await eventsOf(l.liftId)).toEqual([]);
  });

  it('72 hours without a good test call open intercom_unavailable from the moment they ran out', async () => {
    const start = t.clock.now();
    const l = await lift();
    await send(t.app, l.es, moduleMessage(start, { testCall: { result: 'ok', automatic: true } }));
    try {
      t.clock.set(new Date(start.getTime() + 71 * 3600_000));
      await send(t.app, l.es, moduleMessage(t.clock.now(), { floor: 0 }));
      await t.app.ingest.health.runOnce();
      expect(await eventsOf(l.liftId, 'intercom_unavailable')).toEqual([]);

      t.clock.set(new Date(start.getTime() + 73 * 3600_000));
      await send(t.app, l.es, moduleMessage(t.clock.now(), { floor: 0 }));
      const summary = await t.app.ingest.health.runOnce();
      expect(summary.intercomUnavailable).toBeGreaterThanOrEqual(1);
      expect(await eventsOf(l.liftId, 'intercom_unavailable')).toMatchObject([
        {
          startedAt: new Date(start.getTime() + 72 * 3600_000).toISOString(),
          endedAt: null,
          data: { reason: 'no_test_call' },
        },
      ]);
      await t.app.ingest.health.runOnce();
      expect(await eventsOf(l.liftId, 'intercom_unavailable')).toHaveLength(1);

      await send(t.app, l.es, moduleMessage(t.clock.now(), { testCall: { result: 'ok', automatic: true } }));
      expect((await eventsOf(l.liftId, 'intercom_unavailable'))[0]?.endedAt).toBe(t.clock.now().toISOString());
    } finally {
      t.clock.set(start);
    }
  });
});

describe('module silence', () => {
  it('opens sense_disconnected from the last message after 10 silent minutes; a message closes it', async () => {
    const start = t.clock.now();
    const l = await lift();
    await send(t.app, l.es, moduleMessage(start, { floor: 0 }));
    try {
      t.clock.set(new Date(start.getTime() + minutes(9)));
      await t.app.ingest.health.runOnce();
      expect(await eventsOf(l.liftId, 'sense_disconnected')).toEqual([]);

      t.clock.set(new Date(start.getTime() + minutes(11)));
      await t.app.ingest.health.runOnce();
      expect(await eventsOf(l.liftId, 'sense_disconnected')).toMatchObject([
        { startedAt: start.toISOString(), endedAt: null },
      ]);
      const [silent] = await sqlRows<{ connected: boolean }>(
        t.database.db,
        sql`select connected from modules where es_number = ${l.es}`,
      );
      expect(silent?.connected).toBe(false);

      t.clock.set(new Date(start.getTime() + minutes(20)));
      // A message the module kept while offline: silence still ends when the server hears it.
      await send(t.app, l.es, moduleMessage(new Date(start.getTime() + minutes(12)), { floor: 1 }));
      expect((await eventsOf(l.liftId, 'sense_disconnected'))[0]?.endedAt).toBe(t.clock.now().toISOString());
      const [back] = await sqlRows<{ connected: boolean }>(
        t.database.db,
        sql`select connected from modules where es_number = ${l.es}`,
      );
      expect(back?.connected).toBe(true);
    } finally {
      t.clock.set(start);
    }
  });
});

describe('closing counter days', () => {
  it('copies a day into daily_quarter_hours once ingest can no longer write it; the chart stays the same', async () => {
    const start = t.clock.now();
    const l = await lift();
    await send(t.app, l.es, moduleMessage(at(0), { rides: 3 }));
    await send(t.app, l.es, moduleMessage(at(minutes(40)), { rides: 2 }));
    const day = localDay(at(0));
    const counters = new LiftCountersRepository(t.database);
    const open = await counters.quarterHours(l.liftId, 'rides', day, day);
    expect(quarterHourBuckets(open).sums).toEqual([3, 2]);
    expect(open.closed.starts).toEqual([]);
    const closedRows = () =>
      sqlRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from daily_quarter_hours where lift_id = ${l.liftId} and day = ${day}::date`,
      );
    try {
      // 30 days on, a message of that day would still be taken in: the day stays open.
      t.clock.set(new Date(start.getTime() + 30 * 86_400_000));
      await t.app.ingest.health.runOnce();
      expect((await closedRows())[0]?.n).toBe(0);

      t.clock.set(new Date(start.getTime() + 33 * 86_400_000));
      const summary = await t.app.ingest.health.runOnce();
      expect(summary.closedCounterDays).toBeGreaterThanOrEqual(1);
      expect((await closedRows())[0]?.n).toBe(1);
      const closed = await counters.quarterHours(l.liftId, 'rides', day, day);
      // now read from the day's array, not the raw buckets
      expect(closed.closed.starts).toHaveLength(1);
      expect(quarterHourBuckets(closed)).toEqual(quarterHourBuckets(open));
    } finally {
      t.clock.set(start);
    }
  });
});

describe('POST /liftwacht/ingest', () => {
  it('needs the module key, stores good items, reports bad ones and repeats', async () => {
    const l = await lift();
    const { generateModuleKey } = await import('../../lib/module-keys.ts');
    const key = generateModuleKey(l.es);
    await t.database.db.execute(sql`update modules set key_hash = ${key.hash} where es_number = ${l.es}`);
    const m = { kind: 'module', ...moduleMessage(at(0), { rides: 1 }) };
    const payload = { messages: [m, { kind: 'module', id: 'bad' }, m] };

    const missing = await t.app.inject({ method: 'POST', url: '/liftwacht/ingest', payload });
    expect(missing.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/ingest',
      headers: { 'x-module-key': `${l.es}.wrong-secret` },
      payload,
    });
    expect(wrong.statusCode).toBe(401);

    const res = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/ingest',
      headers: { 'x-module-key': key.key },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { accepted: 1, duplicates: 1, rejected: [{ index: 1, reason: 'invalid' }] },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/ingest',
      headers: { 'x-module-key': key.key },
      payload: { messages: [m] },
    });
    expect(again.json()).toEqual({ data: { accepted: 0, duplicates: 1, rejected: [] } });
  });
});
