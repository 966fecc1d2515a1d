// Drives virtual modules over MQTT at a given rate (messages per second over the whole fleet), as
// real modules would: QoS 1 on liftwacht/modules/{es}/module|provisioning, a provisioning message on
// (re)connect, and every unacknowledged message kept by the client and sent again after a reconnect.
import type { MqttClient } from 'mqtt';
import { mqttLibrary } from '../../lib/mqtt-library.ts';
import { moduleTopic, type ModuleMessage, type ProvisioningMessage } from '@liftwacht/contracts/ingest';
import { defaultTiming, VirtualModule, type ModuleProfile, type SimulatorTiming } from './virtual-module.ts';

export interface SimulatorLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SimulatorOptions {
  brokerUrl: string;
  modules: ModuleProfile[];
  /** Messages per second over the whole fleet. */
  rate: number;
  /** MQTT connections to share between the modules; one per module when omitted (as in the field). */
  connections?: number;
  timing?: SimulatorTiming;
  log?: SimulatorLog;
  /** Called for every message handed to MQTT (benchmarks time them). */
  onPublish?: (es: string, message: ModuleMessage | ProvisioningMessage) => void;
}

/** A connection stops taking new messages while this many wait for their acknowledgement. */
const maxUnacknowledgedPerConnection = 2000;
const tickMs = 10;
/** Modules connected in one turn of the event loop when the simulator starts (see start()). */
const connectSlice = 16;

const silentLog: SimulatorLog = { info: () => undefined, warn: () => undefined };

interface Connection {
  client: MqttClient;
  unacknowledged: number;
}

/** How long a connection may wait for its messages in flight to be acknowledged when it closes. */
const gracefulEndMs = 2000;

/**
 * Closes a connection: once what is in flight is acknowledged while the broker is there, at once
 * when it is not (a client waiting for acknowledgements from a broker that went away would wait for
 * good). The graceful wait is bounded: a server stopped just after it started, while most of the
 * fleet was still connecting, otherwise waited for acknowledgements that never came until its
 * 15 s shutdown limit killed it. A simulated module's unacknowledged message is then simply lost.
 */
async function endConnection({ client }: Connection): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), gracefulEndMs);
  });
  const outcome = await Promise.race([client.endAsync(!client.connected), gaveUp]);
  clearTimeout(timer);
  if (outcome === 'timeout') client.end(true);
}

export class ModuleSimulator {
  readonly stats = { published: 0, acknowledged: 0, failed: 0, skipped: 0 };
  private modules: VirtualModule[];
  private readonly connectionOf = new Map<string, Connection>();
  private connections: Connection[] = [];
  private timer: NodeJS.Timeout | null = null;
  private cursor = 0;
  private credit = 0;
  private lastTick = 0;
  private rate: number;
  private readonly runId = Math.random().toString(36).slice(2, 8);
  private lastWarning = 0;
  private readonly log: SimulatorLog;

  constructor(private readonly options: SimulatorOptions) {
    this.modules = options.modules.map((p) => new VirtualModule(p, options.timing ?? defaultTiming));
    this.rate = options.rate;
    this.log = options.log ?? silentLog;
  }

  get size(): number {
    return this.modules.length;
  }

  /** The ES numbers simulated now. */
  get esNumbers(): string[] {
    return this.modules.map((m) => m.es);
  }

  /** Not started, or stopped (a stop may come while start() is connecting the fleet). */
  private get stopped(): boolean {
    return this.timer === null;
  }

  /** One connection per module (as in the field) unless `connections` asks for shared ones. */
  private get perModule(): boolean {
    return this.options.connections === undefined;
  }

  async start(): Promise<void> {
    if (this.timer) return;
    this.lastTick = performance.now();
    this.timer = setInterval(() => this.tick(), tickMs);
    // Connections come up in the background and retry every second for good: a broker that is slow
    // or down at start (a restart under load) must not end the simulator, let alone the server.
    // Messages published meanwhile wait in the client until it connects.
    if (this.perModule) {
      // A slice of modules a turn of the event loop: the server the simulator runs in answers its
      // first requests in between rather than after every module's connection and setup message.
      const starting = [...this.modules];
      for (let i = 0; i < starting.length; i += connectSlice) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        if (this.stopped) return;
        for (const m of starting.slice(i, i + connectSlice)) {
          // Taken out meanwhile, or already started by add().
          if (!this.modules.includes(m) || this.connectionOf.has(m.es)) continue;
          this.connectionOf.set(m.es, this.connect(`sim-${m.es}-${this.runId}`));
          if (!m.isSilent()) this.publish(m, m.provisioning());
        }
      }
    } else {
      const count = Math.max(1, Math.min(this.options.connections ?? 1, this.modules.length));
      for (let i = 0; i < count; i++) this.connect(`sim-gateway-${this.runId}-${String(i)}`);
      this.modules.forEach((m, i) => {
        const connection = this.connections[i % this.connections.length];
        if (connection) this.connectionOf.set(m.es, connection);
      });
      for (const m of this.modules) if (!m.isSilent()) this.publish(m, m.provisioning());
    }
    this.log.info(
      { modules: this.modules.length, connections: this.connections.length, rate: this.rate },
      'module simulator running',
    );
  }

  /** Starts simulating a module (fitted in a lift since start): it connects and sends its setup. */
  add(profile: ModuleProfile): void {
    if (this.connectionOf.has(profile.es)) return;
    const m = new VirtualModule(profile, this.options.timing ?? defaultTiming);
    this.modules.push(m);
    if (!this.timer) return;
    const connection = this.perModule
      ? this.connect(`sim-${m.es}-${this.runId}`)
      : this.connections[(this.modules.length - 1) % this.connections.length];
    if (!connection) return;
    this.connectionOf.set(m.es, connection);
    if (!m.isSilent()) this.publish(m, m.provisioning());
  }

  /** Stops simulating a module (taken out of its lift); its own connection closes. */
  async remove(es: string): Promise<void> {
    this.modules = this.modules.filter((m) => m.es !== es);
    this.cursor = this.modules.length === 0 ? 0 : this.cursor % this.modules.length;
    const connection = this.connectionOf.get(es);
    this.connectionOf.delete(es);
    if (connection && this.perModule) {
      this.connections = this.connections.filter((c) => c !== connection);
      await endConnection(connection);
    }
  }

  /** Messages per second over the whole fleet, from now on. */
  setRate(rate: number): void {
    this.rate = rate;
  }

  /** Resolves once every connection is up (benchmarks start their clocks after it). */
  async whenConnected(): Promise<void> {
    await Promise.all(
      this.connections.map(({ client }) =>
        client.connected ? Promise.resolve() : new Promise<void>((resolve) => client.once('connect', () => resolve())),
      ),
    );
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled(this.connections.map((c) => endConnection(c)));
    this.connections = [];
    this.connectionOf.clear();
  }

  private connect(clientId: string): Connection {
    const client = mqttLibrary().connect(this.options.brokerUrl, {
      clientId,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      keepalive: 30,
    });
    client.on('error', (err) => {
      // Hundreds of connections fail together: one line per 10 s says enough.
      if (Date.now() - this.lastWarning < 10_000) return;
      this.lastWarning = Date.now();
      this.log.warn({ err: err.message }, 'simulator connection error; retrying');
    });
    const connection = { client, unacknowledged: 0 };
    this.connections.push(connection);
    return connection;
  }

  private tick(): void {
    const now = performance.now();
    this.credit = Math.min(this.credit + ((now - this.lastTick) / 1000) * this.rate, this.rate + 1);
    this.lastTick = now;
    const wallNow = Date.now();
    for (let tries = 0; this.credit >= 1 && tries < this.modules.length;) {
      const m = this.modules[this.cursor];
      this.cursor = (this.cursor + 1) % this.modules.length;
      if (!m || m.isSilent(wallNow)) {
        tries++;
        continue;
      }
      tries = 0;
      this.credit -= 1;
      this.publish(m, m.step(wallNow));
    }
  }

  private publish(m: VirtualModule, message: ModuleMessage | ProvisioningMessage): void {
    const connection = this.connectionOf.get(m.es);
    if (!connection) return;
    if (connection.unacknowledged >= maxUnacknowledgedPerConnection) {
      this.stats.skipped++;
      return;
    }
    connection.unacknowledged++;
    this.stats.published++;
    this.options.onPublish?.(m.es, message);
    const kind = 'e' in message ? 'provisioning' : 'module';
    connection.client.publish(moduleTopic(m.es, kind), JSON.stringify(message), { qos: 1 }, (err) => {
      connection.unacknowledged--;
      if (err) this.stats.failed++;
      else this.stats.acknowledged++;
    });
  }
}
