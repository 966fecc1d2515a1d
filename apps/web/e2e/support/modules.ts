// Plays a lift's sense module in the realtime flows: finds a demo lift with a module and publishes
// module messages to the server's embedded MQTT broker, as a real module does (QoS 1).
import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import { moduleTopic, type ModuleMessage } from '@liftwacht/contracts/ingest';
import { e2eMqttPort } from './ports.ts';

export interface LiftWithModule {
  id: number;
  name: string;
  esNumber: string;
}

/** A module message observed now; `id` unique so ingest never takes it for a redelivery. */
export const moduleFrame = (fields: Partial<Omit<ModuleMessage, 'id' | 't'>> = {}): ModuleMessage => ({
  id: randomUUID(),
  t: new Date().toISOString(),
  f: {},
  ...fields,
});

export async function publishModuleMessage(
  esNumber: string,
  message: ModuleMessage,
  port: number = e2eMqttPort,
): Promise<void> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${String(port)}`, { reconnectPeriod: 0 });
  try {
    // The PUBACK comes once the message is stored (docs/realtime.md §2).
    await client.publishAsync(moduleTopic(esNumber, 'module'), JSON.stringify(message), { qos: 1 });
  } finally {
    await client.endAsync();
  }
}
