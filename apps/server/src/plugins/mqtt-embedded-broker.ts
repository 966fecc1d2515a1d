// The MQTT broker inside the server (aedes), on loopback only: modules on this machine (the demo's
// simulator, a local gateway) publish straight to it. Ingest hooks into authorizePublish, because
// aedes writes a QoS 1 PUBACK right after that check: holding the check until the message's batch
// has committed means a module's message is acknowledged only once it is stored. A failure answers
// with an error, which disconnects the module; it keeps the message and sends it again.
//
// aedes has no shared subscriptions. None are needed: the embedded broker lives and dies with its
// one server node, and several nodes use an external broker (MQTT_URL) instead.
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AedesOptions } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { moduleTopicPrefix } from '@liftwacht/contracts/ingest';
import type { IngestPipeline } from '../modules/ingest/ingest-pipeline.ts';

type AuthorizePublish = NonNullable<AedesOptions['authorizePublish']>;

export class EmbeddedBroker {
  readonly mode = 'embedded' as const;
  private broker: Aedes | null = null;
  private server: Server | null = null;
  private stopping = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  port: number | null = null;

  constructor(
    private readonly pipeline: IngestPipeline,
    private readonly log: FastifyBaseLogger,
    private readonly requestedPort: number,
  ) {}

  get connected(): boolean {
    return this.server?.listening ?? false;
  }

  async start(): Promise<void> {
    if (this.broker) return;
    this.stopping = false;
    const authorizePublish: AuthorizePublish = (client, packet, callback) => {
      // The broker's own publications ($SYS) and other topics pass untouched.
      if (!client || !packet.topic.startsWith(`${moduleTopicPrefix}/`)) {
        callback(null);
        return;
      }
      if (this.stopping) {
        callback(new Error('server is stopping'));
        return;
      }
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      const stored = this.pipeline.submitMqtt(packet.topic, payload);
      this.inFlight.add(stored);
      void stored.finally(() => this.inFlight.delete(stored)).catch(() => undefined);
      if (packet.qos === 0) {
        // Nothing to acknowledge: do not hold the module's connection.
        callback(null);
        return;
      }
      stored.then(
        () => {
          // A batch's acknowledgements to one module leave in one write, not one syscall each.
          const { conn } = client;
          conn.cork();
          process.nextTick(() => conn.uncork());
          callback(null);
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    };
    const broker = await Aedes.createBroker({ authorizePublish, id: 'liftwacht-embedded' });
    broker.on('clientError', (client, err) =>
      this.log.debug({ client: client.id, err: err.message }, 'mqtt client error'),
    );
    const server = createServer(broker.handle);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // Loopback only: anything beyond this machine goes through an external broker with its own auth.
      server.listen(this.requestedPort, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.broker = broker;
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    this.log.info({ port: this.port }, 'embedded MQTT broker listening on 127.0.0.1');
  }

  /** Stops taking messages, lets the ones in flight be stored and acknowledged, then closes. */
  async stop(): Promise<void> {
    if (!this.broker || !this.server) return;
    this.stopping = true;
    const { broker, server } = this;
    this.broker = null;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.allSettled([...this.inFlight]);
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await closed;
    this.port = null;
  }
}
