// Issue 7, item 5: two server processes on one PostgreSQL, Redis and Mosquitto, as in production. A
// module message ingested by node A reaches a browser whose lift page is served by, and whose socket
// is connected to, node B: the Redis adapter carries the lift's room across the nodes.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { faultEventType, moduleKeyHeader, type IngestBatchResponse } from '@liftwacht/contracts/ingest';
// The server tests' own helpers: the same services, started the same way (CI installs them).
import { generateModuleKey } from '../../server/src/lib/module-keys.ts';
import {
  missingServices,
  startMosquitto,
  startPostgresDatabase,
  startRedis,
  type RunningService,
} from '../../server/src/modules/realtime/test-services.ts';
import { alertsPanel, faultAlertText, listenAcks, liftWithModule, logInAt } from './support/lift-realtime.ts';
import { moduleFrame } from './support/modules.ts';
import { startOwnServer } from './support/own-server.ts';
import { timed } from './support/timed.ts';

const missing = missingServices();

/** In the shared database: rows of the message (ingest keys ids per module) and open events of its fault. */
async function storedCounts(
  databaseUrl: string,
  esNumber: string,
  messageId: string,
  liftId: number,
  eventType: string,
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ messages: number; events: number }>(
      `select (select count(*)::int from ingested_messages where es_number = $1 and message_id = $1 || ':' || $2) as messages,
              (select count(*)::int from events where lift_id = $3 and type = $4 and ended_at is null) as events`,
      [esNumber, messageId, liftId, eventType],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** Gives the module a key for POST /liftwacht/ingest, as `npm run module-key` does (only the hash is kept). */
async function setModuleKey(databaseUrl: string, esNumber: string): Promise<string> {
  const key = generateModuleKey(esNumber);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query('update modules set key_hash = $1 where es_number = $2', [key.hash, esNumber]);
    expect(result.rowCount).toBe(1);
  } finally {
    await client.end();
  }
  return key.key;
}

// Servers first, then the services they use: run in reverse order after the test, whatever failed
// (an afterEach hook also runs when the test times out, where a `finally` in the test may not).
const cleanups: (() => Promise<void>)[] = [];

test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error: unknown) => {
      console.warn('two-node flow: cleanup failed', error);
    });
  }
});

function tracked<T extends RunningService>(service: T): T {
  cleanups.push(() => service.stop());
  return service;
}

test('a fault ingested by node A appears within 2 s on a lift page served by node B', timed, async ({ page }) => {
  test.skip(missing !== null, missing ?? '');
  // Seeding the demo fleet into PostgreSQL on node A takes most of this on a busy machine.
  test.setTimeout(480_000);
  const postgres = tracked(await startPostgresDatabase());
  const mosquitto = tracked(await startMosquitto());
  const redis = tracked(await startRedis());
  const env = {
    DATABASE_URL: postgres.url,
    MQTT_URL: mosquitto.url,
    REDIS_URL: redis.url,
    // One secret: a token either node signs is valid on the other.
    JWT_SECRET: randomBytes(32).toString('base64url'),
  };
  // Node A finds the database empty and seeds the demo fleet; node B starts on the seeded one.
  const nodeA = await startOwnServer({ env });
  cleanups.push(() => nodeA.dispose());
  const nodeB = await startOwnServer({ env, timeoutMs: 120_000 });
  cleanups.push(() => nodeB.dispose());

  const organisationId = await logInAt(page, nodeB.url);
  const { lift, freeFaults } = await liftWithModule(page, nodeB.url, organisationId);
  const [fault] = freeFaults;
  if (!fault) throw new Error('the lift reports every fault already');
  const moduleKey = await setModuleKey(postgres.url, lift.esNumber);

  const socketUrls: string[] = [];
  page.on('websocket', (socket) => socketUrls.push(socket.url()));
  const listened = listenAcks(page, lift.esNumber);
  await page.goto(`${nodeB.url}/lifts/${String(lift.id)}`);
  // Preparation, not the claim under test (that is the 2 s below): node B has just started, and on
  // a busy machine its first page and socket may take a while.
  await expect(alertsPanel(page).getByText('Verbinding: verbonden')).toBeVisible({ timeout: 30_000 });
  await listened(1);
  // The page's sockets all go to node B, so whatever it shows came through node B.
  expect(socketUrls.length).toBeGreaterThan(0);
  expect(socketUrls.every((url) => new URL(url).port === new URL(nodeB.url).port)).toBe(true);

  // Over HTTP rather than MQTT: the broker would hand the message to either node, the POST is
  // certain to be ingested by node A.
  const message = moduleFrame({ faults: [fault], floor: 2 });
  const sentAt = Date.now();
  const response = await page.request.post(`${nodeA.url}/liftwacht/ingest`, {
    headers: { [moduleKeyHeader]: moduleKey },
    data: { messages: [{ kind: 'module', ...message }] },
  });
  expect(response.ok(), `ingest answered ${String(response.status())}`).toBe(true);
  expect(((await response.json()) as IngestBatchResponse).data).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  // Issue 7: within 2 s of the message reaching the server.
  await expect(alertsPanel(page).getByText(faultAlertText(fault, 2), { exact: true })).toBeVisible({
    timeout: Math.max(1, 2000 - (Date.now() - sentAt)),
  });

  // The ingest answer comes once the message is stored: one row, one open fault event, no second copy.
  const stored = await storedCounts(postgres.url, lift.esNumber, message.id, lift.id, faultEventType(fault));
  expect(stored).toEqual({ messages: 1, events: 1 });
});
