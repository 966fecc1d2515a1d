// `npm run bench:idle`: what the demo server costs when nobody uses it. Starts the server as
// `npm start` does (scripts/start.mjs: PGlite in a fresh data directory, the embedded MQTT broker,
// the seeded demo fleet and its module simulator), waits for the warm-up, then reads the server
// process's CPU time (/proc/<pid>/stat, Linux) over a window and prints it as % of one core, the
// module messages that went through the broker in that window (counted by a subscriber of its own),
// CPU per message, the load average, and a reference line (a fixed piece of work timed in this
// process before and after) to judge how noisy the machine was.
//
//   npm run bench:idle -- [--warmup 20] [--seconds 60] [--cpu-prof DIR]
//
// --cpu-prof writes a V8 CPU profile of the server to DIR when it stops (startup included; the
// window's samples are the ones after the warm-up).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';

const { values } = parseArgs({
  options: {
    warmup: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    'cpu-prof': { type: 'string' },
  },
});
const warmupSeconds = Number(values.warmup);
const windowSeconds = Number(values.seconds);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const line = (text = '') => process.stdout.write(`${text}\n`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const clockTicksPerSecond = 100;

/** user + system CPU seconds of a process so far (fields 14 and 15 of /proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const fields =
    readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / clockTicksPerSecond;
}

/** A fixed piece of CPU work in this process, in ms: the same figure on a quiet and a busy machine differs. */
function reference(): number {
  const started = performance.now();
  let digest = Buffer.alloc(32);
  for (let i = 0; i < 200_000; i++) digest = createHash('sha256').update(digest).digest();
  return performance.now() - started;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-bench-idle-'));
  const nodeArgs = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] : [];
  // The defaults of `npm start`, in a data directory of its own and on ports nobody else uses.
  const server = spawn(process.execPath, [...nodeArgs, path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, SKIP_WEB_BUILD: '1', DATA_DIR: dataDir, PORT: '0', MQTT_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = server.pid;
  if (pid === undefined) throw new Error('server did not start');
  let output = '';
  server.stdout.setEncoding('utf8');
  server.stdout.on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    const started = performance.now();
    let brokerUrl: string | undefined;
    while (!brokerUrl) {
      if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
      if (performance.now() - started > 180_000) throw new Error(`server not ready after 3 min:\n${output}`);
      brokerUrl = /MQTT: embedded broker on (mqtt:\/\/\S+)/.exec(output)?.[1];
      await sleep(200);
    }
    const readySeconds = (performance.now() - started) / 1000;
    line(`\nIdle benchmark: \`npm start\` defaults (PGlite, embedded broker, demo fleet, simulator on)`);
    line(
      `server pid ${String(pid)} ready in ${readySeconds.toFixed(1)} s; broker ${brokerUrl}; Node ${process.version}`,
    );

    let messages = 0;
    const counter = mqtt.connect(brokerUrl, { clientId: `idle-bench-${String(process.pid)}` });
    counter.on('message', () => {
      messages++;
    });
    await counter.subscribeAsync('liftwacht/modules/#', { qos: 0 });

    line(`warm-up ${String(warmupSeconds)} s …`);
    await sleep(warmupSeconds * 1000);
    const referenceBefore = reference();
    const loadBefore = load();
    const cpuBefore = cpuSeconds(pid);
    const messagesBefore = messages;
    const windowStart = performance.now();
    await sleep(windowSeconds * 1000);
    const cpuAfter = cpuSeconds(pid);
    const elapsed = (performance.now() - windowStart) / 1000;
    const counted = messages - messagesBefore;
    const loadAfter = load();
    const referenceAfter = reference();
    await counter.endAsync();

    const busy = cpuAfter - cpuBefore;
    line(`\nwindow ${elapsed.toFixed(1)} s after ${String(warmupSeconds)} s warm-up`);
    line(`  server CPU            ${((busy / elapsed) * 100).toFixed(1)} % of one core (${busy.toFixed(2)} s CPU)`);
    line(`  module messages       ${String(counted)} (${(counted / elapsed).toFixed(1)} msg/s through the broker)`);
    line(
      `  CPU per message       ${counted > 0 ? ((busy * 1e6) / counted).toFixed(0) : '–'} µs (all of the server's CPU, background passes and simulator included)`,
    );
    line(`  load average          ${loadBefore} before, ${loadAfter} after (${String(cpus().length)} cores)`);
    line(
      `  reference             200k sha256 in this process: ${referenceBefore.toFixed(0)} ms before, ${referenceAfter.toFixed(0)} ms after`,
    );
  } finally {
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`idle benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
