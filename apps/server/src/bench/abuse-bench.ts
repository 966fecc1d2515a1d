// `npm run bench:abuse -- [--scale 1] [--only TEXT] [--postgres]`: the hostile corpus of issue 42
// (test-support/hostile-corpus) at the report's sizes against a real server in a child process
// (abuse-bench-server.ts: the demo fleet on PGlite as `npm start` runs it, or a fresh database on
// BENCH_DATABASE_URL with --postgres or that variable set) over real sockets on 127.0.0.1. Per
// attack it prints the outcome, the time, /health's worst latency and p99 while it ran (probed every
// ~50 ms), the server's peak RSS during it (VmHWM reset before each attack, and VmRSS sampled) and
// its RSS after, and whether the outcome is the documented one. ABUSE_SCALE (or --scale) between 0
// (the corpus test's sizes) and 1 (the report's) shrinks the files for a quick try.
// Benchmarks print figures; they never assert on time.
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { AttackContext } from '../test-support/hostile-corpus/attack.ts';
import { healthBudgetMs, hostileCorpus, runAttack } from '../test-support/hostile-corpus/corpus.ts';
import { call, signIn } from '../test-support/hostile-corpus/corpus-http.ts';
import type { CorpusTarget } from '../test-support/hostile-corpus/corpus-target.ts';
import { decodeQuotedPrintable } from '../test-support/quoted-printable.ts';
import { freshPostgresDatabase, line, loadAverage, mb } from './bench-support.ts';
import type { AbuseServerReply, AbuseServerRequest } from './abuse-bench-server.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: process.env.ABUSE_SCALE ?? '1' },
    only: { type: 'string' },
    postgres: { type: 'boolean', default: process.env.BENCH_DATABASE_URL !== undefined },
  },
});
const scale = Number(values.scale);
const password = 'Liftwacht-demo-2026';
const here = path.dirname(fileURLToPath(import.meta.url));

function startServer(env: NodeJS.ProcessEnv) {
  const child = fork(path.join(here, 'abuse-bench-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiters: ((reply: AbuseServerReply) => void)[] = [];
  child.on('message', (reply: AbuseServerReply) => waiters.shift()?.(reply));
  const next = () => new Promise<AbuseServerReply>((resolve) => waiters.push(resolve));
  const ask = (request: AbuseServerRequest) => {
    const answer = next();
    child.send(request);
    return answer;
  };
  return { child, next, ask };
}

/** The server's memory from /proc: VmRSS now and VmHWM, the peak since the last reset. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Resets VmHWM to the current RSS (Linux: clear_refs 5), so each attack's peak is its own. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${String(pid)}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The bytes of every file under a folder. */
function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const amsterdamToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-abuse-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (values.postgres) env.DATABASE_URL = await freshPostgresDatabase('lw_bench_abuse');
  line(
    `abuse bench: the hostile corpus of issue 42 at scale ${String(scale)}, ${values.postgres ? 'PostgreSQL' : 'PGlite'}`,
  );
  const server = startServer(env);
  const ready = await server.next();
  if (ready.type !== 'ready')
    throw new Error(`server did not start: ${ready.type === 'error' ? ready.message : ready.type}`);
  const pid = server.child.pid ?? 0;
  const baseUrl = `http://127.0.0.1:${String(ready.port)}`;
  line(
    `server pid ${String(pid)} on ${baseUrl} (${ready.database}), demo fleet seeded in ${ready.seedSeconds.toFixed(0)} s`,
  );
  await server.ask({ type: 'reference' });

  const outbox = path.join(dataDir, 'outbox');
  const base: CorpusTarget = {
    baseUrl,
    origin: 'http://127.0.0.1',
    password,
    users: { admin: 'demo-admin', monteur: 'demo-monteur', throttled: 'demo-client' },
    organisationId: 0,
    lift: { id: 0, es: '' },
    today: amsterdamToday(),
    loginLimitPerUsername: ready.loginLimitPerUsername,
    socketsPerUser: ready.socketsPerUser,
    // PGlite keeps its data in the folder; on PostgreSQL the growth is the server's, not measured here.
    ...(values.postgres ? {} : { dataBytes: () => folderBytes(dataDir) }),
    mails: () => {
      try {
        return readdirSync(outbox)
          .sort()
          .map((file) => decodeQuotedPrintable(readFileSync(path.join(outbox, file), 'utf8')));
      } catch {
        return [];
      }
    },
  };
  const admin = await signIn(base, base.users.admin);
  const me = await call(base, 'GET', '/user', { token: admin });
  const organisationId = (me.json as { data: { organisation_id: number } }).data.organisation_id;
  const liftList = await call(base, 'GET', `/lift?organisationId=${String(organisationId)}&limit=1000`, {
    token: admin,
  });
  const lift = (
    liftList.json as { data: { items: { id: number; module: { esNumber: string } | null }[] } }
  ).data.items.find((l) => l.module);
  if (!lift?.module) throw new Error('the demo organisation has no lift with a module');
  const target: CorpusTarget = { ...base, organisationId, lift: { id: lift.id, es: lift.module.esNumber } };
  const context: AttackContext = {
    target,
    tokens: { admin, monteur: await signIn(target, target.users.monteur) },
    scale,
  };

  const started = memoryOf(pid);
  line(`server RSS at the start ${mb(started.rss)}; /health budget ${String(healthBudgetMs)} ms\n`);
  line(
    `${'#'.padEnd(2)} ${'attack'.padEnd(58)} ${'time'.padStart(8)} ${'health max'.padStart(10)} ${'p99'.padStart(7)} ` +
      `${'peak RSS'.padStart(10)} ${'growth'.padStart(10)} ${'RSS after'.padStart(10)}  outcome`,
  );
  let worstHealth = 0;
  let peakRss = started.rss;
  let failed = 0;
  const attacks = hostileCorpus.filter((a) => !values.only || a.name.toLowerCase().includes(values.only.toLowerCase()));
  for (const attack of attacks) {
    // Set once the attack is sent: whether VmHWM was reset, and the highest VmRSS sampled.
    const memory = { before: 0, peakReset: false, sampled: 0, sampler: undefined as NodeJS.Timeout | undefined };
    const run = await runAttack(attack, context, {
      started: () => {
        memory.before = memoryOf(pid).rss;
        memory.peakReset = resetPeak(pid);
        memory.sampler = setInterval(() => {
          memory.sampled = Math.max(memory.sampled, memoryOf(pid).rss);
        }, 20);
      },
    });
    clearInterval(memory.sampler);
    const after = memoryOf(pid);
    const peak = Math.max(memory.sampled, memory.peakReset ? after.peak : 0, after.rss);
    worstHealth = Math.max(worstHealth, run.health.worstMs);
    peakRss = Math.max(peakRss, peak);
    if (run.problems.length > 0 && !run.skipped) failed++;
    line(
      `${String(attack.finding).padEnd(2)} ${attack.name.slice(0, 58).padEnd(58)} ${`${(run.ms / 1000).toFixed(2)} s`.padStart(8)} ` +
        `${`${run.health.worstMs.toFixed(0)} ms`.padStart(10)} ${`${run.health.p99Ms.toFixed(0)} ms`.padStart(7)} ` +
        `${mb(peak).padStart(10)} ${`+${mb(Math.max(0, peak - memory.before))}`.padStart(10)} ${mb(after.rss).padStart(10)}  ${run.skipped ? `not run: ${run.skipped}` : run.outcome}`,
    );
    for (const problem of run.skipped ? [] : run.problems) line(`${' '.repeat(3)}NOT AS DOCUMENTED: ${problem}`);
  }
  line(
    `\n${String(attacks.length)} attacks, ${String(failed)} not as documented; /health worst ${worstHealth.toFixed(0)} ms; ` +
      `server peak RSS ${mb(peakRss)} (start ${mb(started.rss)}, end ${mb(memoryOf(pid).rss)}); load average (1 min) ${loadAverage()}`,
  );
  const stopped = await server.ask({ type: 'stop' });
  if (stopped.type !== 'stopped') line(`server stop: ${stopped.type}`);
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  process.stderr.write(`abuse bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
