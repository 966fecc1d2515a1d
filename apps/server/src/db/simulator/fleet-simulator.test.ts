// The simulator follows the demo fleet: a demo module fitted in a lift starts sending, one taken out
// stops, one moved starts again with its new lift's profile; a module registered through the API (not
// made by the demo seed) is never simulated, wherever it is fitted.
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database.ts';
import { lifts, modules, organisations } from '../schema.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { insertLift } from '../../test-support/fixtures.ts';
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
    await db.insert(modules).values({ esNumber: 'ES-FLEET-1', liftId: first.id, organisationId: org.id, demo: true });

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

      // A demo module fitted in the second lift meanwhile: it starts sending.
      await db
        .insert(modules)
        .values({ esNumber: 'ES-FLEET-2', liftId: second.id, organisationId: org.id, demo: true });
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

describe('FleetSimulator on an install without the demo', () => {
  it('never simulates a module registered through the API, even when SIMULATOR=on', async () => {
    const t = await createTestApp({ SEED_DEMO: 'false', SIMULATOR: 'on' });
    const fleet = new FleetSimulator({
      db: t.database.db,
      brokerUrl: `mqtt://${brokerHost}:${String(port)}`,
      rate: 50,
      log: silent,
      now: () => new Date(),
    });
    try {
      expect(t.config.simulator.enabled).toBe(true);
      const liftId = await insertLift(t.database.db, t.fixtures.org.owner, 'Lift Echt');
      const token = await t.login(t.fixtures.user.admin.username);
      const registered = await t.app.inject({
        method: 'POST',
        url: '/liftwacht/admin/modules',
        headers: { authorization: `Bearer ${token}` },
        payload: { esNumber: 'ES-REAL-1', organisationId: t.fixtures.org.owner, liftId },
      });
      expect(registered.statusCode).toBe(201);

      await fleet.start(3_600_000);
      expect(fleet.size).toBe(0);
      expect(await fleet.follow()).toEqual({ added: [], removed: [] });
      // Longer than a simulated module takes to send its first messages at this rate.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(heardFrom('ES-REAL-1')).toBe(0);

      // The same module marked as the demo seed's would be simulated: the flag alone decides.
      await t.database.db.update(modules).set({ demo: true }).where(eq(modules.esNumber, 'ES-REAL-1'));
      expect(await fleet.follow()).toEqual({ added: ['ES-REAL-1'], removed: [] });
      await expect.poll(() => heardFrom('ES-REAL-1'), { timeout: 5000 }).toBeGreaterThan(0);
    } finally {
      await fleet.stop();
      await t.close();
    }
  });
});
