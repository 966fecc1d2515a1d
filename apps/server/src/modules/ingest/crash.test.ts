// Nothing acknowledged is lost, nothing is stored twice: a server process is killed with SIGKILL in
// the middle of a burst of QoS 1 messages. Mosquitto keeps what the dead node had not acknowledged
// (and what arrived while it was gone) for its persistent session; the restarted node gets all of
// it, and the database ends up holding every message exactly once — their effects too.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleTopic } from '@liftwacht/contracts/ingest';
import { openDatabase, type Database } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertFixtures } from '../../test-support/fixtures.ts';
import {
  missingServices,
  startMosquitto,
  startPostgresDatabase,
  type RunningService,
} from '../realtime/test-services.ts';
import { insertLiftWithModule, moduleMessage, type TestLift } from './ingest-test-support.ts';

const project = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const thisProject = process.env.LIFTWACHT_TEST_DB === project;
const missing = missingServices();
if (thisProject && missing) console.warn(`crash test skipped: ${missing}`);

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const total = 3000;

let postgres: RunningService;
let mosquitto: RunningService;
let database: Database;
let lifts: TestLift[] = [];
let dataDir: string;
const children: ChildProcess[] = [];

/** `npm start`'s entry point as its own process, ingesting from Mosquitto into PostgreSQL. */
function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      MQTT_URL: mosquitto.url,
      MQTT_CLIENT_ID: `liftwacht-crash-test-${String(process.pid)}`,
      SEED_DEMO: 'off',
      SIMULATOR: 'off',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'crash-test-secret-crash-test-secret-crash',
      WEB_DIST_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not subscribe in time:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('subscribed to module messages')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${String(code)}:\n${output}`));
    });
  });
}

async function storedCounts(): Promise<{ messages: number; rides: number; ids: number }> {
  const [row] = await sqlRows<{ messages: number; rides: number; ids: number }>(
    database.db,
    sql`select (select count(*)::int from ingested_messages) as messages,
               (select count(distinct message_id)::int from ingested_messages) as ids,
               (select coalesce(sum(value), 0)::int from counters where kind = 'rides') as rides`,
  );
  return row ?? { messages: 0, rides: 0, ids: 0 };
}

describe.skipIf(!thisProject || missing !== null)(
  `kill -9 during a burst (PostgreSQL, Mosquitto)${missing ? ` — skipped: ${missing}` : ''}`,
  () => {
    beforeAll(async () => {
      [postgres, mosquitto] = await Promise.all([startPostgresDatabase(), startMosquitto()]);
      dataDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-crash-'));
      database = await openDatabase({ url: postgres.url });
      const fixtures = await insertFixtures(database.db);
      lifts = [];
      for (let i = 0; i < 20; i++) lifts.push(await insertLiftWithModule(database.db, fixtures.org.owner));
    }, 120_000);

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await database.close();
      await Promise.allSettled([postgres.stop(), mosquitto.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('stores every message exactly once across the crash', async () => {
      const first = await startServer();
      const publisher = await mqtt.connectAsync(mosquitto.url, { clientId: `crash-publisher-${String(process.pid)}` });
      const acknowledged: Promise<unknown>[] = [];
      let killedAt = -1;
      try {
        for (let i = 0; i < total; i++) {
          const lift = lifts[i % lifts.length];
          if (!lift) throw new Error('no lifts');
          const m = moduleMessage(new Date(), {
            rides: 1,
            floor: i % 7,
            faults: i % 50 < 25 ? [] : ['door_closing_fault'],
          });
          acknowledged.push(publisher.publishAsync(moduleTopic(lift.es, 'module'), JSON.stringify(m), { qos: 1 }));
          if (i % 100 === 99) await new Promise((r) => setTimeout(r, 5));
          // Mid-burst, with batches in flight: the process dies without any chance to clean up.
          if (killedAt < 0 && (await storedCounts()).messages > 0 && i > total / 3) {
            first.kill('SIGKILL');
            killedAt = i;
          }
        }
        await Promise.all(acknowledged);
      } finally {
        await publisher.endAsync();
      }
      expect(killedAt).toBeGreaterThan(0);
      await new Promise<void>((resolve) =>
        first.exitCode !== null || first.signalCode !== null ? resolve() : first.once('exit', () => resolve()),
      );
      const atCrash = await storedCounts();
      expect(atCrash.messages).toBeLessThan(total);

      const second = await startServer();
      const deadline = Date.now() + 60_000;
      let counts = await storedCounts();
      while (counts.messages < total && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        counts = await storedCounts();
      }
      second.kill('SIGTERM');
      expect(counts).toEqual({ messages: total, ids: total, rides: total });
      // Each fault came and went in order: no event opened twice.
      const [doubles] = await sqlRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from (
            select lift_id, type from events where ended_at is null group by 1, 2 having count(*) > 1) d`,
      );
      expect(doubles?.n).toBe(0);
    }, 150_000);
  },
);
