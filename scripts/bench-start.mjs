// `npm run bench:start [-- --runs N]`: how long `npm start` takes until /liftwacht/health answers,
// from an empty data folder (migrations and the demo seed included) and as a restart on the data
// the previous start left; then the same restart without npm (node apps/server/dist/main.js) and
// of the server's TypeScript under tsx (what `npm start` ran before the server was built). Builds
// first when stale (not timed). Under the shared lock: flock /tmp/liftwacht-bench.lock npm run bench:start
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureBuilds } from './ensure-builds.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number from 1');

const port = Number(process.env.BENCH_START_PORT ?? 18_435);
const mqttPort = port + 1;
const healthUrl = `http://127.0.0.1:${String(port)}/liftwacht/health`;

const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
const seconds = (ms) => (ms / 1000).toFixed(2);

/** A fixed piece of CPU work, timed: a reference for how busy the machine is during this run. */
function referenceMs() {
  const data = Buffer.alloc(64 * 1024 * 1024, 7);
  const started = performance.now();
  createHash('sha256').update(data).digest('hex');
  return performance.now() - started;
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function healthy() {
  try {
    return (await fetch(healthUrl)).ok;
  } catch {
    return false;
  }
}

/**
 * Starts `command` in its own process group with `dataDir`, polls health every 25 ms and stops the
 * group again (SIGTERM: the server's graceful shutdown). Returns the seconds to healthy and what
 * the server said about itself: its "ready in" (from main() on) and the seed's duration.
 */
async function timeStart(command, args, dataDir) {
  if (await healthy()) throw new Error(`something already answers on port ${String(port)}`);
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PUBLIC_URL: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));
  while (!(await healthy())) {
    if (exitedEarly) throw new Error(`the server exited before it was healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const ms = performance.now() - started;
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  // npm may exit before the server it started has shut down: wait for the whole group.
  while (groupAlive(child.pid)) await new Promise((resolve) => setTimeout(resolve, 25));
  const ready = /ready in ([\d.]+) s/.exec(output)?.[1];
  const seed = /"msg":"demo fleet loaded"/.test(output) ? /"seconds":([\d.]+)/.exec(output)?.[1] : undefined;
  return { ms, ready, seed };
}

function line(label, { ms, ready, seed }) {
  const parts = [`${label.padEnd(26)} ${seconds(ms).padStart(6)} s to healthy`];
  if (ready) parts.push(`main() ready in ${ready} s`);
  if (seed) parts.push(`seed ${seed} s`);
  parts.push(load());
  console.log(parts.join(' | '));
}

await ensureBuilds();
console.log(`bench:start — ${String(cpus().length)} CPUs, node ${process.version}, ${String(runs)} runs each`);
console.log(`reference: sha256 of 64 MiB in ${referenceMs().toFixed(0)} ms | ${load()}`);

const folders = [];
const folder = () => {
  const made = mkdtempSync(path.join(tmpdir(), 'liftwacht-bench-start-'));
  folders.push(made);
  return made;
};
try {
  const first = [];
  let dataDir = '';
  for (let i = 0; i < runs; i++) {
    dataDir = folder();
    const result = await timeStart('npm', ['start'], dataDir);
    first.push(result.ms);
    line(`first start ${String(i + 1)} (npm start)`, result);
  }
  const restart = [];
  for (let i = 0; i < runs; i++) {
    const result = await timeStart('npm', ['start'], dataDir);
    restart.push(result.ms);
    line(`restart ${String(i + 1)} (npm start)`, result);
  }
  const direct = [];
  for (let i = 0; i < runs; i++) {
    const result = await timeStart(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], dataDir);
    direct.push(result.ms);
    line(`restart ${String(i + 1)} (node dist/main.js)`, result);
  }
  const tsx = [];
  for (let i = 0; i < runs; i++) {
    const result = await timeStart(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], dataDir);
    tsx.push(result.ms);
    line(`restart ${String(i + 1)} (tsx main.ts)`, result);
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  console.log(
    `median: first start ${seconds(median(first))} s, restart ${seconds(median(restart))} s (npm start), ` +
      `${seconds(median(direct))} s (node dist/main.js), ${seconds(median(tsx))} s (tsx main.ts); ` +
      `built/tsx without npm ${(median(direct) / median(tsx)).toFixed(2)}`,
  );
  console.log(`reference: sha256 of 64 MiB in ${referenceMs().toFixed(0)} ms | ${load()}`);
} finally {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
}
