// PostgreSQL restarting under load (issue 15). A cluster of the test's own is stopped with
// `pg_ctl stop -m fast` in the middle of HTTP reads, HTTP ingest and MQTT QoS 1 publishes, left down
// for a few seconds and started again. While it is gone every request answers 503 with Retry-After
// (never 500), /ready names the database, the process and its background jobs survive, everything
// works again by itself once it is back, and every write that was acknowledged (a 200, a PUBACK) is
// in the database. Also: a statement that runs into the statement timeout answers 503.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleTopic, type ModuleMessage } from '@liftwacht/contracts/ingest';
import { buildApp } from '../../app.ts';
import { databaseTarget, loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { systemClock } from '../../lib/clock.ts';
import { databaseUnavailability } from '../../lib/database-errors.ts';
import { createMailer } from '../../plugins/mail.ts';
import { fixturePassword, insertFixtures, type Fixtures } from '../../test-support/fixtures.ts';
import {
  postgresClusterUnavailable,
  startPostgresCluster,
  type PostgresCluster,
} from '../../test-support/postgres-cluster.ts';
import { insertLiftWithModule, moduleMessage, type TestLift } from '../ingest/ingest-test-support.ts';
import { generateModuleKey } from '../../lib/module-keys.ts';
import { findBinary, freePort, startMosquitto, type RunningService } from '../realtime/test-services.ts';

// PostgreSQL only (PGlite cannot be restarted under the app), and it needs the server binaries.
const skipReason =
  process.env.LIFTWACHT_TEST_DB === 'postgres' ? postgresClusterUnavailable() : 'runs in the PostgreSQL project';
if (skipReason && process.env.LIFTWACHT_TEST_DB === 'postgres') {
  console.warn(`postgres-restart.test.ts skipped: ${skipReason}`);
}

/** How long PostgreSQL stays down. */
const gapMs = 3000;
// A short statement timeout, so the lock test does not wait the default 15 s.
const statementTimeoutMs = 2000;

/** Fails with what hung instead of running into the test's timeout without a word. */
async function within<T>(work: Promise<T>, what: string, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${String(ms)} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

interface Sample {
  at: number;
  kind: string;
  status: number | 'network error';
  retryAfter: string | null;
}

// The embedded broker acknowledges after the commit itself; with Mosquitto the server holds back its
// PUBACK to the broker until the commit, and the broker sends again what was not acknowledged.
const brokers = findBinary('mosquitto') ? (['embedded', 'mosquitto'] as const) : (['embedded'] as const);

describe.skipIf(skipReason !== null)('PostgreSQL restarting under load', () => {
  describe.each(brokers)('with the %s MQTT broker', (broker) => {
    let cluster: PostgresCluster | undefined;
    let database: Database | undefined;
    let app: FastifyInstance;
    let dir: string;
    let base: string;
    let fixtures: Fixtures;
    let token: string;
    let httpLift: TestLift;
    let mqttLift: TestLift;
    let moduleKey: string;
    let mosquitto: RunningService | undefined;
    let mqttUrl: string;

    beforeAll(async () => {
      if (broker === 'mosquitto') mosquitto = await startMosquitto();
      cluster = await startPostgresCluster();
      const admin = new pg.Client({ connectionString: cluster.adminUrl });
      await admin.connect();
      await admin.query('create database liftwacht');
      await admin.end();
      const url = new URL(cluster.adminUrl);
      url.pathname = '/liftwacht';

      dir = mkdtempSync(path.join(tmpdir(), 'liftwacht-pg-restart-app-'));
      const config = loadConfig({
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'https://portal.test',
        JWT_SECRET: 'postgres-restart-test-secret-postgres-restart',
        DATABASE_URL: url.toString(),
        DATABASE_STATEMENT_TIMEOUT_MS: String(statementTimeoutMs),
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        // A fixed port, as in production: a module reconnects to the same one whatever happens.
        MQTT_PORT: String(await freePort()),
        ...(mosquitto ? { MQTT_URL: mosquitto.url, MQTT_CLIENT_ID: 'liftwacht-restart-test' } : {}),
      });
      // As main.ts opens it: the app's pool with the configured timeouts.
      database = await openDatabase(databaseTarget(config));
      fixtures = await insertFixtures(database.db);
      httpLift = await insertLiftWithModule(database.db, fixtures.org.owner);
      mqttLift = await insertLiftWithModule(database.db, fixtures.org.owner);
      const key = generateModuleKey(httpLift.es);
      moduleKey = key.key;
      await database.db.execute(sql`update modules set key_hash = ${key.hash} where es_number = ${httpLift.es}`);

      const mailer = createMailer({ smtpUrl: undefined, outboxDir: path.join(dir, 'outbox'), from: config.mailFrom });
      app = await buildApp({ config, database, clock: systemClock, mailer, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}/liftwacht`;
      await app.mqtt.start();
      mqttUrl = mosquitto?.url ?? `mqtt://127.0.0.1:${String(app.mqtt.port)}`;
      const login = await fetch(`${base}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'test-user', password: fixturePassword }),
      });
      token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    }, 120_000);

    afterAll(async () => {
      await app.close();
      await database?.close();
      await cluster?.destroy();
      await mosquitto?.stop();
      rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    it('answers 503 with Retry-After and never 500 while PostgreSQL restarts, recovers, and keeps every acknowledged write', async () => {
      const restarter = cluster;
      const db = database?.db;
      if (!restarter || !db) throw new Error('no cluster');
      // The default deployment with a PostgreSQL server: ingest in its worker thread.
      expect(app.ingest.worker).not.toBeNull();

      const samples: Sample[] = [];
      const ready: { at: number; status: number; database: string | undefined }[] = [];
      let running = true;

      const call = async (kind: string, url: string, init: RequestInit = {}) => {
        try {
          const res = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(20_000) });
          const body: unknown = await res.json();
          samples.push({ at: Date.now(), kind, status: res.status, retryAfter: res.headers.get('retry-after') });
          return { status: res.status, body };
        } catch {
          samples.push({ at: Date.now(), kind, status: 'network error', retryAfter: null });
          return null;
        }
      };

      const authorised = { headers: { authorization: `Bearer ${token}` } };
      const reader = async (kind: string, url: string) => {
        while (running) {
          await call(kind, url, authorised);
          await sleep(25);
        }
      };

      // A gateway posting a few messages at a time, and posting the same ones again after a 503.
      const httpAcknowledged: string[] = [];
      const httpWriter = async () => {
        let pending: ModuleMessage[] | null = null;
        while (running) {
          pending ??= [1, 2, 3].map(() => moduleMessage(new Date(), { rides: 1 }));
          const res = await call('POST /ingest', '/ingest', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-module-key': moduleKey },
            body: JSON.stringify({ messages: pending.map((m) => ({ kind: 'module', ...m })) }),
          });
          if (res?.status === 200) {
            const data = (res.body as { data: { accepted: number; duplicates: number } }).data;
            expect(data.accepted + data.duplicates).toBe(pending.length);
            httpAcknowledged.push(...pending.map((m) => m.id));
            pending = null;
          }
          await sleep(res?.status === 200 ? 25 : 250);
        }
      };

      // A module publishing at QoS 1; mqtt.js sends unacknowledged messages again after reconnecting.
      const module = await mqtt.connectAsync(mqttUrl, { reconnectPeriod: 300 });
      const mqttAcknowledged: string[] = [];
      let mqttPublished = 0;
      const mqttWriter = async () => {
        const inFlight = new Set<Promise<void>>();
        while (running) {
          const m = moduleMessage(new Date(), { rides: 1 });
          mqttPublished++;
          const done = module.publishAsync(moduleTopic(mqttLift.es, 'module'), JSON.stringify(m), { qos: 1 }).then(
            () => void mqttAcknowledged.push(m.id),
            () => undefined,
          );
          inFlight.add(done);
          void done.finally(() => inFlight.delete(done));
          if (inFlight.size >= 5) await Promise.race([...inFlight, sleep(1000)]);
          await sleep(25);
        }
        // What was published but not yet acknowledged goes again once the database is back.
        await Promise.race([Promise.allSettled([...inFlight]), sleep(20_000)]);
      };

      const readyPoller = async () => {
        while (running) {
          try {
            const res = await fetch(`${base}/ready`, { signal: AbortSignal.timeout(10_000) });
            const body = (await res.json()) as { checks: Record<string, string> };
            ready.push({ at: Date.now(), status: res.status, database: body.checks.database });
          } catch {
            ready.push({ at: Date.now(), status: 0, database: undefined });
          }
          await sleep(200);
        }
      };

      const today = new Date().toISOString().slice(0, 10);
      const loops = [
        reader('GET /lift', '/lift'),
        reader('GET /stats', `/stats?organisationId=${String(fixtures.org.owner)}`),
        reader('GET /stats period', `/stats?organisationId=${String(fixtures.org.owner)}&from=2025-01-01&to=${today}`),
        httpWriter(),
        mqttWriter(),
        readyPoller(),
      ];

      await sleep(3000);
      const stoppingAt = Date.now();
      await within(restarter.stop(), 'pg_ctl stop');
      const downAt = Date.now();
      // Background jobs meet the outage too: they fail as unavailable, and the process lives on.
      const healthDown = await within(
        app.ingest.health.runOnce().then(
          () => null,
          (err: unknown) => databaseUnavailability(err),
        ),
        'the health job while down',
      );
      const mailDown = await within(
        app.mailQueue.drain().then(
          () => null,
          (err: unknown) => databaseUnavailability(err),
        ),
        'the mail queue while down',
      );
      await sleep(gapMs);
      const startingAt = Date.now();
      await within(restarter.start(), 'pg_ctl start');
      const upAt = Date.now();

      // Recovered by itself: /ready says so within seconds.
      let recoveredAt: number | null = null;
      while (Date.now() - upAt < 20_000) {
        const last = ready.at(-1);
        if (last && last.at > upAt && last.status === 200) {
          recoveredAt = last.at;
          break;
        }
        await sleep(100);
      }
      await sleep(3000);
      const healthUp = await within(app.ingest.health.runOnce(), 'the health job after the restart');
      const mailUp = await within(app.mailQueue.drain(), 'the mail queue after the restart');
      running = false;
      await within(Promise.all(loops), 'the load to stop', 30_000);
      await within(module.endAsync(), 'the module to disconnect');
      await within(app.ingest.flush(), 'ingest to flush');

      const acknowledged = [...httpAcknowledged.map((id) => `${httpLift.es}:${id}`)].concat(
        mqttAcknowledged.map((id) => `${mqttLift.es}:${id}`),
      );
      const storedIds = async () =>
        new Set(
          (
            await sqlRows<{ message_id: string }>(
              db,
              sql`select message_id from ingested_messages where message_id like ${`${httpLift.es}:%`} or message_id like ${`${mqttLift.es}:%`}`,
            )
          ).map((r) => r.message_id),
        );
      // With the embedded broker a PUBACK means stored. Mosquitto acknowledges the module itself and
      // sends the server again what the server did not acknowledge: stored soon, then.
      let stored = await storedIds();
      let missing = acknowledged.filter((id) => !stored.has(id));
      const settleUntil = Date.now() + 20_000;
      while (broker === 'mosquitto' && missing.length > 0 && Date.now() < settleUntil) {
        await sleep(250);
        await app.ingest.flush();
        stored = await storedIds();
        missing = acknowledged.filter((id) => !stored.has(id));
      }

      const byStatus = (list: Sample[]) =>
        Object.fromEntries(
          [...new Set(list.map((s) => s.status))].map((status) => [
            status,
            list.filter((s) => s.status === status).length,
          ]),
        );
      const during = samples.filter((s) => s.at >= stoppingAt && s.at <= (recoveredAt ?? Date.now()));
      const kinds = [...new Set(samples.map((s) => s.kind))];
      const figures = {
        requests: samples.length,
        statuses: byStatus(samples),
        duringRestart: { requests: during.length, statuses: byStatus(during) },
        perKind: Object.fromEntries(kinds.map((k) => [k, byStatus(samples.filter((s) => s.kind === k))])),
        ready: {
          samples: ready.length,
          databaseFailedDuringGap: ready.filter((r) => r.at > downAt && r.at < startingAt && r.database === 'failed')
            .length,
          stopToDown: downAt - stoppingAt,
          startToUp: upAt - startingAt,
          upToReady: recoveredAt === null ? null : recoveredAt - upAt,
        },
        writes: {
          httpAcknowledged: httpAcknowledged.length,
          mqttPublished,
          mqttAcknowledged: mqttAcknowledged.length,
          stored: stored.size,
          acknowledgedButMissing: missing.length,
        },
        jobs: { healthDown, mailDown, healthUp, mailUp },
      };
      console.log(`postgres restart: ${JSON.stringify(figures, null, 2)}`);

      // Only 2xx or 503 with Retry-After, never a 500 nor a dropped connection.
      expect(samples.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
      expect(samples.filter((s) => s.status === 503 && !s.retryAfter)).toEqual([]);
      // The outage was met: reads answered 503 while the database was gone.
      expect(during.filter((s) => s.status === 503).length).toBeGreaterThan(0);
      // /ready named the database during the gap, and was ready again afterwards.
      expect(figures.ready.databaseFailedDuringGap).toBeGreaterThan(0);
      expect(ready.filter((r) => r.at > downAt && r.at < startingAt).every((r) => r.status === 503)).toBe(true);
      expect(recoveredAt).not.toBeNull();
      expect(ready.at(-1)).toMatchObject({ status: 200, database: 'ok' });
      // Every kind of request works again after the restart.
      for (const kind of kinds) {
        expect(
          samples.filter((s) => s.kind === kind && s.at > (recoveredAt ?? 0) && s.status === 200).length,
        ).toBeGreaterThan(0);
      }
      // Writes went on after the restart, and none that was acknowledged is missing.
      expect(httpAcknowledged.length).toBeGreaterThan(0);
      expect(mqttAcknowledged.length).toBeGreaterThan(0);
      expect(missing).toEqual([]);
      expect(figures.jobs).toMatchObject({ healthDown: 'outage', mailDown: 'outage' });
      // The ingest worker lived through it: its pool's connections died under it, not the thread.
      expect(app.ingest.worker?.restarts).toBe(0);
    }, 90_000);

    it.skipIf(broker !== 'embedded')(
      'answers 503 with Retry-After when a statement runs into the statement timeout',
      async () => {
        if (!database) throw new Error('no database');
        // Another session holds the lifts table, so listing lifts waits until the server cancels it.
        const blocker = new pg.Client({ connectionString: cluster?.adminUrl.replace(/\/postgres$/, '/liftwacht') });
        await blocker.connect();
        try {
          await blocker.query('begin');
          await blocker.query('lock table lifts in access exclusive mode');
          const started = Date.now();
          const res = await fetch(`${base}/lift`, { headers: { authorization: `Bearer ${token}` } });
          const elapsed = Date.now() - started;
          expect(res.status).toBe(503);
          expect(res.headers.get('retry-after')).toBe('30');
          expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unavailable');
          expect(elapsed).toBeGreaterThanOrEqual(statementTimeoutMs - 100);
          expect(elapsed).toBeLessThan(statementTimeoutMs + 5000);
        } finally {
          await blocker.query('rollback');
          await blocker.end();
        }
        const after = await fetch(`${base}/lift`, { headers: { authorization: `Bearer ${token}` } });
        expect(after.status).toBe(200);
      },
    );
  });
});
