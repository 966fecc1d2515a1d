import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { moduleTopic } from '@liftwacht/contracts/ingest';
import { sqlRows } from '../db/sql-rows.ts';
import { insertLiftWithModule, moduleMessage } from '../modules/ingest/ingest-test-support.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MQTT_PORT: '0' });
  await t.app.mqtt.start();
});
afterAll(async () => {
  await t.close();
});

async function stored(key: string): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ingested_messages where message_id = ${key}`,
  );
  return row?.n ?? 0;
}

describe('embedded MQTT broker', () => {
  it('listens on loopback and acknowledges a QoS 1 message only once it is stored', async () => {
    expect(t.app.mqtt.mode).toBe('embedded');
    const { es } = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${String(t.app.mqtt.port)}`, { reconnectPeriod: 0 });
    try {
      const m = moduleMessage(new Date(t.clock.now().getTime() - 1000), { rides: 1 });
      await client.publishAsync(moduleTopic(es, 'module'), JSON.stringify(m), { qos: 1 });
      // The PUBACK came: the message is in the database already, with no waiting.
      expect(await stored(`${es}:${m.id}`)).toBe(1);

      // Garbage is acknowledged too (it would never get better), and counted.
      const invalidBefore = t.app.ingest.pipeline.counters.rejected.invalid;
      await client.publishAsync(moduleTopic(es, 'module'), 'garbage', { qos: 1 });
      expect(t.app.ingest.pipeline.counters.rejected.invalid).toBe(invalidBefore + 1);
    } finally {
      await client.endAsync();
    }
  });

  it('does not acknowledge a message it could not store; the module sends it again', async () => {
    const { es } = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${String(t.app.mqtt.port)}`, {
      clientId: `test-${es}`,
      clean: false,
      reconnectPeriod: 50,
    });
    const failing = vi
      .spyOn(t.app.ingest.pipeline as unknown as { store: () => Promise<never> }, 'store')
      .mockRejectedValueOnce(new Error('database unavailable'));
    try {
      const m = moduleMessage(new Date(t.clock.now().getTime() - 1000), { rides: 2 });
      await client.publishAsync(moduleTopic(es, 'module'), JSON.stringify(m), { qos: 1 });
      expect(failing).toHaveBeenCalled();
      expect(await stored(`${es}:${m.id}`)).toBe(1);
      const [rides] = await sqlRows<{ n: number }>(
        t.database.db,
        sql`select coalesce(sum(c.value), 0)::int as n from counters c join modules m on m.lift_id = c.lift_id
            where m.es_number = ${es}`,
      );
      expect(rides?.n).toBe(2);
    } finally {
      failing.mockRestore();
      await client.endAsync();
    }
  });
});
