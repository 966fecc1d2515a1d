// Two server nodes on one PostgreSQL (only with TEST_DATABASE_URL): their outboxes and dispatchers
// run at the same moment, and every delivery reaches the receiver exactly once; a node that dies
// after claiming a delivery leaves it to the other once its lease runs out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { events, lifts } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { createMailer } from '../../plugins/mail.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testWebhookHosts } from '../../test-support/webhook-hosts.ts';
import { WebhooksRepository } from './webhooks.repository.ts';
import { registerEndpoint, startReceiver, type TestReceiver } from './webhook-test-support.ts';

const onPostgres = process.env.LIFTWACHT_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

let a: TestApp;
let b: { app: FastifyInstance; database: Database; dir: string };
let receiver: TestReceiver;
let liftId: number;

describe.skipIf(!onPostgres)('webhooks on two nodes (PostgreSQL)', () => {
  beforeAll(async () => {
    a = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    // The second node: its own pool on the same database, the same secret (it must open the
    // endpoints' sealed secrets) and clock.
    const [current] = await sqlRows<{ name: string }>(a.database.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${current?.name ?? ''}`;
    const database = await openDatabase({ url: url.toString() });
    const dir = mkdtempSync(path.join(tmpdir(), 'liftwacht-webhook-node-b-'));
    const mailer = createMailer({ smtpUrl: undefined, outboxDir: path.join(dir, 'outbox'), from: a.config.mailFrom });
    const app = await buildApp({
      config: a.config,
      database,
      clock: a.clock,
      mailer,
      logger: false,
      webhookLookup: testWebhookHosts().lookup,
    });
    await app.ready();
    b = { app, database, dir };
    receiver = await startReceiver(20);
    const [lift] = await a.database.db
      .insert(lifts)
      .values({ organisationId: a.fixtures.org.owner, name: 'Lift Twee', address: 'Tweeweg 2, Utrecht' })
      .returning({ id: lifts.id });
    liftId = lift?.id ?? 0;
    const admin = await a.login(a.fixtures.user.admin.username);
    await registerEndpoint(a.app, admin, { url: receiver.url, kinds: ['event.opened'] });
  });
  afterAll(async () => {
    await receiver.close();
    await b.app.close();
    await b.database.close();
    rmSync(b.dir, { recursive: true, force: true });
    await a.close();
  });

  it('announces each event and delivers each body exactly once when both nodes run at once', async () => {
    const count = 60;
    await a.database.db.insert(events).values(
      Array.from({ length: count }, (_, i) => ({
        liftId,
        type: 'unavailable',
        startedAt: new Date(a.clock.now().getTime() - 60_000 + i),
      })),
    );
    const [outA, outB] = await Promise.all([a.app.webhooks.outbox.runOnce(), b.app.webhooks.outbox.runOnce()]);
    expect(outA.seen + outB.seen).toBe(count);
    expect(outA.queued + outB.queued).toBe(count);

    const before = receiver.received.length;
    const [sentA, sentB] = await Promise.all([
      a.app.webhooks.dispatcher.runOnce(),
      b.app.webhooks.dispatcher.runOnce(),
    ]);
    expect(sentA.delivered + sentB.delivered).toBe(count);
    // Both did part of the work, and no body went out twice.
    expect(sentA.delivered).toBeGreaterThan(0);
    expect(sentB.delivered).toBeGreaterThan(0);
    const ids = receiver.received.slice(before).map((r) => r.headers['liftwacht-delivery']);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    const [row] = await sqlRows<{ delivered: number; attempts: number }>(
      a.database.db,
      sql`select count(*) filter (where status = 'delivered')::int as delivered, sum(attempts)::int as attempts
          from webhook_deliveries`,
    );
    expect(row).toEqual({ delivered: count, attempts: count });
  });

  it('resumes a delivery whose node died after claiming it, once the lease has run out', async () => {
    await a.database.db
      .insert(events)
      .values({ liftId, type: 'sense_failure', startedAt: new Date(a.clock.now().getTime() - 1000) });
    await a.app.webhooks.outbox.runOnce();
    // Node A claims it and dies before sending.
    const now = a.clock.now();
    const claimed = await new WebhooksRepository(a.database.db).claimDue(
      now,
      a.app.webhooks.dispatcher.leaseUntil(now),
      10,
    );
    expect(claimed).toHaveLength(1);
    const before = receiver.received.length;
    expect(await b.app.webhooks.dispatcher.runOnce()).toEqual({ delivered: 0, failed: 0 });
    a.clock.advance(a.app.webhooks.dispatcher.settings.leaseMs);
    expect(await b.app.webhooks.dispatcher.runOnce()).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.received.slice(before)).toHaveLength(1);
    expect(receiver.received.at(-1)?.headers['liftwacht-delivery']).toBe(claimed[0]?.deliveryId);
  });
});
