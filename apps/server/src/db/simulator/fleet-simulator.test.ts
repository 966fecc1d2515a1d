// The simulator follows the fleet: a module registered on a lift starts sending, a module taken out
// stops, and one moved starts again with its new lift's profile.
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database.ts';
import { lifts, modules, organisations } from '../schema.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { FleetSimulator } from './fleet-simulator.ts';

let database: Database;
let server: Server;
let broker: Aedes;
let port = 0;
const received: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  broker = await Aedes.createBroker();
  broker.on('publish', (packet, client) => {
    if (client) received.push(packet.topic);
  });
  server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, brokerHost, resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
});

const brokerHost = '127.0.0.1';
const silent = { info: () => undefined, warn: () => undefined };
const heardFrom = (es: string) => received.filter((topic) => topic.startsWith(`liftwacht/modules/${es}/`)).length;

describe('FleetSimulator', () => {
  it('starts modules fitted in a lift since it started and stops the ones taken out', async () => {
    const db = database.db;
    const [org] = await db.insert(organisations).values({ name: 'Sim', type: 'owner' }).returning();
    if (!org) throw new Error('no organisation');
    const [first, second] = await db
      .insert(lifts)
      .values([
        { organisationId: org.id, name: 'Sim 1', address: 'Simweg 1' },
        { organisationId: org.id, name: 'Sim 2', address: 'Simweg 2' },
      ])
      .returning();
    if (!first || !second) throw new Error('no lifts');
    await db.insert(modules).values({ esNumber: 'ES-FLEET-1', liftId: first.id, organisationId: org.id });

    const fleet = new FleetSimulator({
      db,
      brokerUrl: `mqtt://${brokerHost}:${String(port)}`,
      rate: 50,
      log: silent,
      now: () => new Date(),
    });
    try {
      // Checked by calling follow() rather than waiting out the 10-second timer.
      await fleet.start(3_600_000);
      expect(fleet.simulator.esNumbers).toEqual(['ES-FLEET-1']);
      await expect.poll(() => heardFrom('ES-FLEET-1'), { timeout: 5000 }).toBeGreaterThan(0);

      // Registered on the second lift meanwhile (as POST /admin/modules does): it starts sending.
      await db.insert(modules).values({ esNumber: 'ES-FLEET-2', liftId: second.id, organisationId: org.id });
      expect(await fleet.follow()).toEqual({ added: ['ES-FLEET-2'], removed: [] });
      await expect.poll(() => heardFrom('ES-FLEET-2'), { timeout: 5000 }).toBeGreaterThan(0);
      // Nothing changed: nothing restarts.
      expect(await fleet.follow()).toEqual({ added: [], removed: [] });

      // Taken out: it stops; moved: it starts again on its new lift.
      await db.update(modules).set({ liftId: null }).where(eq(modules.esNumber, 'ES-FLEET-2'));
      await db.update(modules).set({ liftId: second.id }).where(eq(modules.esNumber, 'ES-FLEET-1'));
      expect(await fleet.follow()).toEqual({ added: ['ES-FLEET-1'], removed: ['ES-FLEET-2'] });
      expect(fleet.simulator.esNumbers).toEqual(['ES-FLEET-1']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = heardFrom('ES-FLEET-2');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(heardFrom('ES-FLEET-2')).toBe(after);
      await expect.poll(() => heardFrom('ES-FLEET-1'), { timeout: 5000 }).toBeGreaterThan(0);
    } finally {
      await fleet.stop();
    }
  });
});
