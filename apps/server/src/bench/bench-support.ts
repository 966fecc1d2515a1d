// Shared plumbing for the benchmarks: timing percentiles, a fresh PostgreSQL database, an app to
// call through HTTP injection. Benchmarks print figures; they never assert on time.
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export const benchDatabaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://liftwacht@127.0.0.1:55432/postgres';

export interface Timing {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
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
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { name, runs, p50: at(0.5), p95: at(0.95), max: samples[samples.length - 1] ?? 0 };
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
