// Lifts with modules and message builders for the ingest and realtime tests.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { moduleTopic, type ModuleMessage, type ProvisioningMessage } from '@liftwacht/contracts/ingest';
import type { Db } from '../../db/database.ts';
import { lifts, modules } from '../../db/schema.ts';
import type { ItemOutcome } from './ingest.service.ts';

export interface TestLift {
  liftId: number;
  es: string;
  organisationId: number;
}

let counter = 0;

/** A lift of the organisation with a module; `liftType: null` means no alarm phone. */
export async function insertLiftWithModule(
  db: Db,
  organisationId: number,
  options: { liftType?: string | null; es?: string; lastSeenAt?: Date | null } = {},
): Promise<TestLift> {
  counter++;
  const [lift] = await db
    .insert(lifts)
    .values({
      organisationId,
      name: `Testlift ${String(counter)}`,
      address: `Teststraat ${String(counter)}, Utrecht`,
      liftType: options.liftType === undefined ? 'personenlift' : options.liftType,
    })
    .returning({ id: lifts.id });
  if (!lift) throw new Error('lift not inserted');
  const es = options.es ?? `ES-T${String(process.pid)}-${String(counter)}`;
  await db.insert(modules).values({ esNumber: es, liftId: lift.id, lastSeenAt: options.lastSeenAt ?? null });
  return { liftId: lift.id, es, organisationId };
}

type ModuleBody = Omit<ModuleMessage, 'id' | 't' | 'f'> & { f?: ModuleMessage['f'] };

export function moduleMessage(at: Date, body: ModuleBody = {}, id: string = randomUUID()): ModuleMessage {
  return { id, t: at.toISOString(), f: {}, ...body };
}

export function provisioningMessage(
  at: Date,
  body: Omit<ProvisioningMessage, 'id' | 't'>,
  id: string = randomUUID(),
): ProvisioningMessage {
  return { id, t: at.toISOString(), ...body };
}

/** Hands messages to the pipeline as the MQTT transport would, all at once, and waits for them. */
export function send(
  app: FastifyInstance,
  es: string,
  ...messages: (ModuleMessage | ProvisioningMessage)[]
): Promise<ItemOutcome[]> {
  return Promise.all(
    messages.map((m) =>
      app.ingest.pipeline.submitMqtt(
        moduleTopic(es, 'e' in m ? 'provisioning' : 'module'),
        Buffer.from(JSON.stringify(m)),
      ),
    ),
  );
}
