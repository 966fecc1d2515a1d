// Two server nodes on one PostgreSQL, one Redis and one Mosquitto, as in production: the broker
// splits module messages between the nodes (shared subscription), and a browser connected to either
// node hears every message of its lift's module through the Redis adapter.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleTopic } from '@liftwacht/contracts/ingest';
import {
  socketPath,
  type ClientToServerEvents,
  type ModuleSocketMessage,
  type ServerToClientEvents,
} from '@liftwacht/contracts/realtime';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { systemClock } from '../../lib/clock.ts';
import { createMailer } from '../../plugins/mail.ts';
import { fixturePassword, insertFixtures } from '../../test-support/fixtures.ts';
import { insertLiftWithModule, moduleMessage, type TestLift } from '../ingest/ingest-test-support.ts';
import { generateModuleKey } from '../../lib/module-keys.ts';
import {
  missingServices,
  startMosquitto,
  startPostgresDatabase,
  startRedis,
  type RunningService,
} from './test-services.ts';

// Real services are slow to start: run once, in the PostgreSQL project when there is one.
const project = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const thisProject = process.env.LIFTWACHT_TEST_DB === project;
const missing = missingServices();
if (thisProject && missing) console.warn(`two-node test skipped: ${missing}`);

interface Node {
  app: FastifyInstance;
  database: Database;
  url: string;
  dir: string;
}

const jwtSecret = 'two-node-test-secret-two-node-test-secret';
const services: RunningService[] = [];
let postgres: RunningService;
let mosquitto: RunningService;
let redis: RunningService;
let a: Node;
let b: Node;
let lift: TestLift;
let moduleKey: string;

async function startNode(name: string): Promise<Node> {
  const dir = mkdtempSync(path.join(tmpdir(), `liftwacht-${name}-`));
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://portal.test',
    JWT_SECRET: jwtSecret,
    DATABASE_URL: postgres.url,
    MQTT_URL: mosquitto.url,
    MQTT_CLIENT_ID: `liftwacht-test-${name}-${String(process.pid)}`,
    MQTT_SESSION_EXPIRY_SECONDS: '0',
    REDIS_URL: redis.url,
  });
  const database = await openDatabase({ url: postgres.url });
  const mailer = createMailer({ smtpUrl: undefined, outboxDir: path.join(dir, 'outbox'), from: config.mailFrom });
  const app = await buildApp({ config, database, clock: systemClock, mailer, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.mqtt.start();
  return { app, database, dir, url: `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}` };
}

async function stopNode(node: Node | undefined): Promise<void> {
  if (!node) return;
  await node.app.close();
  await node.database.close();
  rmSync(node.dir, { recursive: true, force: true });
}

describe.skipIf(!thisProject || missing !== null)(
  `two server nodes (PostgreSQL, Redis, Mosquitto)${missing ? ` — skipped: ${missing}` : ''}`,
  () => {
    beforeAll(async () => {
      [postgres, mosquitto, redis] = await Promise.all([startPostgresDatabase(), startMosquitto(), startRedis()]);
      services.push(postgres, mosquitto, redis);
      const setup = await openDatabase({ url: postgres.url });
      try {
        const fixtures = await insertFixtures(setup.db);
        lift = await insertLiftWithModule(setup.db, fixtures.org.owner);
        const key = generateModuleKey(lift.es);
        moduleKey = key.key;
        await setup.db.execute(sql`update modules set key_hash = ${key.hash} where es_number = ${lift.es}`);
      } finally {
        await setup.close();
      }
      a = await startNode('a');
      b = await startNode('b');
    }, 120_000);

    afterAll(async () => {
      await Promise.allSettled([stopNode(a), stopNode(b)]);
      for (const s of services.reverse()) await s.stop().catch(() => undefined);
    }, 60_000);

    async function logIn(): Promise<string> {
      const login = await a.app.inject({
        method: 'POST',
        url: '/liftwacht/auth',
        payload: { username: 'test-user', password: fixturePassword },
      });
      return login.json<{ data: { accessToken: string } }>().data.accessToken;
    }

    async function liftSocketOn(
      node: Node,
      userToken?: string,
    ): Promise<Socket<ServerToClientEvents, ClientToServerEvents>> {
      userToken ??= await logIn();
      const res = await a.app.inject({
        method: 'POST',
        url: '/liftwacht/auth/sense-liftwacht',
        headers: { authorization: `Bearer ${userToken}` },
        payload: { identifier: `liftwacht-${String(lift.liftId)}`, identifierType: 'ext' },
      });
      const token = res.json<{ data: { accessToken: string } }>().data.accessToken;
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(node.url, {
        path: socketPath,
        transports: ['websocket'],
        query: { token },
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(await socket.emitWithAck('listen', { es_number: lift.es })).toEqual({ data: { es_number: lift.es } });
      return socket;
    }

    it('splits MQTT messages between the nodes, stores each once, and delivers all to a socket on node B', async () => {
      const socket = await liftSocketOn(b);
      const received = new Set<string>();
      const total = 40;
      const allReceived = new Promise<void>((resolve) => {
        socket.on('module', (m: ModuleSocketMessage) => {
          received.add(m.message.id);
          if (received.size === total) resolve();
        });
      });
      const publisher = await mqtt.connectAsync(mosquitto.url, { reconnectPeriod: 0 });
      const acceptedBefore = [a, b].map((n) => n.app.ingest.pipeline.counters.accepted);
      const ids: string[] = [];
      try {
        for (let i = 0; i < total; i++) {
          const m = moduleMessage(new Date(), { rides: 1, f: { f1: i % 5 } });
          ids.push(m.id);
          await publisher.publishAsync(moduleTopic(lift.es, 'module'), JSON.stringify(m), { qos: 1 });
        }
        await allReceived;
      } finally {
        await publisher.endAsync();
        socket.disconnect();
      }
      expect([...received].sort()).toEqual([...ids].sort());
      // Sockets hear messages as they arrive; storing them may finish a moment later.
      await Promise.all([a, b].map((n) => n.app.ingest.flush()));
      const accepted = [a, b].map((n, i) => n.app.ingest.pipeline.counters.accepted - (acceptedBefore[i] ?? 0));
      // The shared subscription gave both nodes a part.
      expect(accepted.every((n) => n > 0)).toBe(true);
      expect(accepted.reduce((sum, n) => sum + n, 0)).toBe(total);
      const [row] = await sqlRows<{ messages: number; rides: number }>(
        a.database.db,
        sql`select (select count(*)::int from ingested_messages where es_number = ${lift.es}) as messages,
                 (select coalesce(sum(value), 0)::int from counters where lift_id = ${lift.liftId} and kind = 'rides') as rides`,
      );
      expect(row).toEqual({ messages: total, rides: total });
    });

    it('a logout on node A closes the session’s socket on node B within a second', async () => {
      const userToken = await logIn();
      const socket = await liftSocketOn(b, userToken);
      try {
        const started = Date.now();
        const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
        const res = await a.app.inject({
          method: 'POST',
          url: '/liftwacht/auth/logout',
          headers: { authorization: `Bearer ${userToken}` },
        });
        expect(res.statusCode).toBe(200);
        expect(await closed).toBe('io server disconnect');
        expect(Date.now() - started).toBeLessThan(1000);
      } finally {
        socket.disconnect();
      }
    });

    it('a batch posted to node A reaches a socket on node B', async () => {
      const socket = await liftSocketOn(b);
      try {
        const m = moduleMessage(new Date(), { floor: 2 });
        const received = new Promise<ModuleSocketMessage>((resolve) => socket.once('module', resolve));
        const res = await a.app.inject({
          method: 'POST',
          url: '/liftwacht/ingest',
          headers: { 'x-module-key': moduleKey },
          payload: { messages: [{ kind: 'module', ...m }] },
        });
        expect(res.json()).toMatchObject({ data: { accepted: 1 } });
        expect((await received).message).toEqual(m);
      } finally {
        socket.disconnect();
      }
    });
  },
);
