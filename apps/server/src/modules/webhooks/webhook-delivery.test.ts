// Deliveries end to end against a real receiver on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=true): signed
// as docs/webhooks.md says — checked with the Node snippet printed there — retried on the schedule
// under the test's clock until given up after 24 hours, re-sent and tested from the API.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@liftwacht/contracts/webhooks';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { registerEndpoint, startReceiver, type TestReceiver } from './webhook-test-support.ts';

type Verify = (
  secret: string,
  headers: Record<string, unknown>,
  rawBody: string,
  toleranceSeconds?: number,
  now?: number,
) => boolean;

/** The verification snippet exactly as docs/webhooks.md prints it. */
async function documentedVerifier(dir: string): Promise<Verify> {
  const docs = readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/webhooks.md'),
    'utf8',
  );
  const block = [...docs.matchAll(/```js\n([\s\S]*?)```/g)]
    .map((m) => m[1] ?? '')
    .find((code) => code.includes('export function verifyLiftwachtWebhook'));
  if (!block) throw new Error('docs/webhooks.md has no verification snippet');
  const file = path.join(dir, 'verify-liftwacht-webhook.mjs');
  writeFileSync(file, block);
  const module = (await import(pathToFileURL(file).href)) as { verifyLiftwachtWebhook: Verify };
  return module.verifyLiftwachtWebhook;
}

let t: TestApp;
let token: string;
let receiver: TestReceiver;
let verify: Verify;
let liftId: number;
const dir = mkdtempSync(path.join(tmpdir(), 'liftwacht-webhook-snippet-'));
const bearer = () => ({ authorization: `Bearer ${token}` });
const minute = 60_000;

beforeAll(async () => {
  // The retries run the clock on by days: the token must outlast them.
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', ACCESS_TOKEN_TTL_SECONDS: '604800' });
  token = await t.login(t.fixtures.user.admin.username);
  receiver = await startReceiver();
  verify = await documentedVerifier(dir);
  const { lifts } = await import('../../db/schema.ts');
  const [lift] = await t.database.db
    .insert(lifts)
    .values({ organisationId: t.fixtures.org.owner, name: 'Lift Haken', address: 'Haakweg 1, Utrecht' })
    .returning({ id: lifts.id });
  liftId = lift?.id ?? 0;
});
afterAll(async () => {
  await receiver.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

let subjects = 0;
/** Queues an event.opened subject for the owner organisation, as the outbox would. */
async function queueEvent(): Promise<number> {
  subjects++;
  return t.app.webhooks.enqueue(t.database.db, {
    organisationId: t.fixtures.org.owner,
    kind: 'event.opened',
    subjectKey: `event.opened:test-${String(subjects)}`,
    occurredAt: t.clock.now(),
    payload: {
      lift: { id: liftId, name: 'Lift Haken', address: 'Haakweg 1, Utrecht' },
      event: { id: subjects, type: 'unavailable', startedAt: t.clock.now().toISOString(), endedAt: null, floor: 0 },
    },
  });
}

async function log(endpointId: number): Promise<WebhookDelivery[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/liftwacht/admin/webhooks/${String(endpointId)}/deliveries`,
    headers: bearer(),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { items: WebhookDelivery[] } }>().data.items;
}

describe('webhook deliveries', () => {
  it('are signed so that the documented snippet verifies them, and logged with their outcome', async () => {
    const { endpoint, secret } = await registerEndpoint(t.app, token, { url: receiver.url, kinds: ['event.opened'] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const before = receiver.received.length;
    expect(await queueEvent()).toBe(1);
    expect(await t.app.webhooks.dispatcher.runOnce()).toEqual({ delivered: 1, failed: 0 });
    const [got] = receiver.received.slice(before);
    if (!got) throw new Error('nothing received');

    const now = t.clock.now().getTime();
    expect(verify(secret, got.headers, got.body, 300, now)).toBe(true);
    expect(verify(secret, got.headers, got.body.replace('Lift Haken', 'Lift Vals'), 300, now)).toBe(false);
    expect(verify(`${secret}x`, got.headers, got.body, 300, now)).toBe(false);
    // A recorded delivery played back later: its signed timestamp is too old.
    expect(verify(secret, got.headers, got.body, 300, now + 10 * minute)).toBe(false);

    const body = JSON.parse(got.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      kind: 'event.opened',
      organisationId: t.fixtures.org.owner,
      occurredAt: t.clock.now().toISOString(),
      lift: { id: liftId, name: 'Lift Haken' },
      event: { type: 'unavailable' },
    });
    expect(got.headers['liftwacht-delivery']).toBe(body.id);
    expect(got.headers['liftwacht-kind']).toBe('event.opened');
    expect(got.headers['content-type']).toBe('application/json');

    const [delivery] = await log(endpoint.id);
    expect(delivery).toMatchObject({
      deliveryId: body.id,
      kind: 'event.opened',
      status: 'delivered',
      attempts: 1,
      responseStatus: 204,
      lastError: null,
      nextAttemptAt: null,
      body: got.body,
    });
    expect(delivery?.responseTimeMs).toBeGreaterThanOrEqual(0);
    // Nothing is due any more.
    expect(await t.app.webhooks.dispatcher.runOnce()).toEqual({ delivered: 0, failed: 0 });
    await t.app.inject({
      method: 'DELETE',
      url: `/liftwacht/admin/webhooks/${String(endpoint.id)}`,
      headers: bearer(),
    });
  });

  it('retries a failing receiver with backoff for 24 hours, then gives up; a re-send delivers it', async () => {
    t.clock.set(new Date('2026-03-10T09:00:00Z'));
    const { endpoint } = await registerEndpoint(t.app, token, { url: receiver.url, kinds: ['event.opened'] });
    receiver.answer(500);
    const created = t.clock.now().getTime();
    const before = receiver.received.length;
    await queueEvent();

    const attemptsAt: number[] = [];
    for (let round = 0; round < 12; round++) {
      const sent = receiver.received.length;
      await t.app.webhooks.dispatcher.runOnce();
      if (receiver.received.length > sent) attemptsAt.push((t.clock.now().getTime() - created) / minute);
      // Not due before its time: a second pass at the same moment sends nothing.
      expect(await t.app.webhooks.dispatcher.runOnce()).toEqual({ delivered: 0, failed: 0 });
      const [delivery] = await log(endpoint.id);
      if (!delivery?.nextAttemptAt) break;
      t.clock.set(new Date(delivery.nextAttemptAt));
    }
    expect(attemptsAt).toEqual([0, 1, 6, 36, 156, 456, 1056, 1440]);
    const [given] = await log(endpoint.id);
    expect(given).toMatchObject({ status: 'failed', attempts: 8, responseStatus: 500, nextAttemptAt: null });
    expect(given?.lastError).toContain('HTTP 500');
    t.clock.advance(24 * 3600_000);
    expect(await t.app.webhooks.dispatcher.runOnce()).toEqual({ delivered: 0, failed: 0 });

    receiver.answer(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/liftwacht/admin/webhooks/${String(endpoint.id)}/deliveries/${String(given?.id)}/resend`,
      headers: bearer(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: WebhookDelivery }>().data).toMatchObject({
      status: 'delivered',
      attempts: 9,
      responseStatus: 200,
      lastError: null,
    });
    const all = receiver.received.slice(before);
    expect(all).toHaveLength(9);
    // Every attempt, the re-send too, carries the same body and delivery id.
    expect(new Set(all.map((r) => r.body)).size).toBe(1);
    expect(new Set(all.map((r) => r.headers['liftwacht-delivery'])).size).toBe(1);
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.filter((a) => a.action === 'webhook.delivery_resent')).toHaveLength(1);
    await t.app.inject({
      method: 'DELETE',
      url: `/liftwacht/admin/webhooks/${String(endpoint.id)}`,
      headers: bearer(),
    });
  });

  it('sends a test ping at once and answers its outcome; a failed ping is not retried', async () => {
    const { endpoint, secret } = await registerEndpoint(t.app, token, { url: receiver.url, kinds: ['call.ended'] });
    receiver.answer(204);
    const test = () =>
      t.app.inject({ method: 'POST', url: `/liftwacht/admin/webhooks/${String(endpoint.id)}/test`, headers: bearer() });
    const ok = await test();
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: WebhookDelivery }>().data).toMatchObject({
      kind: 'ping',
      status: 'delivered',
      attempts: 1,
      responseStatus: 204,
    });
    const ping = receiver.received.at(-1);
    if (!ping) throw new Error('no ping');
    expect(verify(secret, ping.headers, ping.body, 300, t.clock.now().getTime())).toBe(true);
    expect(JSON.parse(ping.body)).toMatchObject({ kind: 'ping', endpoint: { id: endpoint.id } });

    receiver.answer(503);
    const failed = (await test()).json<{ data: WebhookDelivery }>().data;
    expect(failed).toMatchObject({ kind: 'ping', status: 'failed', responseStatus: 503, nextAttemptAt: null });
    expect(failed.lastError).toContain('HTTP 503');

    receiver.answer(302);
    const redirected = (await test()).json<{ data: WebhookDelivery }>().data;
    expect(redirected.status).toBe('failed');
    expect(redirected.lastError).toContain('redirects are not followed');
    receiver.answer(204);
  });

  it('signs with a renewed secret from then on', async () => {
    const { endpoint, secret: old } = await registerEndpoint(t.app, token, {
      url: receiver.url,
      kinds: ['call.ended'],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/liftwacht/admin/webhooks/${String(endpoint.id)}/secret`,
      headers: bearer(),
      payload: { version: endpoint.version },
    });
    expect(res.statusCode).toBe(200);
    const { secret } = res.json<{ data: { secret: string } }>().data;
    expect(secret).not.toBe(old);
    await t.app.inject({
      method: 'POST',
      url: `/liftwacht/admin/webhooks/${String(endpoint.id)}/test`,
      headers: bearer(),
    });
    const ping = receiver.received.at(-1);
    if (!ping) throw new Error('no ping');
    const now = t.clock.now().getTime();
    expect(verify(secret, ping.headers, ping.body, 300, now)).toBe(true);
    expect(verify(old, ping.headers, ping.body, 300, now)).toBe(false);
  });
});
