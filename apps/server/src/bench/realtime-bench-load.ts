// The load side of `npm run bench:realtime`, in its own process so it does not share the server's
// event loop: virtual modules publishing over MQTT here, and thousands of socket.io-client sockets
// spread over listener processes (realtime-bench-listeners.ts). Talks to the benchmark over IPC.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ModuleSimulator } from '../db/simulator/module-simulator.ts';
import type { ModuleProfile } from '../db/simulator/virtual-module.ts';
import { percentile } from './bench-support.ts';
import type { ListenerCommand, ListenerReply, ListenerTarget } from './realtime-bench-listeners.ts';

export interface LoadSetup {
  url: string;
  brokerUrl: string;
  /** One lift token per module, in module order. */
  modules: { es: string; token: string }[];
  sockets: number;
  /** MQTT connections shared by the modules; one per module when omitted. */
  connections?: number;
  /** Processes the sockets are spread over. */
  listenerProcesses: number;
}

export type LoadCommand =
  | { type: 'setup'; setup: LoadSetup }
  | { type: 'publish'; rate: number; seconds: number; warmupSeconds: number; closeSockets: boolean };

export interface PublishResult {
  published: number;
  acknowledged: number;
  skipped: number;
  failed: number;
  /** Deliveries to sockets after the warm-up, per second of measurement. */
  deliveriesPerSecond: number;
  deliveries: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  measuredSeconds: number;
  /** CPU the publishing process used, in cores (1 = one core busy). */
  cpuCores: number;
  /** CPU the listener processes used while measuring, in cores together. */
  listenerCores: number;
  /** The publishing process's own event-loop lag (ms). */
  loadLagP99Ms: number;
  /** The worst listener process's event-loop lag p99 (ms): late there means latencies read high. */
  listenerLagP99Ms: number;
}

export type LoadReply =
  | { type: 'ready'; sockets: number; connectSeconds: number }
  | { type: 'measuring' }
  | { type: 'measured' }
  | { type: 'published'; result: PublishResult }
  | { type: 'error'; message: string };

const here = path.dirname(fileURLToPath(import.meta.url));

let setup: LoadSetup | null = null;
let listeners: Listener[] = [];

function reply(message: LoadReply): void {
  process.send?.(message);
}

/** A listener process and a way to ask it something and wait for its answer. */
interface Listener {
  child: ChildProcess;
  ask: (command: ListenerCommand) => Promise<ListenerReply>;
}

function startListener(): Listener {
  const child = fork(path.join(here, 'realtime-bench-listeners.ts'), [], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = (command: ListenerCommand) =>
    new Promise<ListenerReply>((resolve, reject) => {
      child.once('message', (answer: ListenerReply) =>
        answer.type === 'error' ? reject(new Error(answer.message)) : resolve(answer),
      );
      child.send(command);
    });
  return { child, ask };
}

async function openSockets(s: LoadSetup): Promise<number> {
  const started = performance.now();
  listeners = Array.from({ length: Math.max(1, s.listenerProcesses) }, startListener);
  // Socket i listens to module i mod modules, and lives in listener process i mod processes.
  const shares: ListenerTarget[][] = listeners.map(() => []);
  for (let i = 0; i < s.sockets; i++) {
    const target = s.modules[i % s.modules.length];
    if (!target) throw new Error('no modules');
    shares[i % listeners.length]?.push(target);
  }
  await Promise.all(listeners.map((l, i) => l.ask({ type: 'open', url: s.url, targets: shares[i] ?? [] })));
  return (performance.now() - started) / 1000;
}

async function publish(
  rate: number,
  seconds: number,
  warmupSeconds: number,
  closeSockets: boolean,
): Promise<PublishResult> {
  if (!setup) throw new Error('not set up');
  if (closeSockets) {
    await Promise.all(listeners.map((l) => l.ask({ type: 'close' })));
    for (const l of listeners) l.child.disconnect();
    listeners = [];
  }
  const modules: ModuleProfile[] = setup.modules.map((m, i) => ({
    es: m.es,
    floors: 4 + (i % 8),
    lowestFloor: 0,
    hasIntercom: true,
    firmware: '4.2.1',
  }));
  // One MQTT connection per module by default, as in the field. (The broker acknowledges a
  // connection's messages in order, so a gateway carrying many modules waits on batch commits.)
  const simulator = new ModuleSimulator({
    brokerUrl: setup.brokerUrl,
    modules,
    rate,
    ...(setup.connections ? { connections: setup.connections } : {}),
  });
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  await simulator.start();
  await simulator.whenConnected();
  await new Promise((r) => setTimeout(r, warmupSeconds * 1000));
  await Promise.all(listeners.map((l) => l.ask({ type: 'measure' })));
  reply({ type: 'measuring' });
  const measureStart = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const measuredSeconds = (performance.now() - measureStart) / 1000;
  const answers = (await Promise.all(listeners.map((l) => l.ask({ type: 'stop' })))).flatMap((a) =>
    a.type === 'stopped' ? [a] : [],
  );
  reply({ type: 'measured' });
  const latencies = answers.flatMap((a) => a.latencies);
  const measuredDeliveries = latencies.length;
  // Stop publishing, then wait for every message to be acknowledged (stored).
  const stats = simulator.stats;
  await simulator.stop();
  lag.disable();
  const cpu = process.cpuUsage(cpuStart);
  const cpuCores = (cpu.user + cpu.system) / 1000 / (performance.now() - wallStart);
  const sorted = Float64Array.from(latencies).sort();
  return {
    published: stats.published,
    acknowledged: stats.acknowledged,
    skipped: stats.skipped,
    failed: stats.failed,
    deliveries: measuredDeliveries,
    deliveriesPerSecond: measuredDeliveries / measuredSeconds,
    latencyMs: {
      p50: percentile(sorted, 0.5),
      p90: percentile(sorted, 0.9),
      p99: percentile(sorted, 0.99),
      max: sorted.length ? (sorted[sorted.length - 1] ?? 0) : 0,
    },
    measuredSeconds,
    cpuCores,
    listenerCores: answers.reduce((sum, a) => sum + a.cpuSeconds, 0) / measuredSeconds,
    loadLagP99Ms: lag.percentile(99) / 1e6,
    listenerLagP99Ms: Math.max(0, ...answers.map((a) => a.lagP99Ms)),
  };
}

process.on('message', (command: LoadCommand) => {
  void (async () => {
    try {
      if (command.type === 'setup') {
        setup = command.setup;
        const connectSeconds = await openSockets(command.setup);
        reply({ type: 'ready', sockets: command.setup.sockets, connectSeconds });
      } else {
        reply({
          type: 'published',
          result: await publish(command.rate, command.seconds, command.warmupSeconds, command.closeSockets),
        });
      }
    } catch (err) {
      reply({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
