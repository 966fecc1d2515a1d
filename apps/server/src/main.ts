// Starts Liftwacht: configuration, database (migrated, seeded when empty, or a setup token for the
// first administrator), HTTP, MQTT ingest, the module simulator for the demo fleet, graceful shutdown.
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, databaseTarget, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { demoPassword, demoUsers, isDatabaseEmpty, seedDemoFleet } from './db/seed/seed-demo-fleet.ts';
import { startFleetSimulator, type FleetSimulator } from './db/simulator/fleet-simulator.ts';
import { systemClock } from './lib/clock.ts';
import { keepTrying, type KeepTrying } from './lib/keep-trying.ts';
import { prepareFirstRun, type FirstRunState } from './modules/auth/setup.service.ts';
import { keyIdentifiers } from './modules/auth/identifier-report.ts';
import { escalationCheckIntervalMs } from './modules/escalations/escalation-job.ts';
import { healthCheckIntervalMs } from './modules/ingest/ingest.plugin.ts';
import { approvalExpiryCheckIntervalMs } from './modules/inspections/approval-expiry.ts';
import { liftImportExpiryIntervalMs } from './modules/lift-spreadsheets/lift-imports-expiry.ts';
import { visitTimeoutCheckIntervalMs } from './modules/visits/visit-timeouts.ts';
import { webhookDispatchIntervalMs } from './modules/webhooks/webhook-dispatcher.ts';
import { webhookOutboxIntervalMs } from './modules/webhooks/webhook-outbox.ts';
import { scheduledReportsIntervalMs } from './modules/reports/scheduled-reports.ts';
import { createMailer } from './plugins/mail.ts';

/** How long after listening the demo fleet's modules start to connect. */
const simulatorStartAfterMs = 1_000;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: config.mailFrom,
  });
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    mailer,
    webDistDir: config.webDistDir ?? path.join(repoRoot, 'apps/web/dist'),
  });

  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    app.log.info('empty database: loading the demo fleet');
    const summary = await seedDemoFleet(database.db, { now: systemClock.now() });
    app.log.info({ summary }, 'demo fleet loaded');
  }
  // Before listening, so GET /setup already knows; the token itself is printed with the banner.
  const firstRun = await prepareFirstRun(
    database.db,
    systemClock.now(),
    `${hostname()}:${String(config.port)} (pid ${String(process.pid)})`,
  );
  if (firstRun.kind === 'token-issued') {
    app.log.warn('no users yet: a one-time setup token for the first administrator is in the start-up banner');
  } else if (firstRun.kind === 'pending') {
    app.log.warn(
      { issuedAt: firstRun.issue?.at, issuedBy: firstRun.issue?.by },
      'no users yet: setup is pending; the setup token is in the start-up output of the node that issued it',
    );
  }

  // Every user's stored keys in the server's one function; rows stored before one spelling per person
  // that cannot take theirs are reported, never renamed behind people's backs.
  const identifiers = await keyIdentifiers(database.db);
  if (identifiers.unreachable.length > 0) {
    app.log.warn(
      { usernames: identifiers.unreachable.slice(0, 50), count: identifiers.unreachable.length },
      'usernames whose one spelling an older user holds: no login reaches them until their username is changed',
    );
  }
  if (identifiers.lookAlikes.length > 0) {
    app.log.warn(
      { groups: identifiers.lookAlikes.slice(0, 50), count: identifiers.lookAlikes.length },
      'usernames that read like one another: people may be mistaken for each other; consider renaming',
    );
  }
  if (identifiers.sharedEmails.length > 0) {
    app.log.warn(
      { groups: identifiers.sharedEmails.slice(0, 50), count: identifiers.sharedEmails.length },
      'users sharing one email address: a reset link reaches the oldest only; give each their own address',
    );
  }

  let simulator: FleetSimulator | null = null;
  let simulatorStart: KeepTrying | null = null;
  let stopping = false;
  // Read through a function: work that awaits must see a shutdown that began meanwhile.
  const isStopping = () => stopping;
  const stop = (signal: string) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    void (async () => {
      try {
        // Modules first, so the last messages they send are still stored and acknowledged.
        simulatorStart?.stop();
        await simulator?.stop();
        await app.close();
        await database.close();
        app.log.info('stopped cleanly');
        process.exit(0);
      } catch (err) {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      }
    })();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  await app.mqtt.start();
  app.ingest.health.start(healthCheckIntervalMs);
  app.visits.timeouts.start(visitTimeoutCheckIntervalMs);
  app.inspections.expiry.start(approvalExpiryCheckIntervalMs);
  app.liftImports.expiry.start(liftImportExpiryIntervalMs);
  app.webhooks.outbox.start(webhookOutboxIntervalMs);
  app.webhooks.dispatcher.start(webhookDispatchIntervalMs);
  app.escalations.job.start(escalationCheckIntervalMs);
  app.scheduledReports.start(scheduledReportsIntervalMs);
  const mqttLine =
    app.mqtt.mode === 'embedded'
      ? `MQTT: embedded broker on mqtt://127.0.0.1:${String(app.mqtt.port)}`
      : `MQTT: subscribed at ${config.mqtt.url ?? ''} as ${config.mqtt.clientId}`;
  let simulatorLine = config.seedDemo
    ? 'Module simulator: off (SIMULATOR=off)'
    : 'Module simulator: off (no demo fleet: SEED_DEMO=false)';
  if (config.simulator.enabled) {
    // In the background, retried: a database or broker that is slow right after a crash must not
    // end a server that already answers.
    const log = app.log.child({ module: 'simulator' });
    simulatorStart = keepTrying(
      'module simulator',
      async () => {
        if (isStopping()) return;
        const started = await startFleetSimulator({
          db: database.db,
          brokerUrl: config.mqtt.url ?? `mqtt://127.0.0.1:${String(app.mqtt.port)}`,
          rate: config.simulator.rate,
          log,
          now: () => systemClock.now(),
        });
        // A shutdown that began while the fleet was loading must not be outlived by its modules.
        if (isStopping()) await started.stop();
        else simulator = started;
      },
      log,
      // A moment after the server answers: a restart serves its first requests without waiting for
      // the fleet to load and the MQTT client library and the modules' connections to come up.
      { startAfterMs: simulatorStartAfterMs },
    );
    simulatorLine =
      "Module simulator: on for the demo fleet's modules only; a module registered through the API or an import is never simulated (SIMULATOR=off to stop it)";
  }
  const url = `http://${config.host}:${String(config.port)}`;
  const logins = demoUsers.map((u) => `    ${u.username.padEnd(16)} ${u.role}`).join('\n');
  // Printed plainly (not as a log line) because a person starting the demo reads it.
  process.stdout.write(
    `\nLiftwacht is serving at ${url}  (ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s, ${database.kind})\n` +
      `API docs: ${url}/liftwacht/docs\n` +
      `${mqttLine}\n${simulatorLine}\n` +
      (config.seedDemo && firstRun.kind === 'not-required'
        ? `Demo logins (password ${demoPassword}):\n${logins}\n\n`
        : '') +
      firstRunBanner(firstRun, config.publicUrl),
  );
}

/** What the person starting an empty Liftwacht needs to create the first administrator. */
function firstRunBanner(state: FirstRunState, publicUrl: string): string {
  const alternative =
    '  Or, on a machine with access to the database: npm run admin -- create-user --role system-admin …\n' +
    '  (npm run admin -- setup-token issues a new token if this one is lost)\n';
  if (state.kind === 'token-issued') {
    const rule = '='.repeat(72);
    return (
      `${rule}\n` +
      `No users yet. Create the first administrator at ${publicUrl}/\n` +
      `("Eerste beheerder aanmaken" / "Create the first administrator") with this one-time setup token\n` +
      `(shown only now; only its hash is stored):\n\n` +
      `    ${state.token}\n\n` +
      alternative +
      `${rule}\n\n`
    );
  }
  if (state.kind === 'pending') {
    const where = state.issue ? ` by ${state.issue.by} at ${state.issue.at}` : '';
    return (
      `No users yet: setup is pending. The one-time setup token was printed when it was issued${where};\n` +
      `look in that node's start-up output.\n` +
      alternative +
      '\n'
    );
  }
  return '';
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `Liftwacht failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
