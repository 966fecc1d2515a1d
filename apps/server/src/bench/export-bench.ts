// npm run bench:export — list exports on PostgreSQL (BENCH_DATABASE_URL, database lw_bench_export,
// recreated each run): 100,000 events of one organisation exported as CSV and XLSX through the
// whole HTTP stack over a real socket (GET /events/export, every event, closed ones too), timed to
// the last byte, with the process's peak RSS growth while it streams (target: ≤ 5 s, flat memory).
// Benchmarks print figures; they never assert on time.
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { systemClock } from '../lib/clock.ts';
import { createMailer } from '../plugins/mail.ts';
import { insertFixtures } from '../test-support/fixtures.ts';
import { freshPostgresDatabase } from './bench-support.ts';

const eventCount = 100_000;
const liftCount = 500;
const line = (text: string) => process.stdout.write(`${text}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const url = await freshPostgresDatabase('lw_bench_export');
  const database = await openDatabase({ url });
  const fixtures = await insertFixtures(database.db);
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lw-bench-export-')), LOG_LEVEL: 'silent' });
  const mailer = createMailer({
    smtpUrl: undefined,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: config.mailFrom,
  });
  const app = await buildApp({ config, database, clock: systemClock, mailer, logger: false });
  await app.ready();
  const owner = fixtures.org.owner;

  line(`export bench on PostgreSQL: ${eventCount.toLocaleString('en')} events over ${liftCount} lifts`);
  line(`load average (1 min) / cores: ${loadavg()[0]?.toFixed(2) ?? '?'} / ${availableParallelism()}`);
  const referenceStarted = performance.now();
  await database.db.execute(sql`select count(*) from generate_series(1, 1000000)`);
  line(`reference: count 1e6 rows in SQL ${(performance.now() - referenceStarted).toFixed(0)} ms`);

  // Made in SQL: the export is what is measured. Every third event still open.
  await database.db.execute(sql`
    insert into lifts (organisation_id, name, address, city)
    select ${owner}, 'Benchlift ' || g, 'Benchlaan ' || g, 'Utrecht' from generate_series(1, ${liftCount}) g`);
  await database.db.execute(sql`
    insert into events (lift_id, type, started_at, ended_at, closed, floor)
    select l.id,
           (array['unavailable','battery','sense_failure','en627_door_closing_fault','alarm_call'])[1 + g % 5],
           timestamptz '2025-01-01 00:00:00+00' + g * interval '5 minutes',
           case when g % 3 = 0 then null
                else timestamptz '2025-01-01 00:00:00+00' + g * interval '5 minutes' + (g % 97) * interval '1 minute' end,
           g % 3 <> 0,
           nullif(g % 7, 6)
    from generate_series(1, ${eventCount}) g
    join (select id, row_number() over (order by id) - 1 as n from lifts where organisation_id = ${owner}) l
      on l.n = g % ${liftCount}`);
  await database.db.execute(sql`analyze`);

  const login = await app.inject({
    method: 'POST',
    url: '/liftwacht/auth',
    payload: { username: 'test-admin', password: 'Correct-horse-42' },
  });
  const token = login.json<{ data: { accessToken: string } }>().data.accessToken;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const exportOnce = (format: 'csv' | 'xlsx') =>
    new Promise<{ status: number; bytes: number; lines: number; ms: number; peakGrowth: number }>((resolve, reject) => {
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const started = performance.now();
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'GET',
          path: `/liftwacht/events/export?organisationId=${owner}&showClosed=true&format=${format}`,
          headers: { authorization: `Bearer ${token}` },
        },
        (res) => {
          let bytes = 0;
          let lines = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (format === 'csv') for (const byte of chunk) if (byte === 10) lines++;
          });
          res.on('end', () => {
            clearInterval(sampler);
            const ms = performance.now() - started;
            resolve({ status: res.statusCode ?? 0, bytes, lines, ms, peakGrowth: peak - baseline });
          });
          res.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end();
    });

  line(
    `\nGET /events/export of ${eventCount.toLocaleString('en')} events, streamed over HTTP (server and client in this process)`,
  );
  for (const format of ['csv', 'xlsx', 'csv', 'xlsx'] as const) {
    const r = await exportOnce(format);
    const rows = format === 'csv' ? `, ${(r.lines - 1).toLocaleString('en')} rows` : '';
    line(
      `${format.toUpperCase().padEnd(5)} ${r.status} ${mb(r.bytes).padStart(8)}${rows} in ${seconds(r.ms).padStart(7)}, peak RSS growth ${mb(r.peakGrowth)}`,
    );
  }
  line(`load average (1 min) at the end: ${loadavg()[0]?.toFixed(2) ?? '?'}`);
  await app.close();
  await database.close();
}

await main();
