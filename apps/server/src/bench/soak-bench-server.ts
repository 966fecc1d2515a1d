// The server process of `npm run bench:soak`: started as main.ts starts it (demo fleet seeded into
// an empty database, embedded MQTT broker, module health job, module simulator), on a free port.
// It tells its parent the port over IPC, answers memory questions with process.memoryUsage() (the
// heap is only readable from inside), and stops cleanly on request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { databaseTarget, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { isDatabaseEmpty, seedDemoFleet } from '../db/seed/seed-demo-fleet.ts';
import { startFleetSimulator } from '../db/simulator/fleet-simulator.ts';
import { systemClock } from '../lib/clock.ts';
import { healthCheckIntervalMs } from '../modules/ingest/ingest.plugin.ts';
import { createMailer } from '../plugins/mail.ts';

export type SoakServerCommand = { type: 'memory' } | { type: 'stop' };
export type SoakServerReply =
  | { type: 'ready'; port: number; database: string; modules: number; seedSeconds: number }
  | { type: 'memory'; rss: number; heapUsed: number; heapTotal: number; external: number }
  | { type: 'stopped' }
  | { type: 'error'; message: string };

const send = (reply: SoakServerReply) => process.send?.(reply);

async function start(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-soak-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PUBLIC_URL: 'http://127.0.0.1',
    SEED_DEMO: 'true',
    SIMULATOR: 'on',
    // Two demo users open every socket of the soak: the per-user cap would refuse all but 20 each.
    SOCKETS_PER_USER: '100000',
  });
  const database = await openDatabase(databaseTarget(config));
  const mailer = createMailer({ smtpUrl: undefined, outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom });
  const app = await buildApp({ config, database, clock: systemClock, mailer });
  const seedStarted = Date.now();
  if (await isDatabaseEmpty(database.db)) await seedDemoFleet(database.db, { now: systemClock.now() });
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.mqtt.start();
  app.ingest.health.start(healthCheckIntervalMs);
  const simulator = await startFleetSimulator({
    db: database.db,
    brokerUrl: `mqtt://127.0.0.1:${String(app.mqtt.port)}`,
    rate: config.simulator.rate,
    log: app.log.child({ module: 'simulator' }),
    now: () => systemClock.now(),
  });
  const address = app.server.address();
  send({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    database: database.kind,
    modules: simulator.size,
    seedSeconds,
  });

  process.on('message', (command: SoakServerCommand) => {
    if (command.type === 'memory') {
      const m = process.memoryUsage();
      send({ type: 'memory', rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external });
      return;
    }
    void (async () => {
      await simulator.stop();
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      send({ type: 'stopped' });
      process.exit(0);
    })();
  });
}

start().catch((err: unknown) => {
  send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
});
process.on('disconnect', () => process.exit(0));
