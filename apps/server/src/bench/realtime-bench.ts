// `npm run bench:realtime`: one server process on PostgreSQL (a fresh database on BENCH_DATABASE_URL)
// ingesting from Mosquitto, the broker a deployment with modules in the field runs (the embedded
// broker listens on loopback only), started by the benchmark; a second process opens SOCKETS socket.io-client sockets, each
// listening to one of MODULES modules (spread over listener processes), and publishes RATE messages
// per second over MQTT. Prints
// deliveries per second, publish-to-socket latency, the server's event-loop lag, and how fast ingest
// stores messages — checking the database holds every acknowledged message. Loopback only; it stops
// by itself (about a minute and a half with the defaults).
//
//   npm run bench:realtime -- [--sockets 5000] [--modules 1000] [--rate 3000] [--seconds 20]
//                             [--max-rate 8000] [--max-seconds 10] [--connections K] [--mqtt-url mqtt://…]
//                             [--listener-processes 2] [--load-policy batch|normal]
//                             [--broker mosquitto|embedded] [--ingest-worker auto|on|off] [--batch-wait-ms N] [--batch-size N]
//                             [--ingest-concurrency N] [--ingest-yield-ms N] [--ingest-worker-nice N] [--load-nice N]
//                             [--ingest-load-nice N|auto] [--database postgres|pglite] [--ingest-only]
//
// `--load-nice` lowers the load generator's priority for the whole run; `--ingest-load-nice` (auto:
// as much as the ingest worker thread's, INGEST_WORKER_NICE) for the ingest-only phase, where the
// publisher standing in for the modules must not take the cores from the server it measures.
//
// `--ingest-only` opens no sockets and runs only phase 2 (ingest at --max-rate for --max-seconds).
//
// `--broker embedded --database pglite` is the path `npm start` runs (PGlite in this process, the
// embedded broker, ingest on the main thread); lower --sockets, --modules and --rate suit it.
import { fork, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, getPriority, loadavg, setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { organisations, roles, userRoles, users } from '../db/schema.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { systemClock } from '../lib/clock.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { createMailer } from '../plugins/mail.ts';
import { benchDatabaseUrl, freshPostgresDatabase, percentile, printLoadAndReference } from './bench-support.ts';
import { findBinary, startMosquitto, type RunningService } from '../modules/realtime/test-services.ts';
import type { LoadCommand, LoadReply, PublishResult } from './realtime-bench-load.ts';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '5000' },
    modules: { type: 'string', default: '1000' },
    // 5 sockets a module: 2,100 messages a second are the target's ~10,000 deliveries a second
    rate: { type: 'string', default: '2100' },
    seconds: { type: 'string', default: '20' },
    'max-rate': { type: 'string', default: '8000' },
    'max-seconds': { type: 'string', default: '10' },
    'mqtt-url': { type: 'string' },
    connections: { type: 'string' },
    'listener-processes': { type: 'string', default: '2' },
    'load-policy': { type: 'string', default: 'batch' },
    broker: { type: 'string', default: 'mosquitto' },
    'ingest-worker': { type: 'string', default: 'auto' },
    'batch-wait-ms': { type: 'string' },
    'batch-size': { type: 'string' },
    'ingest-concurrency': { type: 'string' },
    'ingest-yield-ms': { type: 'string' },
    'ingest-worker-nice': { type: 'string' },
    'load-nice': { type: 'string', default: '0' },
    'ingest-load-nice': { type: 'string', default: 'auto' },
    database: { type: 'string', default: 'postgres' },
    'ingest-only': { type: 'boolean', default: false },
  },
});
const ingestOnly = values['ingest-only'];
const socketCount = ingestOnly ? 0 : Number(values.sockets);
const moduleCount = Number(values.modules);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const maxRate = Number(values['max-rate']);
const maxSeconds = Number(values['max-seconds']);
/** MQTT connections the virtual modules share; one per module (as in the field) when omitted. */
const connections = values.connections ? Number(values.connections) : undefined;
/** Processes the load generator spreads its sockets over (the browsers are not one machine either). */
const listenerProcesses = Number(values['listener-processes']);
/** `batch`: the load generator runs as SCHED_BATCH where chrt exists; `normal`: as any process. */
const loadPolicy = values['load-policy'];
const warmupSeconds = 3;
const password = 'Bench-password-2026';

const here = path.dirname(fileURLToPath(import.meta.url));
const line = (text = '') => process.stdout.write(`${text}\n`);

async function main(): Promise<void> {
  const pglite = values.database === 'pglite';
  const dbName = `liftwacht_bench_realtime`;
  const dbUrl = pglite ? undefined : await freshPostgresDatabase(dbName);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-bench-rt-'));
  const database = await openDatabase(dbUrl ? { url: dbUrl } : { dataDir });
  const dbLabel = pglite ? 'PGlite' : 'PostgreSQL';
  // --mqtt-url names a broker already running; else Mosquitto where installed, or the embedded one.
  let mosquitto: RunningService | null = null;
  if (!values['mqtt-url'] && values.broker === 'mosquitto') {
    if (findBinary('mosquitto')) mosquitto = await startMosquitto();
    else line('mosquitto is not installed: using the embedded broker');
  }
  const mqttUrl = values['mqtt-url'] ?? mosquitto?.url;
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'http://127.0.0.1',
    JWT_SECRET: 'realtime-bench-secret-realtime-bench-secret',
    MQTT_PORT: '0',
    SIMULATOR: 'off',
    SEED_DEMO: 'off',
    // One bench user stands for every page: the per-user socket cap would refuse all but the first 20.
    SOCKETS_PER_USER: '100000',
    INGEST_WORKER: values['ingest-worker'],
    ...(values['batch-wait-ms'] ? { INGEST_BATCH_WAIT_MS: values['batch-wait-ms'] } : {}),
    ...(values['batch-size'] ? { INGEST_BATCH_SIZE: values['batch-size'] } : {}),
    ...(values['ingest-concurrency'] ? { INGEST_CONCURRENCY: values['ingest-concurrency'] } : {}),
    ...(values['ingest-yield-ms'] ? { INGEST_YIELD_MS: values['ingest-yield-ms'] } : {}),
    ...(values['ingest-worker-nice'] ? { INGEST_WORKER_NICE: values['ingest-worker-nice'] } : {}),
    ...(mqttUrl ? { MQTT_URL: mqttUrl, MQTT_CLIENT_ID: `liftwacht-bench-${String(process.pid)}` } : {}),
  });
  const mailer = createMailer({ smtpUrl: undefined, outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom });
  // Mosquitto is a process of its own: a server that fails to start must not leave it behind.
  const app = await buildApp({ config, database, clock: systemClock, mailer, logger: true }).catch(
    async (err: unknown) => {
      await mosquitto?.stop();
      throw err;
    },
  );
  // BENCH_LOAD_NODE_ARGS (e.g. "--cpu-prof") profiles the load process too.
  const loadArgs = ['--import', 'tsx', ...(process.env.BENCH_LOAD_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  const batchLoad = loadPolicy === 'batch' && spawnSync('chrt', ['-b', '0', 'true']).status === 0;
  const load = fork(path.join(here, 'realtime-bench-load.ts'), [], {
    // The modules and browsers are other machines in the field: on this one they get their fair share
    // of CPU but, as SCHED_BATCH (inherited by the listener processes), do not preempt the server
    // each time one of its thousands of socket writes wakes them.
    ...(batchLoad
      ? { execPath: 'chrt', execArgv: ['-b', '0', process.execPath, ...loadArgs] }
      : { execArgv: loadArgs }),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Before it forks its listener processes, which inherit it.
  const loadNice = Number(values['load-nice']);
  // auto: as far as the ingest worker thread, where there is one (PostgreSQL, INGEST_WORKER).
  const autoIngestLoadNice = app.ingest.worker ? config.ingest.workerNice : 0;
  const ingestLoadNice =
    values['ingest-load-nice'] === 'auto' ? autoIngestLoadNice : Number(values['ingest-load-nice']);
  if (![loadNice, ingestLoadNice].every((n) => Number.isInteger(n) && n >= 0 && n <= 19)) {
    throw new Error('--load-nice and --ingest-load-nice take 0–19');
  }
  const baseNice = load.pid === undefined ? 0 : getPriority(load.pid);
  /** Raises the load process's nice value to base + `by` (never lowers it: that needs privilege). */
  const niceLoad = (by: number) => {
    if (load.pid === undefined || by <= 0 || getPriority(load.pid) >= baseNice + by) return;
    setPriority(load.pid, Math.min(19, baseNice + by));
  };
  niceLoad(loadNice);
  /** Sends a command and waits for its answer; 'measuring' (warm-up over) and 'measured' go to their handlers. */
  let onMeasuring: () => void = () => undefined;
  let onMeasured: () => void = () => undefined;
  const ask = (command: LoadCommand) =>
    new Promise<LoadReply>((resolve) => {
      const listener = (reply: LoadReply) => {
        if (reply.type === 'measuring' || reply.type === 'measured') {
          (reply.type === 'measuring' ? onMeasuring : onMeasured)();
          return;
        }
        load.off('message', listener);
        resolve(reply);
      };
      load.on('message', listener);
      load.send(command);
    });

  try {
    // The fleet: one organisation, a user, MODULES lifts each with a module.
    const [org] = await database.db.insert(organisations).values({ name: 'Bench BV', type: 'owner' }).returning();
    // The role may come with the database already (on PGlite it does).
    await database.db.insert(roles).values({ name: 'user' }).onConflictDoNothing();
    const [role] = await database.db.select().from(roles).where(eq(roles.name, 'user'));
    if (!org || !role) throw new Error('bench organisation not created');
    const [user] = await database.db
      .insert(users)
      .values({
        username: 'bench',
        email: 'bench@example.test',
        name: 'Bench',
        passwordHash: await hashPassword(password),
        organisationId: org.id,
      })
      .returning();
    if (!user) throw new Error('bench user not created');
    await database.db.insert(userRoles).values({ userId: user.id, roleId: role.id });
    await database.db.execute(sql`
      with l as (
        insert into lifts (organisation_id, name, address, lift_type)
        select ${org.id}, 'Benchlift ' || g, 'Benchstraat ' || g || ', Utrecht', 'personenlift'
        from generate_series(1, ${moduleCount}) g
        returning id
      )
      insert into modules (es_number, lift_id, last_seen_at)
      select 'BENCH-' || lpad(id::text, 6, '0'), id, now() from l`);
    const fleet = await sqlRows<{ es: string; liftId: number }>(
      database.db,
      sql`select es_number as es, lift_id as "liftId" from modules order by id`,
    );

    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.mqtt.start();
    const address = app.server.address();
    const url = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
    const brokerUrl = mqttUrl ?? `mqtt://127.0.0.1:${String(app.mqtt.port)}`;
    const brokerName = mosquitto
      ? 'Mosquitto (external broker, started by the benchmark)'
      : mqttUrl
        ? 'external broker (--mqtt-url)'
        : 'embedded broker (aedes)';

    const login = await app.inject({
      method: 'POST',
      url: '/liftwacht/auth',
      payload: { username: 'bench', password },
    });
    const userToken = login.json<{ data: { accessToken: string } }>().data.accessToken;
    const modules: { es: string; token: string }[] = [];
    for (const m of fleet) {
      const res = await app.inject({
        method: 'POST',
        url: '/liftwacht/auth/sense-liftwacht',
        headers: { authorization: `Bearer ${userToken}` },
        payload: { identifier: `liftwacht-${String(m.liftId)}`, identifierType: 'ext' },
      });
      modules.push({ es: m.es, token: res.json<{ data: { accessToken: string } }>().data.accessToken });
    }

    line(
      `\nRealtime benchmark: ${String(socketCount)} sockets on ${String(moduleCount)} modules, ${String(rate)} msg/s for ${String(seconds)} s`,
    );
    line(`server ${url} (${pglite ? 'PGlite in this process' : `PostgreSQL ${dbName}`}), Node ${process.version}`);
    line(
      `MQTT: ${brokerName} at ${brokerUrl}; ingest ${app.ingest.worker ? 'in a worker thread (main thread: HTTP and sockets)' : 'on the main thread'}`,
    );
    const { batchSize, batchWaitMs, concurrency, yieldMs } = config.ingest;
    line(
      `ingest batches: up to ${String(batchSize)} messages, ${String(batchWaitMs)} ms wait, ${String(concurrency)} lanes, yield to the sockets ${yieldMs > 0 ? `up to ${String(yieldMs)} ms` : 'off'}`,
    );
    line(
      `load generator scheduled ${batchLoad ? 'as SCHED_BATCH (no wake-up preemption)' : 'normally'}, nice +${String(loadNice)} (ingest only: +${String(Math.max(loadNice, ingestLoadNice))}); ingest worker thread nice +${String(config.ingest.workerNice)}`,
    );
    const ready = await ask({
      type: 'setup',
      setup: {
        url,
        brokerUrl,
        modules,
        sockets: socketCount,
        listenerProcesses,
        ...(connections ? { connections } : {}),
      },
    });
    if (ready.type !== 'ready') throw new Error(ready.type === 'error' ? ready.message : 'load process failed');
    line(
      `${String(ready.sockets)} sockets connected and listening in ${ready.connectSeconds.toFixed(1)} s (${String(listenerProcesses)} listener processes)`,
    );

    /** CPU ticks per backend of this database (Linux /proc; empty elsewhere). */
    const databaseTicks = async () => {
      // PGlite runs inside the server process: its CPU is the server's.
      if (pglite) return new Map<number, number>();
      const pids = await sqlRows<{ pid: number }>(
        database.db,
        sql`select pid from pg_stat_activity where datname = current_database()`,
      );
      const ticks = new Map<number, number>();
      for (const { pid } of pids) {
        try {
          const fields =
            readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
              .split(') ')[1]
              ?.split(' ') ?? [];
          ticks.set(pid, Number(fields[11] ?? 0) + Number(fields[12] ?? 0));
        } catch {
          // not on this machine, or gone
        }
      }
      return ticks;
    };
    /** CPU seconds the database used between two readings (a backend started meanwhile counts whole). */
    const databaseSeconds = (before: Map<number, number>, after: Map<number, number>) =>
      [...after].reduce((sum, [pid, t]) => sum + t - (before.get(pid) ?? 0), 0) / 100;

    // Publish → server split: when the server hands each module message to its room, so a slow
    // delivery can be told apart from a message that reached the server late.
    const arrivals: number[] = [];
    let timeArrivals = false;
    const publisher = app.realtime.publisher;
    const deliver = publisher.moduleMessage.bind(publisher);
    publisher.moduleMessage = (es, message) => {
      if (timeArrivals) arrivals.push(Date.now() - Date.parse(message.t));
      deliver(es, message);
    };
    // Of that, the wait for the main thread after the ingest worker read it, as the metric sees it:
    // the app gets a metrics object of its own that passes every call on (with metrics off the
    // original is the shared no-op, which must stay as it is).
    const mainWaits: number[] = [];
    const metrics = app.metrics;
    app.metrics = {
      ...metrics,
      fanOutWaited(ms) {
        if (timeArrivals) mainWaits.push(ms);
        metrics.fanOutWaited(ms);
      },
    };

    /** Jiffies of the whole machine (Linux /proc/stat): how much of it was idle or taken by the host. */
    const machineTicks = () => {
      try {
        const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
          .trim()
          .split(/\s+/)
          .slice(1)
          .map(Number);
        return { total: fields.reduce((a, b) => a + b, 0), idle: fields[3] ?? 0, steal: fields[7] ?? 0 };
      } catch {
        return null;
      }
    };

    /**
     * The server's main thread (HTTP and the sockets) from the kernel (Linux /proc): nanoseconds it
     * ran and nanoseconds it was ready but waited for a core; null elsewhere.
     */
    const mainThreadSchedule = () => {
      try {
        const [ran, waited] = readFileSync(`/proc/self/task/${String(process.pid)}/schedstat`, 'utf8')
          .trim()
          .split(/\s+/)
          .map(Number);
        return ran !== undefined && waited !== undefined ? { ran, waited } : null;
      } catch {
        return null;
      }
    };

    const countStored = async () =>
      (await sqlRows<{ n: number }>(database.db, sql`select count(*)::int as n from ingested_messages`))[0]?.n ?? 0;

    const phase = async (name: string, command: Extract<LoadCommand, { type: 'publish' }>) => {
      const lag = monitorEventLoopDelay({ resolution: 10 });
      const before = { ...app.ingest.pipeline.counters };
      const storedBefore = await countStored();
      const started = performance.now();
      const cpuStart = process.cpuUsage();
      const dbTicksStart = await databaseTicks();
      const machineStart = machineTicks();
      const mainStart = mainThreadSchedule();
      // The server's lag is measured once the load process has connected and warmed up.
      arrivals.length = 0;
      mainWaits.length = 0;
      const worker = app.ingest.worker;
      onMeasuring = () => {
        void worker?.loopDelay();
        lag.enable();
        timeArrivals = true;
      };
      // ... and until the measurement ends, not while the last messages drain.
      let workerLag: { p50: number; p99: number; max: number } | null = null;
      onMeasured = () => {
        lag.disable();
        timeArrivals = false;
        void worker?.loopDelay().then((d) => (workerLag = d));
      };
      const reply = await ask(command);
      await app.ingest.pipeline.drain();
      const elapsed = (performance.now() - started) / 1000;
      const serverCpu = process.cpuUsage(cpuStart);
      const serverCores = (serverCpu.user + serverCpu.system) / 1e6 / elapsed;
      const databaseCores = databaseSeconds(dbTicksStart, await databaseTicks()) / elapsed;
      const machineEnd = machineTicks();
      const mainEnd = mainThreadSchedule();
      const mainThread =
        mainStart && mainEnd
          ? {
              ran: (mainEnd.ran - mainStart.ran) / 1e9 / elapsed,
              waited: (mainEnd.waited - mainStart.waited) / 1e9 / elapsed,
            }
          : null;
      const machine =
        machineStart && machineEnd && machineEnd.total > machineStart.total
          ? {
              idle: (machineEnd.idle - machineStart.idle) / (machineEnd.total - machineStart.total),
              steal: (machineEnd.steal - machineStart.steal) / (machineEnd.total - machineStart.total),
            }
          : null;
      if (reply.type !== 'published') throw new Error(reply.type === 'error' ? reply.message : 'load process failed');
      const r: PublishResult = reply.result;
      const after = app.ingest.pipeline.counters;
      const stored = (await countStored()) - storedBefore;
      const accepted = after.accepted - before.accepted;
      line(`\n${name}`);
      if (!command.closeSockets) {
        line(
          `  deliveries to sockets   ${r.deliveriesPerSecond.toFixed(0).padStart(8)} /s  (${String(r.deliveries)} in ${r.measuredSeconds.toFixed(1)} s after ${String(command.warmupSeconds)} s warm-up)`,
        );
        line(
          `  publish → socket        p50 ${r.latencyMs.p50.toFixed(0)} ms, p90 ${r.latencyMs.p90.toFixed(0)} ms, p99 ${r.latencyMs.p99.toFixed(0)} ms, max ${r.latencyMs.max.toFixed(0)} ms`,
        );
        const quantiles = (values: number[]) => {
          const v = Float64Array.from(values).sort();
          return `p50 ${percentile(v, 0.5).toFixed(0)} ms, p90 ${percentile(v, 0.9).toFixed(0)} ms, p99 ${percentile(v, 0.99).toFixed(0)} ms`;
        };
        line(`    of which to the room  ${quantiles(arrivals)} (publish → server hands it to the sockets)`);
        if (mainWaits.length > 0) {
          line(`      of which main thread ${quantiles(mainWaits)} (ingest worker read it → main thread's turn)`);
        }
      }
      line(
        `  event-loop lag (server) p50 ${(lag.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, max ${(lag.max / 1e6).toFixed(1)} ms`,
      );
      const wl = workerLag as { p50: number; p99: number; max: number } | null;
      if (wl) {
        line(
          `    ingest worker thread  p50 ${wl.p50.toFixed(1)} ms, p99 ${wl.p99.toFixed(1)} ms, max ${wl.max.toFixed(1)} ms`,
        );
      }
      line(
        `  ingest into ${dbLabel.padEnd(10)}  ${(accepted / elapsed).toFixed(0).padStart(8)} msg/s sustained (${String(accepted)} stored in ${elapsed.toFixed(1)} s, ${String(after.batches - before.batches)} batches, ~${String(Math.round(accepted / Math.max(1, after.batches - before.batches)))} messages each)`,
      );
      line(
        `  server CPU per message  ${accepted > 0 ? ((serverCpu.user + serverCpu.system) / accepted).toFixed(0) : '–'} µs (all of the server process's CPU${pglite ? ', PGlite included' : ''}, over the messages stored)`,
      );
      if (!pglite && accepted > 0) {
        line(
          `  database CPU per message ${((databaseCores * elapsed * 1e6) / accepted).toFixed(0)} µs (the PostgreSQL processes' CPU, over the messages stored)`,
        );
      }
      const lost = r.acknowledged - stored;
      line(
        `  count check             published ${String(r.published)}, acknowledged ${String(r.acknowledged)}, rows stored ${String(stored)} → ${lost === 0 && r.failed === 0 ? 'nothing lost' : `MISMATCH (${String(lost)})`}${r.skipped ? `, ${String(r.skipped)} not sent (publisher backlog full)` : ''}`,
      );
      line(
        `  CPU (cores busy)        server ${serverCores.toFixed(2)}, database ${databaseCores.toFixed(2)}, load generator ${(r.cpuCores + r.listenerCores).toFixed(2)} (publisher ${r.cpuCores.toFixed(2)}, event-loop lag p99 ${r.loadLagP99Ms.toFixed(0)} ms; listeners ${r.listenerCores.toFixed(2)}, lag p99 ${r.listenerLagP99Ms.toFixed(0)} ms); machine load average ${loadavg()[0]?.toFixed(1) ?? '?'} on ${String(cpus().length)} cores`,
      );
      if (mainThread) {
        line(
          `    server main thread    ${mainThread.ran.toFixed(2)} cores, ready but waiting for a core ${mainThread.waited.toFixed(2)} s a second`,
        );
      }
      if (machine) {
        line(
          `  machine                 ${(machine.idle * 100).toFixed(0)}% idle, ${(machine.steal * 100).toFixed(1)}% stolen by the host over the phase`,
        );
      }
      return { r, lost, ingestRate: accepted / elapsed };
    };

    if (ingestOnly) {
      niceLoad(ingestLoadNice);
      const only = await phase(`Ingest only (no sockets), offered ${String(maxRate)} msg/s`, {
        type: 'publish',
        rate: maxRate,
        seconds: maxSeconds,
        warmupSeconds: 1,
        closeSockets: true,
      });
      if (only.lost !== 0) process.exitCode = 1;
      line();
      await printLoadAndReference(database);
      return;
    }
    const realtime = await phase(`Phase 1: ${String(rate)} msg/s with ${String(socketCount)} listening sockets`, {
      type: 'publish',
      rate,
      seconds,
      warmupSeconds,
      closeSockets: false,
    });
    if (maxSeconds > 0) niceLoad(ingestLoadNice);
    const ingest =
      maxSeconds > 0
        ? await phase(`Phase 2: ingest only (sockets closed), offered ${String(maxRate)} msg/s`, {
            type: 'publish',
            rate: maxRate,
            seconds: maxSeconds,
            warmupSeconds: 1,
            closeSockets: true,
          })
        : null;
    line();
    await printLoadAndReference(database);
    const bestIngest = Math.max(realtime.ingestRate, ingest?.ingestRate ?? 0);
    line(
      `\nTargets: ≥ 10000 deliveries/s with p99 ≤ 100 ms → ` +
        `${realtime.r.deliveriesPerSecond >= 10_000 && realtime.r.latencyMs.p99 <= 100 ? 'met' : 'NOT met'} ` +
        `(${realtime.r.deliveriesPerSecond.toFixed(0)}/s, p99 ${realtime.r.latencyMs.p99.toFixed(0)} ms); ` +
        `≥ 3000 msg/s ingested → ${bestIngest >= 3000 ? 'met' : 'NOT met'} (${bestIngest.toFixed(0)}/s).`,
    );
    if (realtime.lost !== 0 || (ingest && ingest.lost !== 0)) process.exitCode = 1;
  } finally {
    // Disconnecting lets the load process exit by itself (and write a profile it was asked for).
    if (load.connected) load.disconnect();
    setTimeout(() => load.kill(), 5000).unref();
    await app.close();
    await database.close();
    await mosquitto?.stop();
    if (!pglite) {
      const admin = new pg.Client({ connectionString: benchDatabaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `realtime benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
