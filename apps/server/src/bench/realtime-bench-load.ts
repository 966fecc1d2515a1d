// The load side of `npm run bench:realtime`, in its own process so it does not share the server's
// event loop: thousands of socket.io-client sockets listening to modules, and virtual modules
// publishing over MQTT. Talks to the benchmark over IPC.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import {
  socketPath,
  type ClientToServerEvents,
  type ModuleSocketMessage,
  type ServerToClientEvents,
} from '@liftwacht/contracts/realtime';
import { ModuleSimulator } from '../db/simulator/module-simulator.ts';
import type { ModuleProfile } from '../db/simulator/virtual-module.ts';

export interface LoadSetup {
  url: string;
  brokerUrl: string;
  /** One lift token per module, in module order. */
  modules: { es: string; token: string }[];
  sockets: number;
  /** MQTT connections shared by the modules; one per module when omitted. */
  connections?: number;
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
  /** CPU this load process used while publishing, in cores (1 = one core busy). */
  cpuCores: number;
  /** This process's own event-loop lag (ms): late here means latencies read high. */
  loadLagP99Ms: number;
}

export type LoadReply =
  | { type: 'ready'; sockets: number; connectSeconds: number }
  | { type: 'measuring' }
  | { type: 'published'; result: PublishResult }
  | { type: 'error'; message: string };

type BenchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let setup: LoadSetup | null = null;
let sockets: BenchSocket[] = [];
let measuring = false;
const latencies: number[] = [];
let deliveries = 0;

function reply(message: LoadReply): void {
  process.send?.(message);
}

async function openSockets(s: LoadSetup): Promise<number> {
  const started = performance.now();
  const onModule = (m: ModuleSocketMessage) => {
    if (!measuring) return;
    deliveries++;
    latencies.push(Date.now() - Date.parse(m.message.t));
  };
  const open = (i: number) =>
    new Promise<BenchSocket>((resolve, reject) => {
      const target = s.modules[i % s.modules.length];
      if (!target) {
        reject(new Error('no modules'));
        return;
      }
      const socket: BenchSocket = io(s.url, {
        path: socketPath,
        transports: ['websocket'],
        query: { token: target.token },
        reconnection: false,
        forceNew: true,
        timeout: 60_000,
      });
      socket.once('connect_error', reject);
      socket.once('connect', () => {
        socket
          .emitWithAck('listen', { es_number: target.es })
          .then((ack) => ('error' in ack ? reject(new Error(ack.error.message)) : resolve(socket)), reject);
      });
      socket.on('module', onModule);
    });
  // A few hundred handshakes at a time: a browser fleet does not arrive in one millisecond either.
  for (let i = 0; i < s.sockets; i += 250) {
    const batch = Array.from({ length: Math.min(250, s.sockets - i) }, (_, k) => open(i + k));
    sockets.push(...(await Promise.all(batch)));
  }
  return (performance.now() - started) / 1000;
}

function percentile(sorted: Float64Array, q: number): number {
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
}

async function publish(
  rate: number,
  seconds: number,
  warmupSeconds: number,
  closeSockets: boolean,
): Promise<PublishResult> {
  if (!setup) throw new Error('not set up');
  if (closeSockets) {
    for (const s of sockets) s.disconnect();
    sockets = [];
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
  latencies.length = 0;
  deliveries = 0;
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  await simulator.start();
  await new Promise((r) => setTimeout(r, warmupSeconds * 1000));
  measuring = true;
  reply({ type: 'measuring' });
  const measureStart = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const measuredSeconds = (performance.now() - measureStart) / 1000;
  const measuredDeliveries = deliveries;
  measuring = false;
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
    loadLagP99Ms: lag.percentile(99) / 1e6,
  };
}

process.on('message', (command: LoadCommand) => {
  void (async () => {
    try {
      if (command.type === 'setup') {
        setup = command.setup;
        const connectSeconds = await openSockets(command.setup);
        reply({ type: 'ready', sockets: sockets.length, connectSeconds });
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
