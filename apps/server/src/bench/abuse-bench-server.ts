// The server process of `npm run bench:abuse`: built as main.ts builds it (PGlite in the DATA_DIR
// it is given, or the DATABASE_URL), the demo fleet seeded into an empty database, the embedded
// broker, simulator off, so only the attacks load it. It tells its parent the port over IPC, prints
// the reference figure on its own database when asked, and stops cleanly on request. A process of
// its own so the RSS the bench reports is the server's, not the attacker's.
import path from 'node:path';
import { buildApp } from '../app.ts';
import { databaseTarget, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { isDatabaseEmpty, seedDemoFleet } from '../db/seed/seed-demo-fleet.ts';
import { systemClock } from '../lib/clock.ts';
import { createMailer } from '../plugins/mail.ts';
import { printLoadAndReference } from './bench-support.ts';

export type AbuseServerRequest = { type: 'reference' } | { type: 'stop' };
export type AbuseServerReply =
  | {
      type: 'ready';
      port: number;
      database: string;
      seedSeconds: number;
      loginLimitPerUsername: number;
      socketsPerUser: number;
    }
  | { type: 'referenced' }
  | { type: 'stopped' }
  | { type: 'error'; message: string };

const send = (reply: AbuseServerReply) => process.send?.(reply);

async function start(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    // The offender warnings would interleave with the table; LOG_LEVEL=warn shows them.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
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
    loginLimitPerUsername: config.loginRateLimit.perUsername,
    socketsPerUser: config.socketBudget.socketsPerUser,
  });
  process.on('message', (request: AbuseServerRequest) => {
    void (async () => {
      if (request.type === 'reference') {
        await printLoadAndReference(database);
        send({ type: 'referenced' });
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
process.on('disconnect', () => process.exit(0));
