// The server process of `npm run bench:http`: built as main.ts builds it — the configured logger
// (LOG_LEVEL, LOG_FORMAT) writing to this process's stdout, which the bench points at a file — on
// the DATA_DIR / DATABASE_URL it is given, the demo fleet seeded into an empty database, simulator
// off. It tells its parent the port over IPC and stops cleanly on request; on request it also
// records a V8 CPU profile of what happens between 'profile-start' and 'profile-stop' (one line of
// the bench, not the start and the seeding as `node --cpu-prof` would).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { databaseTarget, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { isDatabaseEmpty, seedDemoFleet } from '../db/seed/seed-demo-fleet.ts';
import { systemClock } from '../lib/clock.ts';
import { createMailer } from '../plugins/mail.ts';

export type HttpBenchServerReply =
  | { type: 'ready'; port: number; database: string; seedSeconds: number }
  | { type: 'profiling' }
  | { type: 'profiled'; file: string }
  | { type: 'stopped' }
  | { type: 'error'; message: string };

export type HttpBenchServerRequest =
  { type: 'profile-start' } | { type: 'profile-stop'; file: string } | { type: 'stop' };

const send = (reply: HttpBenchServerReply) => process.send?.(reply);

async function start(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1',
    SEED_DEMO: 'true',
    SIMULATOR: 'off',
  });
  const database = await openDatabase(databaseTarget(config));
  const mailer = createMailer({
    smtpUrl: undefined,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: config.mailFrom,
  });
  const app = await buildApp({ config, database, clock: systemClock, mailer });
  const seedStarted = Date.now();
  if (await isDatabaseEmpty(database.db)) await seedDemoFleet(database.db, { now: systemClock.now() });
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.mqtt.start();
  const address = app.server.address();
  send({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    database: database.kind,
    seedSeconds,
  });
  const profiler = new Session();
  process.on('message', (request: HttpBenchServerRequest) => {
    void (async () => {
      if (request.type === 'profile-start') {
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
        send({ type: 'profiling' });
        return;
      }
      if (request.type === 'profile-stop') {
        const { profile } = await profiler.post('Profiler.stop');
        profiler.disconnect();
        writeFileSync(request.file, JSON.stringify(profile));
        send({ type: 'profiled', file: request.file });
        return;
      }
      await app.close();
      await database.close();
      send({ type: 'stopped' });
      process.exit(0);
    })();
  });
}

start().catch((err: unknown) => {
  send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
});
