// The MQTT broker inside the server (aedes), on loopback only: modules on this machine (the demo's
// simulator, a local gateway) publish straight to it. Ingest hooks into authorizePublish, and a QoS 1
// message is acknowledged only once its batch has committed. aedes would write the PUBACK right
// after authorizePublish, but it also reads a connection's next packets only once the current ones
// are through it: holding the check until the commit made every later message of that module wait
// for it (seconds under load, for live views too). So the check passes at once with the packet
// marked QoS 0 for aedes (no PUBACK from it), and the PUBACK is written here after the commit, in
// the order the messages arrived on the connection. A failed store closes the connection without
// acknowledging: the module keeps the message and sends it again (ingest is idempotent).
//
// aedes has no shared subscriptions. None are needed: the embedded broker lives and dies with its
// one server node, and several nodes use an external broker (MQTT_URL) instead.
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aedes, type AedesOptions } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { moduleTopicPrefix } from '@liftwacht/contracts/ingest';
import type { IngestSink } from '../modules/ingest/ingest-pipeline.ts';

type AuthorizePublish = NonNullable<AedesOptions['authorizePublish']>;

export class EmbeddedBroker {
  readonly mode = 'embedded' as const;
  private broker: Aedes | null = null;
  private server: Server | null = null;
  private stopping = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Per connection, the last PUBACK written or waiting: the next one follows it. */
  private readonly lastAck = new WeakMap<Duplex, Promise<void>>();
  port: number | null = null;

  constructor(
    private readonly pipeline: Pick<IngestSink, 'submitMqtt'>,
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
      if (packet.qos !== 1 || packet.messageId === undefined) {
        this.track(stored);
        if (packet.qos === 0) {
          // Nothing to acknowledge: do not hold the module's connection.
          callback(null);
          return;
        }
        // QoS 2 (no module uses it): aedes' own flow, held until stored.
        stored.then(
          () => callback(null),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
        return;
      }
      this.track(this.acknowledgeWhenStored(client.conn, packet.messageId, stored));
      packet.qos = 0;
      callback(null);
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

  private track(done: Promise<unknown>): void {
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done)).catch(() => undefined);
  }

  /**
   * Writes the PUBACK once the message is stored and every earlier message of the connection was
   * acknowledged (MQTT: PUBACKs in the order the PUBLISHes arrived). A Remaining Length of 2 is a
   * success PUBACK in MQTT 3.1.1 and 5 alike.
   */
  private acknowledgeWhenStored(conn: Duplex, messageId: number, stored: Promise<unknown>): Promise<void> {
    const previous = this.lastAck.get(conn) ?? Promise.resolve();
    const ack = previous.then(() =>
      stored.then(
        () => {
          if (conn.destroyed || !conn.writable) return;
          // A batch's acknowledgements to one module leave in one write, not one syscall each.
          if (conn.writableCorked === 0) {
            conn.cork();
            process.nextTick(() => conn.uncork());
          }
          conn.write(Buffer.from([0x40, 0x02, messageId >> 8, messageId & 0xff]));
        },
        (err: unknown) => {
          // Not stored: never acknowledged. The module sends it again after reconnecting.
          conn.destroy(err instanceof Error ? err : new Error(String(err)));
        },
      ),
    );
    this.lastAck.set(conn, ack);
    void ack
      .finally(() => {
        if (this.lastAck.get(conn) === ack) this.lastAck.delete(conn);
      })
      .catch(() => undefined);
    return ack;
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
