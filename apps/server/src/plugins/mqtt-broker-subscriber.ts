// Ingest from an external broker (MQTT_URL, e.g. Mosquitto or EMQX): every node subscribes to the
// shared subscription $share/liftwacht/liftwacht/modules/+/+ so the broker hands each message to
// one node. The session is persistent under a stable client id: a node that dies and comes back
// gets what it had not acknowledged, and what arrived meanwhile.
//
// A PUBACK goes out only after the message's batch committed. mqtt.js's customHandleAcks would do
// that but handles one message at a time (its next packet waits for the previous acknowledgement),
// which caps a node at one message per database commit. So messages are taken at once through
// handleMessage, and the PUBACK mqtt.js writes for them is held back until the message is stored.
// A message that could not be stored is never acknowledged: the connection is dropped, and the
// broker delivers it again when the node reconnects.
import type { FastifyBaseLogger } from 'fastify';
import type { IClientOptions, MqttClient, Packet } from 'mqtt';
import { mqttLibrary } from '../lib/mqtt-library.ts';
import { sharedModuleTopicFilter } from '@liftwacht/contracts/ingest';
import type { IngestSink } from '../modules/ingest/ingest-pipeline.ts';

export interface BrokerSubscriberOptions {
  url: string;
  clientId: string;
  sessionExpirySeconds: number;
  /** How many unacknowledged messages the broker may have in flight to this node. */
  receiveMaximum?: number;
}

const neverSettles = new Promise<never>(() => undefined);

type SendPacket = (packet: Packet, cb?: (err?: Error) => void, ...rest: unknown[]) => void;

export class BrokerSubscriber {
  readonly mode = 'external' as const;
  readonly port = null;
  private client: MqttClient | null = null;
  /** Bumped per connection: an acknowledgement for a message of an earlier connection is dropped. */
  private generation = 0;
  private stopping = false;
  private readonly stored = new Map<number, { generation: number; done: Promise<unknown> }>();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly pipeline: Pick<IngestSink, 'submitMqtt'>,
    private readonly log: FastifyBaseLogger,
    private readonly options: BrokerSubscriberOptions,
  ) {}

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  async start(): Promise<void> {
    if (this.client) return;
    this.stopping = false;
    const options: IClientOptions = {
      clientId: this.options.clientId,
      protocolVersion: 5,
      clean: false,
      properties: {
        sessionExpiryInterval: this.options.sessionExpirySeconds,
        receiveMaximum: this.options.receiveMaximum ?? 10000,
      },
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      keepalive: 30,
      resubscribe: true,
      manualConnect: true,
    };
    const client = mqttLibrary().connect(this.options.url, options);
    this.client = client;
    this.interceptAcks(client);

    client.handleMessage = (packet, callback) => {
      if (this.stopping) {
        // Left unacknowledged: the broker keeps it for this session and sends it again.
        if (packet.messageId !== undefined) this.stored.set(packet.messageId, { generation: -1, done: neverSettles });
      } else {
        const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
        const done = this.pipeline.submitMqtt(packet.topic, payload);
        this.inFlight.add(done);
        void done.finally(() => this.inFlight.delete(done)).catch(() => undefined);
        if (packet.qos > 0 && packet.messageId !== undefined) {
          this.stored.set(packet.messageId, { generation: this.generation, done });
        }
      }
      // Take the next packet at once; the acknowledgement waits in the interceptor.
      callback();
    };

    client.on('connect', (connack) => {
      this.generation++;
      this.log.info(
        { sessionPresent: connack.sessionPresent, clientId: this.options.clientId },
        'connected to MQTT broker',
      );
    });
    client.on('error', (err) => this.log.warn({ err: err.message }, 'MQTT broker connection error'));
    client.on('offline', () => this.log.warn('MQTT broker offline; reconnecting'));

    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`MQTT broker at MQTT_URL not reachable within 15 s`)), 15_000);
      client.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    client.connect();
    try {
      await ready;
      const granted = await client.subscribeAsync(sharedModuleTopicFilter, { qos: 1 });
      if (granted.some((g) => g.qos !== 1)) throw new Error(`broker refused ${sharedModuleTopicFilter} at QoS 1`);
    } catch (err) {
      this.client = null;
      await client.endAsync(true);
      throw err;
    }
    this.log.info({ topic: sharedModuleTopicFilter }, 'subscribed to module messages');
  }

  /** Stops taking messages, acknowledges what was stored, then disconnects (the session stays). */
  async stop(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.stopping = true;
    await Promise.allSettled([...this.inFlight]);
    // Let the held acknowledgements reach the socket before it closes.
    await new Promise((resolve) => setImmediate(resolve));
    this.client = null;
    await client.endAsync(false);
  }

  private interceptAcks(client: MqttClient): void {
    const internals = client as unknown as { _sendPacket: SendPacket };
    const send = internals._sendPacket.bind(client);
    internals._sendPacket = (packet, cb, ...rest) => {
      const messageId = packet.cmd === 'puback' ? packet.messageId : undefined;
      const held = messageId === undefined ? undefined : this.stored.get(messageId);
      if (messageId === undefined || !held) {
        send(packet, cb, ...rest);
        return;
      }
      this.stored.delete(messageId);
      // mqtt.js moves on to the next packet when this callback runs.
      cb?.();
      held.done.then(
        () => {
          if (held.generation !== this.generation || !client.connected) return;
          // A batch's acknowledgements leave in one write, not one syscall each.
          const { stream } = client;
          stream.cork();
          process.nextTick(() => stream.uncork());
          send(packet, undefined, ...rest);
        },
        (err: unknown) => {
          if (held.generation !== this.generation || !client.connected) return;
          this.log.error({ err }, 'module message not stored; reconnecting so the broker sends it again');
          client.stream.destroy();
        },
      );
    };
  }
}
