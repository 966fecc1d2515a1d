// Where deliveries come from: a module's call phases and events over ingest, a person's call step
// in the portal, and another module's enqueueCall — each announced once per endpoint, however often
// the outbox looks, and only to the organisation's own endpoints for the kinds they chose.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import { callSteps, events } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertLiftWithModule, moduleMessage, send, type TestLift } from '../ingest/ingest-test-support.ts';
import { registerEndpoint, startReceiver, type TestReceiver } from './webhook-test-support.ts';

let t: TestApp;
let receiver: TestReceiver;
let endpointId: number;
let lift: TestLift;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  receiver = await startReceiver();
  const admin = await t.login(t.fixtures.user.admin.username);
  ({
    endpoint: { id: endpointId },
  } = await registerEndpoint(t.app, admin, {
    url: receiver.url,
    kinds: ['call.received', 'call.acknowledged', 'call.ended', 'call.escalated', 'event.opened', 'event.closed'],
  }));
  // The stranger's endpoint wants everything too, and must hear nothing of the owner's lifts.
  const systemAdmin = await t.login(t.fixtures.user.systemAdmin.username);
  await registerEndpoint(t.app, systemAdmin, {
    url: `${receiver.url}/vreemd`,
    kinds: ['call.received', 'event.opened'],
    organisationId: t.fixtures.org.stranger,
  });
  lift = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
  // What existed before (other tests' fixtures, nothing here) is not announced.
  await t.app.webhooks.outbox.runOnce();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const at = (offsetMs: number) => new Date(t.clock.now().getTime() - 600_000 + offsetMs);

interface Queued {
  kind: string;
  subjectKey: string;
  body: string;
}

async function queued(): Promise<Queued[]> {
  return sqlRows<Queued>(
    t.database.db,
    sql`select kind, subject_key as "subjectKey", body from webhook_deliveries where endpoint_id = ${endpointId}
        and kind <> 'ping' order by id`,
  );
}

describe('webhook outbox', () => {
  it("queues a module's call phases and the alarm_call event from ingest, once each", async () => {
    const received = moduleMessage(at(0), { floor: 1, alarmCall: { callId: 'w1', phase: 'received' } });
    await send(t.app, lift.es, received);
    expect((await t.app.webhooks.outbox.runOnce()).queued).toBe(2);
    const [call] = await sqlRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from calls where lift_id = ${lift.liftId}`,
    );
    const callId = call?.id ?? 0;
    await send(
      t.app,
      lift.es,
      moduleMessage(at(20_000), { alarmCall: { callId: 'w1', phase: 'acknowledged', kind: 'entrapment' } }),
      moduleMessage(at(90_000), { alarmCall: { callId: 'w1', phase: 'ended' } }),
    );
    // A redelivered message writes no second step; a second look finds nothing new.
    await send(t.app, lift.es, received);
    await t.app.webhooks.outbox.runOnce();
    expect((await t.app.webhooks.outbox.runOnce()).queued).toBe(0);

    const rows = await queued();
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'call.acknowledged',
      'call.ended',
      'call.received',
      'event.closed',
      'event.opened',
    ]);
    expect(rows.filter((r) => r.kind.startsWith('call.')).map((r) => r.subjectKey)).toEqual([
      `call.received:${String(callId)}`,
      `call.acknowledged:${String(callId)}`,
      `call.ended:${String(callId)}`,
    ]);
    const acknowledged = JSON.parse(rows.find((r) => r.kind === 'call.acknowledged')?.body ?? '{}') as Record<
      string,
      unknown
    >;
    expect(acknowledged).toMatchObject({
      kind: 'call.acknowledged',
      organisationId: t.fixtures.org.owner,
      occurredAt: at(20_000).toISOString(),
      source: 'module',
      lift: { id: lift.liftId },
      call: { id: callId, kind: 'entrapment', times: { receivedAt: at(0).toISOString() } },
    });
    const closed = JSON.parse(rows.find((r) => r.kind === 'event.closed')?.body ?? '{}') as Record<string, unknown>;
    expect(closed).toMatchObject({
      occurredAt: at(90_000).toISOString(),
      event: { type: 'alarm_call', floor: 1, endedAt: at(90_000).toISOString() },
    });

    // And they go out, each once.
    const before = receiver.received.length;
    expect(await t.app.webhooks.dispatcher.runOnce()).toEqual({ delivered: 5, failed: 0 });
    expect(
      receiver.received
        .slice(before)
        .map((r) => r.headers['liftwacht-kind'])
        .sort(),
    ).toEqual(['call.acknowledged', 'call.ended', 'call.received', 'event.closed', 'event.opened']);
    expect(receiver.received.some((r) => r.body.includes('vreemd'))).toBe(false);
  });

  it("announces a person's call step from the portal, and not again when the module reports the same phase", async () => {
    const started = at(100_000);
    await send(t.app, lift.es, moduleMessage(started, { alarmCall: { callId: 'w2', phase: 'received' } }));
    const [call] = await sqlRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from calls where lift_id = ${lift.liftId} and source_message_id like '%w2'`,
    );
    const callId = call?.id ?? 0;
    await t.database.db
      .insert(callSteps)
      .values({ callId, at: at(110_000), action: 'acknowledged', source: 'portal', userId: t.fixtures.user.user.id });
    await t.app.webhooks.outbox.runOnce();
    await send(
      t.app,
      lift.es,
      moduleMessage(at(120_000), { alarmCall: { callId: 'w2', phase: 'acknowledged', kind: 'entrapment' } }),
    );
    await t.app.webhooks.outbox.runOnce();
    const acks = (await queued()).filter((r) => r.subjectKey === `call.acknowledged:${String(callId)}`);
    expect(acks).toHaveLength(1);
    expect(JSON.parse(acks[0]?.body ?? '{}')).toMatchObject({
      source: 'portal',
      occurredAt: at(110_000).toISOString(),
    });
  });

  it('announces an event that ends in a later batch, and history older than a day not at all', async () => {
    const [event] = await t.database.db
      .insert(events)
      .values({ liftId: lift.liftId, type: 'unavailable', startedAt: at(0) })
      .returning({ id: events.id });
    const eventId = event?.id ?? 0;
    await t.database.db.insert(events).values({
      liftId: lift.liftId,
      type: 'unavailable',
      startedAt: new Date(t.clock.now().getTime() - 3 * 86_400_000),
      endedAt: new Date(t.clock.now().getTime() - 2 * 86_400_000),
      closed: true,
    });
    await t.app.webhooks.outbox.runOnce();
    const keys = () => queued().then((rows) => rows.map((r) => r.subjectKey));
    expect(await keys()).toContain(`event.opened:${String(eventId)}`);
    expect(await keys()).not.toContain(`event.closed:${String(eventId)}`);
    const count = (await keys()).length;

    await t.database.db.execute(
      sql`update events set ended_at = ${at(300_000).toISOString()}::timestamptz, closed = true where id = ${eventId}`,
    );
    await t.app.webhooks.outbox.runOnce();
    await t.app.webhooks.outbox.runOnce();
    expect(await keys()).toContain(`event.closed:${String(eventId)}`);
    // Only the closing is new: the old history stayed silent.
    expect((await keys()).length).toBe(count + 1);
  });

  it("queues another module's call kind in its transaction: enqueueCall, once per subject", async () => {
    const [call] = await sqlRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from calls where lift_id = ${lift.liftId} order by id limit 1`,
    );
    const callId = call?.id ?? 0;
    const escalate = () =>
      t.database.db.transaction((tx) =>
        t.app.webhooks.enqueueCall(tx as never, {
          callId,
          kind: 'call.escalated',
          subjectKey: `call.escalated:${String(callId)}:1`,
          occurredAt: t.clock.now(),
          extra: { escalation: { level: 1 } },
        }),
      );
    expect(await escalate()).toBe(1);
    expect(await escalate()).toBe(0);
    const row = (await queued()).find((r) => r.kind === 'call.escalated');
    expect(JSON.parse(row?.body ?? '{}')).toMatchObject({
      kind: 'call.escalated',
      escalation: { level: 1 },
      lift: { id: lift.liftId },
      call: { id: callId },
    });
  });

  it('marks what it saw even when no endpoint listens', async () => {
    const other = await insertLiftWithModule(t.database.db, t.fixtures.org.client);
    await send(t.app, other.es, moduleMessage(at(0), { alarmCall: { callId: 'w3', phase: 'received' } }));
    const result = await t.app.webhooks.outbox.runOnce();
    expect(result.seen).toBeGreaterThanOrEqual(2);
    expect(result.queued).toBe(0);
    const [pending] = await sqlRows<{ n: number }>(
      t.database.db,
      sql`select (select count(*) from events where webhook_pending)::int + (select count(*) from call_steps where webhook_pending)::int as n`,
    );
    expect(pending?.n).toBe(0);
  });
});
