// Ingest in a worker thread (PostgreSQL server, INGEST_WORKER): the embedded broker, validation and
// batch writes run in the worker, the main thread only hears of messages and commits. What a module
// publishes must still be stored before its PUBACK, reach the sockets listening, queue the
// subscribers' mails and tell the organisation's dashboards; and a worker that dies comes back.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { moduleTopic } from '@liftwacht/contracts/ingest';
import type { ModuleSocketMessage, OrganisationChangedMessage } from '@liftwacht/contracts/realtime';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { subscriptions } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { systemClock } from '../../lib/clock.ts';
import { createMailer } from '../../plugins/mail.ts';
import { fixturePassword, insertFixtures, type Fixtures } from '../../test-support/fixtures.ts';
import { openSocket, type ClientSocket } from '../../test-support/socket-client.ts';
import { startPostgresDatabase, type RunningService } from '../realtime/test-services.ts';
import { insertLiftWithModule, moduleMessage, type TestLift } from './ingest-test-support.ts';
import { generateModuleKey } from '../../lib/module-keys.ts';

// Needs a PostgreSQL server: run once, in the PostgreSQL project when there is one.
const project = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const thisProject = process.env.LIFTWACHT_TEST_DB === project;

let postgres: RunningService;
let database: Database;
let app: FastifyInstance;
let dir: string;
let url: string;
let fixtures: Fixtures;
let lift: TestLift;
let moduleKey: string;
const sockets: ClientSocket[] = [];

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(database.db, query);
  return row?.n ?? 0;
}

async function userToken(): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/liftwacht/auth',
    payload: { username: 'test-user', password: fixturePassword },
  });
  return res.json<{ data: { accessToken: string } }>().data.accessToken;
}

const open = (token: string) => openSocket(url, token, sockets);

async function liftSocket(): Promise<ClientSocket> {
  const res = await app.inject({
    method: 'POST',
    url: '/liftwacht/auth/sense-liftwacht',
    headers: { authorization: `Bearer ${await userToken()}` },
    payload: { identifier: `liftwacht-${String(lift.liftId)}`, identifierType: 'ext' },
  });
  const socket = await open(res.json<{ data: { accessToken: string } }>().data.accessToken);
  expect(await socket.emitWithAck('listen', { es_number: lift.es })).toEqual({ data: { es_number: lift.es } });
  return socket;
}

async function publish(message: object): Promise<void> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${String(app.mqtt.port)}`, { reconnectPeriod: 0 });
  try {
    await client.publishAsync(moduleTopic(lift.es, 'module'), JSON.stringify(message), { qos: 1 });
  } finally {
    await client.endAsync();
  }
}

describe.skipIf(!thisProject)('ingest in a worker thread (PostgreSQL server)', () => {
  beforeAll(async () => {
    postgres = await startPostgresDatabase();
    database = await openDatabase({ url: postgres.url });
    fixtures = await insertFixtures(database.db);
    lift = await insertLiftWithModule(database.db, fixtures.org.owner);
    const key = generateModuleKey(lift.es);
    moduleKey = key.key;
    await database.db.execute(sql`update modules set key_hash = ${key.hash} where es_number = ${lift.es}`);
    await database.db
      .insert(subscriptions)
      .values({ userId: fixtures.user.user.id, eventType: 'unavailable', liftId: lift.liftId });
    dir = mkdtempSync(path.join(tmpdir(), 'liftwacht-ingest-worker-'));
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://portal.test',
      JWT_SECRET: 'ingest-worker-test-secret-ingest-worker-test',
      DATABASE_URL: postgres.url,
      INGEST_WORKER: 'on',
      MQTT_PORT: '0',
    });
    const mailer = createMailer({ smtpUrl: undefined, outboxDir: path.join(dir, 'outbox'), from: config.mailFrom });
    app = await buildApp({ config, database, clock: systemClock, mailer, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
    await app.mqtt.start();
  }, 120_000);

  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('stores a QoS 1 message before its PUBACK, delivers it, queues the mails and tells the dashboards', async () => {
    expect(app.ingest.worker).not.toBeNull();
    expect(app.mqtt).toMatchObject({ mode: 'embedded', connected: true });
    const socket = await liftSocket();
    const dashboard = await open(await userToken());
    expect(await dashboard.emitWithAck('listenOrganisation', { organisationId: fixtures.org.owner })).toEqual({
      data: { organisationId: fixtures.org.owner },
    });
    const delivered = new Promise<ModuleSocketMessage>((resolve) => socket.once('module', resolve));
    const changed = new Promise<OrganisationChangedMessage>((resolve) =>
      dashboard.once('organisationChanged', resolve),
    );

    const m = moduleMessage(new Date(Date.now() - 1000), { available: false, faults: ['cannot_start'], floor: 2 });
    await publish(m);
    // The PUBACK came from the worker: the message and what it means are committed.
    expect(
      await count(sql`select count(*)::int as n from ingested_messages where message_id = ${`${lift.es}:${m.id}`}`),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from events where lift_id = ${lift.liftId} and type = 'unavailable' and ended_at is null`,
      ),
    ).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from mail_queue where recipient = ${fixtures.user.user.email}`),
    ).toBe(1);
    expect((await delivered).message).toEqual(m);
    expect((await changed).kinds).toContain('events');
  });

  it('takes HTTP batches through the worker, idempotently', async () => {
    const socket = await liftSocket();
    const m = moduleMessage(new Date(Date.now() - 1000), { rides: 2 });
    const delivered = new Promise<ModuleSocketMessage>((resolve) => socket.once('module', resolve));
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/liftwacht/ingest',
        headers: { 'x-module-key': moduleKey },
        payload: {
          messages: [
            { kind: 'module', ...m },
            { kind: 'module', id: 'x' },
          ],
        },
      });
    const first = await post();
    expect(first.json()).toMatchObject({ data: { accepted: 1, duplicates: 0, rejected: [{ index: 1 }] } });
    expect((await delivered).message).toEqual(m);
    expect((await post()).json()).toMatchObject({ data: { accepted: 0, duplicates: 1 } });
    await app.ingest.flush();
    expect(app.ingest.pipeline.counters.duplicates).toBeGreaterThanOrEqual(1);
    expect(
      await count(
        sql`select coalesce(sum(value), 0)::int as n from counters where lift_id = ${lift.liftId} and kind = 'rides'`,
      ),
    ).toBe(2);
  });

  it('starts a worker that died again, with its broker, and goes on storing', async () => {
    const host = app.ingest.worker as unknown as { worker: Worker | null };
    const dead = host.worker;
    await dead?.terminate();
    const deadline = Date.now() + 20_000;
    while (!(host.worker && host.worker !== dead && app.mqtt.connected)) {
      if (Date.now() > deadline) throw new Error('the ingest worker did not come back');
      await new Promise((r) => setTimeout(r, 100));
    }
    const m = moduleMessage(new Date(Date.now() - 1000), { floor: 1 });
    await publish(m);
    expect(
      await count(sql`select count(*)::int as n from ingested_messages where message_id = ${`${lift.es}:${m.id}`}`),
    ).toBe(1);
  });
});
