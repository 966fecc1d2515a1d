// `npm run bench:soak -- [--minutes 10] [--sockets 200] [--loops 4] [--think-ms 100] [--database-url URL]`:
// a long, steady run of the real server (soak-bench-server.ts in a child process: demo fleet,
// embedded MQTT broker, module simulator; PGlite, or a fresh database on the PostgreSQL server at
// --database-url) with SOCKETS Socket.IO clients each listening to one lift's module, a tenth as
// many following organisations (listenOrganisation), and LOOPS concurrent loops of dashboard and
// lift page reads. Prints a line a minute — requests, errors by status, p50/p99, socket messages,
// sockets connected, the server's RSS and heap, the load average, and a fixed CPU loop timed as a
// reference for how busy the machine was — and at the end start vs end memory and totals. A leak
// shows as RSS/heap that keeps climbing while the reference and load stay flat.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io as connect, type Socket } from 'socket.io-client';
import { socketPath } from '@liftwacht/contracts/realtime';
import { freshPostgresDatabase, percentile } from './bench-support.ts';
import type { SoakServerCommand, SoakServerReply } from './soak-bench-server.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    sockets: { type: 'string', default: '200' },
    loops: { type: 'string', default: '4' },
    'think-ms': { type: 'string', default: '100' },
    'database-url': { type: 'string' },
  },
});
const minutes = Number(values.minutes);
const socketCount = Number(values.sockets);
const loopCount = Number(values.loops);
const thinkMs = Number(values['think-ms']);
const password = 'Liftwacht-demo-2026';
const here = path.dirname(fileURLToPath(import.meta.url));
const line = (text = '') => process.stdout.write(`${text}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server process, and a way to ask it things. */
function startServer(env: NodeJS.ProcessEnv) {
  const child = fork(path.join(here, 'soak-bench-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiters: ((reply: SoakServerReply) => void)[] = [];
  child.on('message', (reply: SoakServerReply) => waiters.shift()?.(reply));
  const next = () => new Promise<SoakServerReply>((resolve) => waiters.push(resolve));
  const ask = (command: SoakServerCommand) => {
    const answer = next();
    child.send(command);
    return answer;
  };
  return { child, next, ask };
}

/** VmRSS of a process, from /proc (what the kernel charges it, not what V8 thinks it holds). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

/** The same fixed CPU work each minute: if it slows down, the machine was busy, not (only) the server. */
function referenceLoopMs(): number {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 30_000_000; i++) x = (x * 31 + i) % 1_000_003;
  if (x < 0) line('unreachable');
  return performance.now() - started;
}

interface Window {
  requests: number;
  errors: Map<string, number>;
  latencies: number[];
  socketMessages: number;
  organisationMessages: number;
}

const emptyWindow = (): Window => ({
  requests: 0,
  errors: new Map(),
  latencies: [],
  socketMessages: 0,
  organisationMessages: 0,
});

async function main(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  if (values['database-url'])
    env.DATABASE_URL = await freshPostgresDatabase('liftwacht_bench_soak', values['database-url']);
  line(
    `soak: ${minutes} min, ${socketCount} lift sockets + ${Math.ceil(socketCount / 10)} organisation sockets, ` +
      `${loopCount} read loops (${thinkMs} ms think time), ${values['database-url'] ? 'PostgreSQL' : 'PGlite'}`,
  );
  const server = startServer(env);
  const ready = await server.next();
  if (ready.type !== 'ready')
    throw new Error(`server did not start: ${ready.type === 'error' ? ready.message : ready.type}`);
  const base = `http://127.0.0.1:${ready.port}`;
  line(
    `server pid ${server.child.pid ?? '?'} on ${base} (${ready.database}), demo fleet seeded in ${ready.seedSeconds.toFixed(0)} s, ` +
      `${ready.modules} simulated modules`,
  );

  const request = async (url: string, init: RequestInit = {}, token?: string) => {
    const res = await fetch(`${base}/liftwacht${url}`, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    return { status: res.status, body: await res.json() };
  };
  const login = async (username: string) => {
    const res = await request('/auth', { method: 'POST', body: JSON.stringify({ username, password }) });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
    return (res.body as { data: { accessToken: string } }).data.accessToken;
  };
  const admin = await login('demo-admin');
  const client = await login('demo-client');
  const orgs = (await request('/organisation?limit=1000', {}, admin)).body as { data: { items: { id: number }[] } };
  const organisationIds = orgs.data.items.map((o) => o.id);
  const liftList = (await request('/lift?limit=1000', {}, admin)).body as {
    data: { items: { id: number; organisationId: number; module: { esNumber: string } | null }[] };
  };
  const lifts = liftList.data.items;
  const withModule = lifts.flatMap((l) => (l.module ? [{ id: l.id, esNumber: l.module.esNumber }] : []));
  if (withModule.length === 0 || organisationIds.length === 0) throw new Error('the demo fleet has no modules');

  let current = emptyWindow();
  const totals = { requests: 0, errors: 0, socketMessages: 0 };
  const sockets: Socket[] = [];
  const open = (token: string) =>
    connect(base, {
      path: socketPath,
      transports: ['websocket'],
      reconnection: false,
      query: { token },
      forceNew: true,
    });
  const acked = (socket: Socket, event: 'listen' | 'listenOrganisation', payload: object) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect_error', (err) => reject(err));
      socket.emit(event, payload, (ack: { error?: { message: string } }) =>
        ack.error ? reject(new Error(ack.error.message)) : resolve(),
      );
    });

  // Lift sockets as the lift page opens them: a lift token, then listen to its module.
  for (let i = 0; i < socketCount; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, socketCount - i) }, async (_, j) => {
        const lift = withModule[(i + j) % withModule.length];
        if (!lift) return;
        const res = await request(
          '/auth/sense-liftwacht',
          { method: 'POST', body: JSON.stringify({ identifier: `liftwacht-${lift.id}`, identifierType: 'ext' }) },
          admin,
        );
        const token = (res.body as { data: { accessToken: string } }).data.accessToken;
        const socket = open(token);
        socket.on('module', () => current.socketMessages++);
        socket.on('provisioning', () => current.socketMessages++);
        sockets.push(socket);
        await acked(socket, 'listen', { es_number: lift.esNumber });
      }),
    );
  }
  // Dashboards: the user's own token, following every organisation it may pick.
  for (let i = 0; i < Math.ceil(socketCount / 10); i++) {
    const socket = open(i % 2 === 0 ? admin : client);
    socket.on('organisationChanged', () => {
      current.socketMessages++;
      current.organisationMessages++;
    });
    sockets.push(socket);
    for (const organisationId of organisationIds) await acked(socket, 'listenOrganisation', { organisationId });
  }
  line(`${sockets.length} sockets listening`);

  // The reads a dashboard and a lift page make, in turn.
  const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date().toISOString().slice(0, 10);
  const reads = (i: number): [string, string] => {
    const organisationId = organisationIds[i % organisationIds.length] ?? 1;
    const lift = lifts[i % lifts.length] ?? lifts[0];
    const id = lift?.id ?? 1;
    const token = i % 3 === 0 ? client : admin;
    const all = [
      `/stats?organisationId=${organisationId}`,
      `/current-state?organisationId=${organisationId}`,
      `/lift?organisationId=${organisationId}&limit=100`,
      `/events?organisationId=${organisationId}&limit=100`,
      `/calls/current?organisationId=${organisationId}`,
      `/lift/${id}`,
      `/lift/${id}/statuses`,
      `/lift/${id}/logbook`,
      `/lift/${id}/visits`,
      `/lift/${id}/counters?interval=day&from=${from}&to=${to}`,
      `/lift/${id}/sense-data`,
    ];
    // client-light has neither events nor current calls: it reads the rest.
    const url = all[i % all.length] ?? all[0] ?? '/version';
    return [url, token === client && (url.startsWith('/events') || url.startsWith('/calls')) ? admin : token];
  };

  let running = true;
  let counter = 0;
  const loops = Array.from({ length: loopCount }, async () => {
    while (running) {
      const [url, token] = reads(counter++);
      const started = performance.now();
      try {
        const res = await fetch(`${base}/liftwacht${url}`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        current.latencies.push(performance.now() - started);
        current.requests++;
        if (res.status < 200 || res.status >= 300) {
          current.errors.set(String(res.status), (current.errors.get(String(res.status)) ?? 0) + 1);
        }
      } catch (err) {
        current.requests++;
        const key = err instanceof Error ? err.message.slice(0, 30) : 'failed';
        current.errors.set(key, (current.errors.get(key) ?? 0) + 1);
      }
      await sleep(thinkMs);
    }
  });

  const memory = async () => {
    const reply = await server.ask({ type: 'memory' });
    const heapUsed = reply.type === 'memory' ? reply.heapUsed : 0;
    return { rss: rssOf(server.child.pid ?? 0), heapUsed };
  };
  referenceLoopMs(); // once unmeasured: the first run includes compiling it
  const startMemory = await memory();
  line(
    `start: server RSS ${mb(startMemory.rss)}, heap used ${mb(startMemory.heapUsed)}, reference loop ${referenceLoopMs().toFixed(0)} ms`,
  );
  line(
    `${'min'.padStart(3)} ${'requests'.padStart(8)} ${'errors'.padEnd(14)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ` +
      `${'socket msgs'.padStart(11)} ${'(org)'.padStart(6)} ${'sockets'.padStart(7)} ${'RSS'.padStart(9)} ${'heap'.padStart(9)} ` +
      `${'load'.padStart(5)} ${'ref ms'.padStart(6)}`,
  );
  let endMemory = startMemory;
  const allLatencies: number[] = [];
  for (let minute = 1; minute <= minutes; minute++) {
    await sleep(60_000);
    const w = current;
    current = emptyWindow();
    const sorted = [...w.latencies].sort((a, b) => a - b);
    allLatencies.push(...w.latencies);
    endMemory = await memory();
    const errorCount = [...w.errors.values()].reduce((a, b) => a + b, 0);
    totals.requests += w.requests;
    totals.errors += errorCount;
    totals.socketMessages += w.socketMessages;
    const errors = errorCount === 0 ? '0' : [...w.errors].map(([k, n]) => `${k}:${n}`).join(',');
    line(
      `${String(minute).padStart(3)} ${String(w.requests).padStart(8)} ${errors.padEnd(14)} ` +
        `${percentile(sorted, 0.5).toFixed(1).padStart(7)} ${percentile(sorted, 0.99).toFixed(1).padStart(7)} ` +
        `${String(w.socketMessages).padStart(11)} ${String(w.organisationMessages).padStart(6)} ` +
        `${String(sockets.filter((s) => s.connected).length).padStart(7)} ${mb(endMemory.rss).padStart(9)} ` +
        `${mb(endMemory.heapUsed).padStart(9)} ${(loadavg()[0] ?? 0).toFixed(2).padStart(5)} ${referenceLoopMs().toFixed(0).padStart(6)}`,
    );
  }

  running = false;
  await Promise.all(loops);
  for (const socket of sockets) socket.disconnect();
  allLatencies.sort((a, b) => a - b);
  line(
    `\nend: ${totals.requests} requests, ${totals.errors} errors, p50 ${percentile(allLatencies, 0.5).toFixed(1)} ms, ` +
      `p99 ${percentile(allLatencies, 0.99).toFixed(1)} ms, ${totals.socketMessages} socket messages`,
  );
  line(
    `server RSS ${mb(startMemory.rss)} → ${mb(endMemory.rss)} (${endMemory.rss >= startMemory.rss ? '+' : ''}${mb(endMemory.rss - startMemory.rss)}), ` +
      `heap used ${mb(startMemory.heapUsed)} → ${mb(endMemory.heapUsed)} (${endMemory.heapUsed >= startMemory.heapUsed ? '+' : ''}${mb(endMemory.heapUsed - startMemory.heapUsed)})`,
  );
  const stopped = await server.ask({ type: 'stop' });
  if (stopped.type !== 'stopped') line(`server stop: ${stopped.type}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`soak bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
