// Shared plumbing for the benchmarks: timing percentiles, a fresh PostgreSQL database, the whole
// app to call through HTTP injection or a real socket, the load average and a reference figure.
// Benchmarks print figures; they never assert on time.
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { systemClock } from '../lib/clock.ts';
import { createMailer } from '../plugins/mail.ts';
import { fixturePassword } from '../test-support/fixtures.ts';

export const benchDatabaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://liftwacht@127.0.0.1:55432/postgres';

export interface Timing {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

/** The value at quantile q (0–1) of samples sorted ascending; 0 for none. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
}

/** Runs fn `warmup` times unmeasured, then `runs` times, and returns percentiles in ms. */
export async function measure(name: string, fn: () => Promise<unknown>, runs = 50, warmup = 3): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { name, runs, p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), max: samples.at(-1) ?? 0 };
}

export function printTimings(title: string, timings: Timing[]): void {
  process.stdout.write(`\n${title}\n`);
  process.stdout.write(
    `${'call'.padEnd(48)} ${'runs'.padStart(5)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'max ms'.padStart(9)}\n`,
  );
  for (const t of timings) {
    process.stdout.write(
      `${t.name.padEnd(48)} ${String(t.runs).padStart(5)} ${t.p50.toFixed(1).padStart(9)} ${t.p95.toFixed(1).padStart(9)} ${t.max.toFixed(1).padStart(9)}\n`,
    );
  }
}

/** Drops and recreates a database on the benchmark server (or the one at serverUrl); returns its URL. */
export async function freshPostgresDatabase(name: string, serverUrl = benchDatabaseUrl): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One line of benchmark output. */
export const line = (text: string) => process.stdout.write(`${text}\n`);
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const loadAverage = () => loadavg()[0]?.toFixed(2) ?? '?';

/**
 * The whole server (buildApp with the system clock, mails to an outbox in a temporary data
 * directory, no logging) on an open database, ready for app.inject or app.listen.
 */
export async function benchApp(database: Database, name: string): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), `lw-bench-${name}-`)), LOG_LEVEL: 'silent' });
  const mailer = createMailer({
    smtpUrl: undefined,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: config.mailFrom,
  });
  const app = await buildApp({ config, database, clock: systemClock, mailer, logger: false });
  await app.ready();
  return app;
}

/** A fixture user's access token (test-support/fixtures.ts). */
export async function benchToken(app: FastifyInstance, username: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/liftwacht/auth',
    payload: { username, password: fixturePassword },
  });
  return login.json<{ data: { accessToken: string } }>().data.accessToken;
}

/** The load average and a reference figure from the same machine, so a run's figures can be weighed. */
export async function printLoadAndReference(database: Database): Promise<void> {
  line(`load average (1 min) / cores: ${loadAverage()} / ${availableParallelism()}`);
  const started = performance.now();
  await database.db.execute(sql`select count(*) from generate_series(1, 1000000)`);
  line(`reference: count 1e6 rows in SQL ${(performance.now() - started).toFixed(0)} ms`);
}

export interface DownloadResult {
  status: number;
  bytes: number;
  /** Newlines seen (rows + 1 for a CSV with a header). */
  newlines: number;
  ms: number;
}

/** Downloads a response over a real socket to the last byte, counting bytes and newlines. */
export function download(
  port: number,
  request: { method: 'GET' | 'POST'; path: string; token: string; json?: unknown },
): Promise<DownloadResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers: Record<string, string> = { authorization: `Bearer ${request.token}` };
    if (request.json !== undefined) headers['content-type'] = 'application/json';
    const outgoing = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers },
      (res) => {
        let bytes = 0;
        let newlines = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines++;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, newlines, ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.json === undefined ? undefined : JSON.stringify(request.json));
  });
}

export interface HealthWorst {
  probes: number;
  /** Probes that did not answer 200. */
  failed: number;
  worstMs: number;
}

// The probe runs in a worker thread of its own: its timers keep firing while the server's main
// thread is busy, so a stall is measured from the moment a probe was due, not from whenever the
// stalled loop got round to sending it. One keep-alive connection, never queued behind the load.
const healthProbeSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let worst = 0, probes = 0, failed = 0, pendingSince, stopped = false;
const probe = () => {
  if (stopped) return;
  const now = performance.now();
  if (pendingSince !== undefined) { worst = Math.max(worst, now - pendingSince); return; }
  const started = now;
  pendingSince = started;
  const done = (ok) => {
    if (pendingSince !== started) return;
    pendingSince = undefined;
    probes++;
    if (!ok) failed++;
    worst = Math.max(worst, performance.now() - started);
  };
  const req = http.get({ host: '127.0.0.1', port: workerData.port, path: '/liftwacht/health', agent }, (res) => {
    res.resume();
    res.on('end', () => done(res.statusCode === 200));
  });
  req.on('error', () => done(false));
};
const timer = setInterval(probe, workerData.everyMs);
parentPort.on('message', () => {
  stopped = true;
  clearInterval(timer);
  if (pendingSince !== undefined) worst = Math.max(worst, performance.now() - pendingSince);
  agent.destroy();
  parentPort.postMessage({ probes, failed, worstMs: worst });
});
parentPort.postMessage('ready');
`;

/**
 * GET /liftwacht/health on 127.0.0.1:port every `everyMs` from a worker thread until stop(): the
 * worst latency seen (an unanswered probe counts with the time it has waited).
 */
export async function startHealthProbe(port: number, everyMs = 50): Promise<{ stop(): Promise<HealthWorst> }> {
  const worker = new Worker(healthProbeSource, { eval: true, workerData: { port, everyMs } });
  await once(worker, 'message');
  return {
    stop: async () => {
      worker.postMessage('stop');
      const [figures] = (await once(worker, 'message')) as [HealthWorst];
      await worker.terminate();
      return figures;
    },
  };
}

/** Runs `load` with the health probe beside it: the load's result and health's worst latency. */
export async function withHealthProbe<T>(
  port: number,
  load: () => Promise<T>,
): Promise<{ result: T; health: HealthWorst }> {
  const probe = await startHealthProbe(port);
  try {
    const result = await load();
    return { result, health: await probe.stop() };
  } catch (err) {
    await probe.stop();
    throw err;
  }
}

export const healthText = (h: HealthWorst) =>
  `health worst ${h.worstMs.toFixed(0)} ms over ${h.probes} probes${h.failed > 0 ? `, ${h.failed} failed` : ''}`;
