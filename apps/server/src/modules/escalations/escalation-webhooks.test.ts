// The app's wiring of escalation to webhooks (app.ts): an escalation queues a `call.escalated`
// delivery per subscribed endpoint in its own claim's transaction, once per call and level.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema.ts';
import { insertFourLifts } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { registerEndpoint } from '../webhooks/webhook-test-support.ts';
import { insertCall, minutes } from './escalation-test-support.ts';

let t: TestApp;
let lift: Awaited<ReturnType<typeof insertFourLifts>>;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  lift = await insertFourLifts(t.database.db, t.fixtures.org);
});
afterAll(async () => {
  await t.close();
});

describe('escalation webhooks', () => {
  it('queues one call.escalated delivery per level, with the level in the body', async () => {
    const { endpoint } = await registerEndpoint(t.app, await t.login('test-admin'), {
      url: 'http://127.0.0.1:9/hook',
      kinds: ['call.escalated'],
    });
    const callId = await insertCall(t.database.db, lift.noord, new Date(t.clock.now().getTime() - minutes(6)));
    await t.app.escalations.job.runOnce();
    await t.app.escalations.job.runOnce();
    t.clock.advance(minutes(10));
    await t.app.escalations.job.runOnce();

    const rows = await t.database.db
      .select({ kind: webhookDeliveries.kind, subjectKey: webhookDeliveries.subjectKey, body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows.map((r) => r.subjectKey).sort()).toEqual([
      `call.escalated:${String(callId)}:1`,
      `call.escalated:${String(callId)}:2`,
    ]);
    expect(rows.every((r) => r.kind === 'call.escalated')).toBe(true);
    const levels = rows.map((r) => (JSON.parse(r.body) as { escalation: { level: number } }).escalation.level);
    expect(levels.sort()).toEqual([1, 2]);
  });
});
