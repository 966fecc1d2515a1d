// Ingest metrics when ingest runs in its worker thread (PostgreSQL server): the batches are stored
// there, and their sizes, lags and the worker's tallies still reach this app's metrics.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleTopic } from '@liftwacht/contracts/ingest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { systemClock } from '../../lib/clock.ts';
import { createMailer } from '../../plugins/mail.ts';
import { insertFixtures } from '../../test-support/fixtures.ts';
import { insertLiftWithModule, moduleMessage } from '../ingest/ingest-test-support.ts';
import { startPostgresDatabase, type RunningService } from '../realtime/test-services.ts';

// Needs a PostgreSQL server: run once, in the PostgreSQL project when there is one.
const project = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const thisProject = process.env.LIFTWACHT_TEST_DB === project;
const metricsToken = 'metrics-worker-test-token-0123';

describe.skipIf(!thisProject)('ingest metrics from the ingest worker thread', () => {
  let postgres: RunningService;
  let database: Database;
  let app: FastifyInstance;
  let dir: string;
  let owner: number;

  beforeAll(async () => {
    postgres = await startPostgresDatabase();
    database = await openDatabase({ url: postgres.url });
    owner = (await insertFixtures(database.db)).org.owner;
    dir = mkdtempSync(path.join(tmpdir(), 'liftwacht-metrics-worker-'));
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://portal.test',
      JWT_SECRET: 'metrics-worker-test-secret-metrics-worker',
      DATABASE_URL: postgres.url,
      INGEST_WORKER: 'on',
      MQTT_PORT: '0',
      METRICS_TOKEN: metricsToken,
    });
    const mailer = createMailer({ smtpUrl: undefined, outboxDir: path.join(dir, 'outbox'), from: config.mailFrom });
    app = await buildApp({ config, database, clock: systemClock, mailer, logger: false });
    await app.ready();
  }, 120_000);

  const scrape = () =>
    app.inject({ method: 'GET', url: '/liftwacht/metrics', headers: { authorization: `Bearer ${metricsToken}` } });

  afterAll(async () => {
    await app.close();
    await database.close();
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('counts the messages the worker stored and rejected, with batch sizes and lag', async () => {
    expect(app.ingest.worker).not.toBeNull();
    const { es } = await insertLiftWithModule(database.db, owner);
    const at = new Date(Date.now() - 60_000);
    const outcomes = await Promise.all(
      [1, 2, 3].map((floor) =>
        app.ingest.pipeline.submitMqtt(
          moduleTopic(es, 'module'),
          Buffer.from(JSON.stringify(moduleMessage(at, { floor }))),
        ),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['accepted', 'accepted', 'accepted']);
    await app.ingest.pipeline.submitMqtt(moduleTopic(es, 'module'), Buffer.from('{not json'));

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^liftwacht_ingest_messages_received_total 4$/m);
    expect(res.body).toMatch(/^liftwacht_ingest_messages_rejected_total\{reason="invalid"\} 1$/m);
    expect(res.body).toMatch(/^liftwacht_ingest_batch_size_sum 3$/m);
    expect(res.body).toMatch(/^liftwacht_ingest_lag_seconds_count 3$/m);
    expect(res.body).toMatch(/^liftwacht_db_pool_connections\{kind="postgres",state="total"\} [1-9]/m);
  });

  it('times how long each live message waited for the main thread to hand it to its sockets', async () => {
    const fanOutWait = async () => {
      const res = await scrape();
      const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(res.body)?.[1] ?? NaN);
      return {
        count: value('liftwacht_realtime_fanout_wait_seconds_count'),
        sum: value('liftwacht_realtime_fanout_wait_seconds_sum'),
        withinASecond: value('liftwacht_realtime_fanout_wait_seconds_bucket\\{le="1"\\}'),
      };
    };
    const before = await fanOutWait();
    const { es } = await insertLiftWithModule(database.db, owner);
    const at = new Date(Date.now() - 60_000);
    await Promise.all(
      [4, 5].map((floor) =>
        app.ingest.pipeline.submitMqtt(
          moduleTopic(es, 'module'),
          Buffer.from(JSON.stringify(moduleMessage(at, { floor }))),
        ),
      ),
    );
    // The worker posts a message to the main thread as it reads it; the main thread takes it in
    // its next slice, which may come after the batch's reply.
    await expect.poll(async () => (await fanOutWait()).count).toBe(before.count + 2);
    const after = await fanOutWait();
    expect(after.withinASecond - before.withinASecond).toBe(2);
    expect(after.sum).toBeGreaterThanOrEqual(before.sum);
  });
});
