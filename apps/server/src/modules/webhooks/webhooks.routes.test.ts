// The webhook endpoints' API as an administrator uses it, with WEBHOOK_ALLOW_PRIVATE off (the
// default): https to public addresses only — checked at registration and again at delivery — the
// secret made here, shown once and stored sealed, the own organisation only, versions, the audit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookWithSecret } from '@liftwacht/contracts/webhooks';
import { auditLog, webhookEndpoints } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let admin: string;
let systemAdmin: string;
// Names the test's resolver answers (see test-support/webhook-hosts.ts). The public address is
// only ever checked, never connected to: the one delivery below goes after it resolves to loopback.
const publicHost = 'hooks.example.test';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(t.fixtures.user.admin.username);
  systemAdmin = await t.login(t.fixtures.user.systemAdmin.username);
  t.webhookHosts.set(publicHost, ['93.184.215.14']);
  t.webhookHosts.set('intranet.example.test', ['10.1.2.3']);
  t.webhookHosts.set('cgnat.example.test', ['100.64.0.7']);
  t.webhookHosts.set('metadata.example.test', ['169.254.169.254']);
  t.webhookHosts.set('v6-local.example.test', ['fd12:3456::1']);
  t.webhookHosts.set('v6-mapped.example.test', ['::ffff:10.0.0.1']);
  t.webhookHosts.set('v6-compatible.example.test', ['::a9fe:a9fe']);
  t.webhookHosts.set('nat64.example.test', ['64:ff9b::7f00:1']);
  // An address literal resolves to itself, as the system resolver answers it.
  t.webhookHosts.set('::7f00:1', ['::7f00:1']);
  t.webhookHosts.set('nowhere.example.test', ['0.0.0.0']);
  t.webhookHosts.set('mixed.example.test', ['93.184.215.14', '192.168.1.10']);
});
afterAll(async () => {
  await t.close();
});

const as = (token: string) => ({ authorization: `Bearer ${token}` });

function create(token: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/liftwacht/admin/webhooks', headers: as(token), payload });
}

async function created(token: string, payload: Record<string, unknown>): Promise<WebhookWithSecret> {
  const res = await create(token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: WebhookWithSecret }>().data;
}

describe('webhook endpoints', () => {
  it('registers an https endpoint with a secret shown once and stored sealed', async () => {
    const { endpoint, secret } = await created(admin, {
      url: `https://${publicHost}/liftwacht`,
      description: 'Meldkamer',
      kinds: ['call.received', 'call.ended'],
    });
    expect(endpoint).toMatchObject({
      organisationId: t.fixtures.org.owner,
      organisationName: 'Woonstichting Test',
      url: `https://${publicHost}/liftwacht`,
      description: 'Meldkamer',
      kinds: ['call.received', 'call.ended'],
      enabled: true,
      version: 1,
      lastDeliveryAt: null,
    });
    const list = await t.app.inject({ method: 'GET', url: '/liftwacht/admin/webhooks', headers: as(admin) });
    expect(list.json<{ data: { items: WebhookEndpoint[] } }>().data.items.map((e) => e.id)).toContain(endpoint.id);
    const one = await t.app.inject({
      method: 'GET',
      url: `/liftwacht/admin/webhooks/${String(endpoint.id)}`,
      headers: as(admin),
    });
    expect(one.statusCode).toBe(200);
    // Never again readable: not in the answers, not in the table as it is.
    for (const body of [list.body, one.body]) expect(body).not.toContain(secret);
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.secretSealed).toBeDefined();
    expect(row?.secretSealed).not.toContain(secret.slice(6));
  });

  it.each([
    ['loopback', 'https://127.0.0.1/hook', 'loopback'],
    ['localhost', 'https://localhost:8443/hook', 'loopback'],
    ['IPv6 loopback', 'https://[::1]/hook', 'loopback'],
    ['RFC 1918', 'https://intranet.example.test/hook', 'private'],
    ['CGNAT', 'https://cgnat.example.test/hook', 'CGNAT'],
    ['link-local (cloud metadata)', 'https://metadata.example.test/latest', 'link-local'],
    ['unique-local IPv6', 'https://v6-local.example.test/hook', 'unique-local'],
    [
      'IPv4-mapped IPv6',
      'https://v6-mapped.example.test/hook',
      'private address (::ffff:10.0.0.1, which embeds 10.0.0.1)',
    ],
    ['IPv4-compatible IPv6 (metadata)', 'https://v6-compatible.example.test/hook', 'which embeds 169.254.169.254'],
    ['NAT64 to loopback', 'https://nat64.example.test/hook', 'which embeds 127.0.0.1'],
    ['an IPv4-compatible literal', 'https://[::127.0.0.1]/hook', 'loopback'],
    ['unspecified', 'https://nowhere.example.test/hook', 'unspecified'],
    ['one private address among public ones', 'https://mixed.example.test/hook', 'private'],
    ['plain http', `http://${publicHost}/hook`, 'must start with https://'],
    ['a host that does not resolve', 'https://unknown.example.test/hook', 'cannot be resolved'],
  ])('refuses %s at registration (400 on url)', async (_label, url, reason) => {
    const res = await create(admin, { url, kinds: ['call.received'] });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; field: string; message: string } }>();
    expect(error.field).toBe('url');
    expect(error.message).toContain(reason);
  });

  it('refuses a changed URL to a private address, and a stale version with the current endpoint', async () => {
    const { endpoint } = await created(admin, { url: `https://${publicHost}/a`, kinds: ['event.opened'] });
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/liftwacht/admin/webhooks/${String(endpoint.id)}`,
        headers: as(admin),
        payload,
      });
    const refused = await patch({ url: 'https://intranet.example.test/a', version: 1 });
    expect(refused.statusCode).toBe(400);
    const changed = await patch({ kinds: ['event.opened', 'event.closed'], enabled: false, version: 1 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ data: WebhookEndpoint }>().data).toMatchObject({
      kinds: ['event.opened', 'event.closed'],
      enabled: false,
      version: 2,
    });
    const stale = await patch({ description: 'Later', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ current: WebhookEndpoint }>().current).toMatchObject({ id: endpoint.id, version: 2 });
  });

  // what the name does, the name, its first address, the address it rebinds to, the refusal's reason
  it.each([
    [
      'resolves to a private address by then (DNS rebinding)',
      'rebind.example.test',
      '93.184.215.14',
      '127.0.0.1',
      'loopback',
    ],
    [
      'rebinds to an IPv6 spelling of a metadata address',
      'rebind-v6.example.test',
      '2001:4860:4860::8888',
      '::a9fe:a9fe',
      'which embeds 169.254.169.254',
    ],
  ])('refuses at delivery a name that %s', async (_what, host, first, then, why) => {
    t.webhookHosts.set(host, [first]);
    const { endpoint } = await created(admin, { url: `https://${host}/hook`, kinds: ['call.ended'] });
    t.webhookHosts.set(host, [then]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/liftwacht/admin/webhooks/${String(endpoint.id)}/test`,
      headers: as(admin),
    });
    expect(res.statusCode).toBe(200);
    const delivery = res.json<{ data: WebhookDelivery }>().data;
    expect(delivery).toMatchObject({ status: 'failed', responseStatus: null });
    expect(delivery.lastError).toContain('address refused');
    expect(delivery.lastError).toContain(why);
  });

  it("keeps an admin to its own organisation's endpoints (404), system-admin reaches every one", async () => {
    const stranger = t.fixtures.org.stranger;
    expect(
      (await create(admin, { url: `https://${publicHost}/x`, kinds: ['ping' as never], organisationId: stranger }))
        .statusCode,
    ).toBe(400);
    expect(
      (await create(admin, { url: `https://${publicHost}/x`, kinds: ['call.ended'], organisationId: stranger }))
        .statusCode,
    ).toBe(404);
    const { endpoint } = await created(systemAdmin, {
      url: `https://${publicHost}/vreemd`,
      kinds: ['call.ended'],
      organisationId: stranger,
    });
    expect(endpoint.organisationName).toBe('Vreemde Organisatie');
    for (const [method, url] of [
      ['GET', `/liftwacht/admin/webhooks/${String(endpoint.id)}`],
      ['GET', `/liftwacht/admin/webhooks/${String(endpoint.id)}/deliveries`],
      ['POST', `/liftwacht/admin/webhooks/${String(endpoint.id)}/test`],
      ['DELETE', `/liftwacht/admin/webhooks/${String(endpoint.id)}`],
      ['GET', `/liftwacht/admin/webhooks?organisationId=${String(stranger)}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: as(admin) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const own = await t.app.inject({ method: 'GET', url: '/liftwacht/admin/webhooks', headers: as(admin) });
    expect(own.body).not.toContain('Vreemde Organisatie');
    const all = await t.app.inject({ method: 'GET', url: '/liftwacht/admin/webhooks', headers: as(systemAdmin) });
    expect(all.body).toContain('Vreemde Organisatie');
    const user = await t.login(t.fixtures.user.user.username);
    expect(
      (await t.app.inject({ method: 'GET', url: '/liftwacht/admin/webhooks', headers: as(user) })).statusCode,
    ).toBe(403);
  });

  it('records every change in the audit log, never the secret', async () => {
    const { endpoint, secret } = await created(admin, { url: `https://${publicHost}/audit`, kinds: ['call.ended'] });
    const path = `/liftwacht/admin/webhooks/${String(endpoint.id)}`;
    const rotated = await t.app.inject({
      method: 'POST',
      url: `${path}/secret`,
      headers: as(admin),
      payload: { version: 1 },
    });
    const newSecret = rotated.json<{ data: WebhookWithSecret }>().data.secret;
    await t.app.inject({
      method: 'PATCH',
      url: path,
      headers: as(admin),
      payload: { description: 'Nieuw', version: 2 },
    });
    t.webhookHosts.set(publicHost, ['127.0.0.1']);
    await t.app.inject({ method: 'POST', url: `${path}/test`, headers: as(admin) });
    t.webhookHosts.set(publicHost, ['93.184.215.14']);
    const removed = await t.app.inject({ method: 'DELETE', url: path, headers: as(admin) });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path, headers: as(admin) })).statusCode).toBe(404);

    const entries = (await t.database.db.select().from(auditLog)).filter((a) => a.subjectId === String(endpoint.id));
    expect(entries.filter((a) => a.subjectType === 'webhook').map((a) => a.action)).toEqual([
      'webhook.created',
      'webhook.secret_rotated',
      'webhook.updated',
      'webhook.tested',
      'webhook.deleted',
    ]);
    expect(
      entries.every((a) => a.userId === t.fixtures.user.admin.id && a.organisationId === t.fixtures.org.owner),
    ).toBe(true);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(newSecret);
    expect(text).not.toContain('whsec_');
  });

  it('names the field of an invalid request', async () => {
    const res = await create(admin, { url: `https://${publicHost}/x`, kinds: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { field: string } }>().error.field).toContain('kinds');
  });
});
