// Module messages over MQTT (DESIGN §6): the embedded broker by default, or a subscription to the
// external broker named by MQTT_URL. Both feed app.ingest.pipeline and acknowledge a QoS 1 message
// only once it is stored. main.ts starts the transport after the app is listening; tests start it
// when they need it (MQTT_PORT=0 picks a free port).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { IngestSink } from '../modules/ingest/ingest-pipeline.ts';
import { BrokerSubscriber } from './mqtt-broker-subscriber.ts';
import { EmbeddedBroker } from './mqtt-embedded-broker.ts';

export interface MqttTransport {
  readonly mode: 'embedded' | 'external';
  /** The embedded broker's port once started (null for an external broker). */
  readonly port: number | null;
  /** Listening (embedded) or connected to the broker (external): for the readiness probe. */
  readonly connected: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mqtt: MqttTransport;
  }
}

/** The transport MQTT_URL asks for, feeding `sink`: on the main thread or in ingest's worker thread. */
export function createMqttTransport(
  mqtt: Config['mqtt'],
  sink: Pick<IngestSink, 'submitMqtt'>,
  log: FastifyBaseLogger,
): MqttTransport {
  return mqtt.url
    ? new BrokerSubscriber(sink, log, {
        url: mqtt.url,
        clientId: mqtt.clientId,
        sessionExpirySeconds: mqtt.sessionExpirySeconds,
      })
    : new EmbeddedBroker(sink, log, mqtt.port);
}

export const mqttPlugin = fp(
  (app: FastifyInstance) => {
    // With ingest in a worker thread the transport runs there too; app.mqtt is its stand-in.
    const transport: MqttTransport =
      app.ingest.worker?.mqtt ??
      createMqttTransport(app.config.mqtt, app.ingest.pipeline, app.log.child({ module: 'mqtt' }));
    app.decorate('mqtt', transport);
    // Registered after ingest, so this runs before ingest's own onClose drains the pipeline.
    app.addHook('onClose', () => transport.stop());
  },
  { name: 'mqtt', dependencies: ['core', 'ingest'] },
);
