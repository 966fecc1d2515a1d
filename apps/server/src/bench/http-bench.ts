// `npm run bench:http -- [--seconds 5] [--connections 50] [--skip-postgres] [--skip-pglite] [--cpu-prof DIR]`:
// throughput and latency of the whole HTTP stack with autocannon against the real server in a child
// process (http-bench-server.ts: demo fleet, simulator off), on PGlite and on a fresh database on
// the PostgreSQL server (BENCH_DATABASE_URL). Lines: GET /health, an authenticated GET /user (the
// session check and little else), GET /lift (a page of 20) and the current-view GET /stats at
// LOG_LEVEL=warn, each with its ratio to /health in the same run; then the server again at LOG_LEVEL=info for the cost of request logs on GET /lift. The
// server's log goes to a file (as in production, not a terminal). Prints the load average and a
// fixed CPU loop as a reference for how busy the machine was. Figures only; nothing is asserted.
// --cpu-prof DIR writes a V8 CPU profile of the server during the GET /lift line at warn, one per
// database (lift-pglite.cpuprofile, lift-postgresql.cpuprofile; the profiler slows the server, so
// that line's figure is not comparable with a run without it).
import { fork } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freshPostgresDatabase } from './bench-support.ts';
import type { HttpBenchServerReply, HttpBenchServerRequest } from './http-bench-server.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    'skip-postgres': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const password = 'Liftwacht-demo-2026';
const here = path.dirname(fileURLToPath(import.meta.url));
const line = (text = '') => process.stdout.write(`${text}\n`);

interface Server {
  base: string;
  logFile: string;
  /** Runs `work` with the server's CPU profiler on and writes the profile to `file`. */
  profiled<T>(file: string, work: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/** The server in a child process with its stdout in `logFile`; resolves once it listens. */
async function startServer(env: NodeJS.ProcessEnv, logFile: string): Promise<Server> {
  const out = openSync(logFile, 'a');
  const child = fork(path.join(here, 'http-bench-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env,
    stdio: ['ignore', out, 'inherit', 'ipc'],
  });
  closeSync(out);
  const replies: ((reply: HttpBenchServerReply) => void)[] = [];
  child.on('message', (reply: HttpBenchServerReply) => replies.shift()?.(reply));
  const next = () => new Promise<HttpBenchServerReply>((resolve) => replies.push(resolve));
  const ask = (request: HttpBenchServerRequest) => {
    const reply = next();
    child.send(request);
    return reply;
  };
  const ready = await next();
  if (ready.type !== 'ready') throw new Error(`server did not start: ${ready.type === 'error' ? ready.message : ''}`);
  if (ready.seedSeconds > 1) line(`  demo fleet seeded in ${ready.seedSeconds.toFixed(0)} s`);
  return {
    base: `http://127.0.0.1:${String(ready.port)}/liftwacht`,
    logFile,
    profiled: async (file, work) => {
      await ask({ type: 'profile-start' });
      const result = await work();
      await ask({ type: 'profile-stop', file });
      line(`  CPU profile of that line: ${file}`);
      return result;
    },
    stop: async () => {
      await ask({ type: 'stop' });
    },
  };
}

async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${String(res.status)}`);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function firstOrganisation(base: string, token: string): Promise<number> {
  const res = await fetch(`${base}/organisation?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { items: { id: number }[] } };
  const id = body.data.items[0]?.id;
  if (id === undefined) throw new Error('demo-admin sees no organisation');
  return id;
}

interface Result {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function cannon(label: string, url: string, token: string | null, duration = seconds): Promise<Result> {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function print(result: Result, health: Result | null): void {
  const ratio = health ? `${((result.rps / health.rps) * 100).toFixed(0)} % of /health` : '';
  const failures =
    result.non2xx + result.errors > 0 ? `  (${String(result.non2xx)} non-2xx, ${String(result.errors)} errors)` : '';
  line(
    `  ${result.label.padEnd(34)} ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms  ${ratio}${failures}`,
  );
}

/** The same fixed CPU work each time: if it is slow, the machine was busy, not (only) the server. */
function referenceLoopMs(): number {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 30_000_000; i++) x = (x * 31 + i) % 1_000_003;
  if (x < 0) line('unreachable');
  return performance.now() - started;
}

function machineLine(when: string): void {
  line(
    `${when}: load average (1 min) ${loadavg()[0]?.toFixed(2) ?? '?'} on ${String(availableParallelism())} cores; ` +
      `reference: fixed CPU loop ${referenceLoopMs().toFixed(0)} ms (~110 ms on an idle core)`,
  );
}

/** One database: warn run (health, lift, stats), then an info run (health, lift) on the same data. */
async function runDatabase(label: string, env: NodeJS.ProcessEnv, dir: string): Promise<void> {
  line(`\n${label}, ${String(connections)} connections, ${String(seconds)} s per line, simulator off`);
  const warn = await startServer({ ...env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json' }, path.join(dir, 'warn.log'));
  let liftWarn: Result;
  let healthWarn: Result;
  try {
    const token = await login(warn.base, 'demo-admin');
    const organisationId = await firstOrganisation(warn.base, token);
    const urls = {
      health: `${warn.base}/health`,
      user: `${warn.base}/user`,
      lift: `${warn.base}/lift?limit=20&offset=0`,
      stats: `${warn.base}/stats?organisationId=${String(organisationId)}`,
    };
    // Warm-up: JIT, prepared plans, caches.
    for (const url of Object.values(urls)) await cannon('warm-up', url, token, 1);
    line('  LOG_LEVEL=warn');
    healthWarn = await cannon('GET /health', urls.health, null);
    print(healthWarn, null);
    print(await cannon('GET /user (authenticated)', urls.user, token), healthWarn);
    const liftLine = () => cannon('GET /lift?limit=20 (authenticated)', urls.lift, token);
    const profileDir = values['cpu-prof'];
    liftWarn = profileDir
      ? await warn.profiled(path.resolve(profileDir, `lift-${label.toLowerCase()}.cpuprofile`), liftLine)
      : await liftLine();
    print(liftWarn, healthWarn);
    print(await cannon('GET /stats (current view)', urls.stats, token), healthWarn);
  } finally {
    await warn.stop();
  }

  const info = await startServer({ ...env, LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, path.join(dir, 'info.log'));
  try {
    const token = await login(info.base, 'demo-admin');
    const lift = `${info.base}/lift?limit=20&offset=0`;
    await cannon('warm-up', lift, token, 1);
    const logBytesBefore = statSync(info.logFile).size;
    line('  LOG_LEVEL=info (request logs on)');
    const health = await cannon('GET /health', `${info.base}/health`, null);
    print(health, null);
    const liftInfo = await cannon('GET /lift?limit=20 (authenticated)', lift, token);
    print(liftInfo, health);
    const logBytes = statSync(info.logFile).size - logBytesBefore;
    const requests = (health.rps + liftInfo.rps) * seconds;
    const change = (infoRps: number, warnRps: number) =>
      `${((infoRps / warnRps) * 100).toFixed(0)} % of its throughput at warn`;
    line(`  GET /lift at info: ${change(liftInfo.rps, liftWarn.rps)} (the requirement: at least 90 %)`);
    line(
      `  GET /health at info: ${change(health.rps, healthWarn.rps)} (the cheapest route: the log line's cost undiluted); ` +
        `${(logBytes / Math.max(1, requests)).toFixed(0)} log bytes per request`,
    );
  } finally {
    await info.stop();
  }
}

async function main(): Promise<void> {
  line(`bench:http — autocannon ${String(connections)} connections against the real server`);
  machineLine('start');
  if (!values['skip-pglite']) {
    const dir = mkdtempSync(path.join(tmpdir(), 'liftwacht-bench-http-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
      delete env.DATABASE_URL;
      await runDatabase('PGlite', env, dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!values['skip-postgres']) {
    const dir = mkdtempSync(path.join(tmpdir(), 'liftwacht-bench-http-'));
    try {
      const url = await freshPostgresDatabase('lw_bench_http');
      await runDatabase('PostgreSQL', { ...process.env, DATA_DIR: dir, DATABASE_URL: url }, dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  machineLine('end');
}

await main();
