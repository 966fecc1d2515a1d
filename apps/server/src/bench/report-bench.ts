// npm run bench:report — time to the full organisation report PDF and the memory it takes, for
// one organisation of 1,000 lifts over a year (targets: p50 ≤ 0.5 s, RSS growth ≤ 50 MB), and
// /health's worst latency while five such reports are asked at once over a real socket (target:
// under 1 s). The fleet is generated deterministically into a fresh in-memory PGlite, or into a
// fresh database on the PostgreSQL server named by BENCH_DATABASE_URL. Prints figures with the
// load average and a reference line; never asserts on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database, type Db } from '../db/database.ts';
import { availabilityKinds, refreshAvailabilityRollup } from '../db/rollups/availability-rollup.ts';
import { calls, events, inspections, lifts, visits } from '../db/schema.ts';
import { manualClock } from '../lib/clock.ts';
import { createMailer } from '../plugins/mail.ts';
import { fixturePassword, insertFixtures } from '../test-support/fixtures.ts';
import { download, healthText, printLoadAndReference, withHealthProbe } from './bench-support.ts';

const { values: args } = parseArgs({
  options: {
    lifts: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '5' },
  },
});
const liftCount = Number(args.lifts);
const runs = Number(args.runs);

const now = new Date('2026-03-10T09:00:00Z');
const period = { from: '2025-03-01', to: '2026-02-28' };
const day = 86_400_000;
const hour = 3_600_000;

/** mulberry32: the same fleet on every run and every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const streets = [
  'Dorpsstraat',
  'Kerkweg',
  'Stationsplein',
  'Molenlaan',
  'Havenkade',
  'Schoolstraat',
  'Parkweg',
  'Julianalaan',
];
const cities = [
  'Utrecht',
  'Amersfoort',
  'Zwolle',
  'Den Haag',
  'Leeuwarden',
  'Eindhoven',
  'Groningen',
  "'s-Hertogenbosch",
];
const faults = [
  'en627_door_closing_fault',
  'en627_door_opening_fault',
  'en627_cannot_start',
  'en627_alarm_button_pressed',
];

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) await insert(rows.slice(i, i + 2000));
}

/** A year of history per lift at realistic rates: ~10 outages, ~25 other events, ~12 calls, ~6 visits. */
async function seedFleet(db: Db, organisationId: number): Promise<Record<string, number>> {
  const random = prng(20260310);
  const between = (lo: number, hi: number) => lo + random() * (hi - lo);
  const start = Date.parse('2025-01-01T00:00:00Z');
  const span = now.getTime() - start;

  const liftRows = await db
    .insert(lifts)
    .values(
      Array.from({ length: liftCount }, (_, i) => ({
        organisationId,
        name: `Lift ${String(i + 1).padStart(4, '0')} ${streets[i % streets.length] ?? ''}`,
        address: `${streets[(i * 7) % streets.length] ?? ''} ${1 + (i % 180)}, ${cities[i % cities.length] ?? ''}`,
        buildingName: i % 4 === 0 ? `Complex ${Math.floor(i / 4) + 1}` : null,
        liftType: random() < 0.85 ? 'MRL' : null,
        maintenanceIntervalDays: [60, 90, 90, 120][i % 4] ?? 90,
      })),
    )
    .returning({ id: lifts.id, liftType: lifts.liftType, interval: lifts.maintenanceIntervalDays });

  const eventRows: (typeof events.$inferInsert)[] = [];
  const callRows: (typeof calls.$inferInsert)[] = [];
  const visitRows: (typeof visits.$inferInsert)[] = [];
  const inspectionRows: (typeof inspections.$inferInsert)[] = [];
  const at = (ms: number) => new Date(Math.round(ms));

  for (const lift of liftRows) {
    // Outages one after another: mostly hours, now and then days; 1 % of lifts is down right now.
    let t = start + between(0, 30) * day;
    while (t < now.getTime()) {
      const duration = random() < 0.1 ? between(24, 72) * hour : between(0.2, 8) * hour;
      const open = t + duration > now.getTime() || (random() < 0.01 && t > now.getTime() - 20 * day);
      eventRows.push({
        liftId: lift.id,
        type: 'unavailable',
        startedAt: at(t),
        endedAt: open ? null : at(t + duration),
      });
      if (open) break;
      t += duration + between(10, 60) * day;
    }
    if (lift.liftType) {
      for (let n = 0; n < 3; n++) {
        const s = start + random() * span;
        eventRows.push({
          liftId: lift.id,
          type: 'intercom_unavailable',
          startedAt: at(s),
          endedAt: at(Math.min(s + between(2, 72) * hour, now.getTime() - hour)),
        });
      }
    }
    for (let n = 0; n < 20; n++) {
      const s = start + random() * span;
      eventRows.push({
        liftId: lift.id,
        type: faults[n % faults.length] ?? 'en627_cannot_start',
        startedAt: at(s),
        endedAt: at(s + 5 * 60_000),
        floor: n % 6,
      });
    }
    for (let n = 0; n < 12; n++) {
      const s = start + random() * span;
      const r = random();
      const kind = r < 0.5 ? 'test' : r < 0.8 ? 'false_alarm' : r < 0.9 ? 'entrapment' : 'other';
      callRows.push({
        liftId: lift.id,
        startedAt: at(s),
        acknowledgedAt: at(s + 30_000),
        endedAt: at(s + 600_000),
        kind,
        status: 'ended',
      });
      eventRows.push({ liftId: lift.id, type: 'alarm_call', startedAt: at(s), endedAt: at(s + 600_000) });
    }
    for (
      let v = start + between(0, lift.interval) * day;
      v < now.getTime();
      v += lift.interval * between(0.8, 1.3) * day
    ) {
      visitRows.push({
        liftId: lift.id,
        type: 'maintenance',
        role: 'mechanic',
        state: 'finished',
        startedAt: at(v),
        endedAt: at(v + 2 * hour),
      });
    }
    for (let n = 0; n < 2; n++) {
      const s = start + random() * span;
      visitRows.push({
        liftId: lift.id,
        type: 'repair',
        role: 'mechanic',
        state: random() < 0.1 ? 'canceled' : 'finished',
        startedAt: at(s),
        endedAt: at(s + 3 * hour),
      });
    }
    const inspected = new Date(start + random() * span - 120 * day);
    const validUntil = new Date(inspected.getTime() + 548 * day);
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    inspectionRows.push({
      liftId: lift.id,
      inspectedOn: iso(inspected),
      result: 'approved',
      validUntil: iso(validUntil),
      logType: 'periodic_inspection',
    });
    if (random() < 0.05) {
      inspectionRows.push({
        liftId: lift.id,
        inspectedOn: iso(new Date(inspected.getTime() + 30 * day)),
        result: 'rejected',
        logType: 'periodic_inspection',
      });
    }
  }
  await insertChunked(eventRows, (c) => db.insert(events).values(c));
  await insertChunked(callRows, (c) => db.insert(calls).values(c));
  await insertChunked(visitRows, (c) => db.insert(visits).values(c));
  await insertChunked(inspectionRows, (c) => db.insert(inspections).values(c));
  return {
    lifts: liftRows.length,
    events: eventRows.length,
    calls: callRows.length,
    visits: visitRows.length,
    inspections: inspectionRows.length,
  };
}

async function openBenchDatabase(): Promise<{ database: Database; label: string; drop?: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ memory: true }), label: 'PGlite (in memory)' };
  const name = 'lw_bench_report';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ url: url.toString() }),
    label: `PostgreSQL (${url.host}/${name})`,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<void> {
  const { database, label, drop } = await openBenchDatabase();
  const seedStart = performance.now();
  const fixtures = await insertFixtures(database.db);
  const counts = await seedFleet(database.db, fixtures.org.owner);
  for (const kind of availabilityKinds) await refreshAvailabilityRollup(database.db, kind);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  process.stdout.write(
    `${label}: ${Object.entries(counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')} seeded and rolled up in ${seedSeconds.toFixed(1)} s\n`,
  );

  const dataDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-bench-report-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    database,
    clock: manualClock(now),
    mailer: createMailer({ smtpUrl: undefined, outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }),
    logger: false,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/liftwacht/auth',
    payload: { username: 'test-admin', password: fixturePassword },
  });
  const headers = { authorization: `Bearer ${login.json<{ data: { accessToken: string } }>().data.accessToken}` };
  const payload = { subjectId: fixtures.org.owner, report: 'organisation', ...period };

  // Wall time is what a user waits; CPU time (this process: server code and, on PGlite, the
  // database too) shows what the work costs when other processes compete for the cores.
  const timed = async (fn: () => Promise<{ statusCode: number; rawPayload: Buffer; body: string }>) => {
    const cpuBefore = process.cpuUsage();
    const startedAt = performance.now();
    const res = await fn();
    const ms = performance.now() - startedAt;
    const cpu = process.cpuUsage(cpuBefore);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000, bytes: res.rawPayload };
  };
  // Over a real socket, as a browser gets it: app.inject keeps each streamed document reachable
  // (~5 MB a 1,000-lift report), which read as the server's memory growth.
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const token = headers.authorization.slice('Bearer '.length);
  const pdfRequest = { method: 'POST', path: '/liftwacht/report/pdf', token, json: payload } as const;
  const report = async () => {
    const cpuBefore = process.cpuUsage();
    const res = await download(port, pdfRequest);
    const cpu = process.cpuUsage(cpuBefore);
    if (res.status !== 200) throw new Error(`report: ${res.status}`);
    return { ms: res.ms, cpuMs: (cpu.user + cpu.system) / 1000, bytes: res.bytes };
  };
  const stats = () =>
    timed(() =>
      app.inject({
        method: 'GET',
        url: `/liftwacht/stats?organisationId=${fixtures.org.owner}&from=${period.from}&to=${period.to}&startHour=7&endHour=19`,
        headers,
      }),
    );

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 5);

  const first = await report();
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let pdf = first.bytes;
  for (let i = 0; i < runs; i++) {
    const run = await report();
    times.push(run.ms);
    cpuTimes.push(run.cpuMs);
    pdf = run.bytes;
  }
  clearInterval(sampler);
  const statsRun = await stats();

  // Five reports asked at once, /health probed beside them from another thread.
  const concurrent = await withHealthProbe(port, () =>
    Promise.all(Array.from({ length: 5 }, () => download(port, pdfRequest))),
  );
  const concurrentFailed = concurrent.result.filter((r) => r.status !== 200).length;
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  const median = (values: number[]) => values[Math.floor(values.length / 2)] ?? 0;
  // One more, kept whole to count its pages (after the memory figures: inject keeps it).
  const whole = await app.inject({ method: 'POST', url: '/liftwacht/report/pdf', headers, payload });
  const pages = (whole.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

  const line = (name: string, value: string) => process.stdout.write(`  ${name.padEnd(36)} ${value}\n`);
  process.stdout.write(
    `\nOrganisation report, ${counts.lifts} lifts, ${period.from}..${period.to} (targets: p50 ≤ 0.5 s, RSS growth ≤ 50 MB)\n`,
  );
  line('first report (cold: fonts, code paths)', `${first.ms.toFixed(0)} ms`);
  line(
    `report wall p50 / max over ${runs} runs`,
    `${median(times).toFixed(0)} ms / ${(times[times.length - 1] ?? 0).toFixed(0)} ms`,
  );
  line('report CPU p50', `${median(cpuTimes).toFixed(0)} ms`);
  line('GET /stats alone (same period), wall/CPU', `${statsRun.ms.toFixed(0)} ms / ${statsRun.cpuMs.toFixed(0)} ms`);
  line('load average (1 min) / cores', `${loadavg()[0]?.toFixed(1) ?? '?'} / ${availableParallelism()}`);
  line('PDF', `${pages} pages, ${(pdf / 1024).toFixed(0)} KB`);
  line('RSS before → peak while reporting', `${mb(rssBefore)} → ${mb(peakRss)} (+${mb(peakRss - rssBefore)})`);
  line('process maxRSS (incl. seeding)', mb(process.resourceUsage().maxRSS * 1024));
  line(
    '5 reports at once, last answered',
    `${Math.max(...concurrent.result.map((r) => r.ms)).toFixed(0)} ms${concurrentFailed > 0 ? `, ${concurrentFailed} not 200` : ''}`,
  );
  line('  beside them (target < 1 s)', healthText(concurrent.health));
  await printLoadAndReference(database);

  await app.close();
  await database.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
