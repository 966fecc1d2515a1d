// Scheduled reports end to end: subscriptions over HTTP, the pass with a controllable clock across
// both DST changes, two nodes passing at the same instant, the mail with its PDF (or a link), and a
// failed send that retries and shows to administrators.
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDelivery, ReportSubscription } from '@liftwacht/contracts/reports';
import { buildApp } from '../../app.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { createMailer } from '../../plugins/mail.ts';
import { insertFourLifts } from '../../test-support/fixtures.ts';
import { createTestApp, decodeQuotedPrintable, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
/** A second server node on the same database, with its own job (and a mailer nobody reads). */
let node2: FastifyInstance;
let node2Dir = '';
let node2Open = true;
let user = '';
let onderhoud = '';
let admin = '';

beforeAll(async () => {
  t = await createTestApp();
  await insertFourLifts(t.database.db, t.fixtures.org);
  node2Dir = mkdtempSync(path.join(tmpdir(), 'liftwacht-node2-'));
  node2 = await buildApp({
    config: t.config,
    database: t.database,
    clock: t.clock,
    mailer: createMailer({ smtpUrl: undefined, outboxDir: path.join(node2Dir, 'outbox'), from: t.config.mailFrom }),
    logger: false,
  });
  await node2.ready();
  user = await t.login('test-user');
  onderhoud = await t.login('test-onderhoud');
  admin = await t.login('test-admin');
});
afterAll(async () => {
  if (node2Open) await node2.close();
  rmSync(node2Dir, { recursive: true, force: true });
  await t.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const subscribe = (token: string, organisationId: number, cadence: string) =>
  t.app.inject({
    method: 'POST',
    url: '/liftwacht/report-subscriptions',
    headers: auth(token),
    payload: { organisationId, cadence },
  });
const deliveries = (token: string) =>
  t.app.inject({ method: 'GET', url: '/liftwacht/report-deliveries', headers: auth(token) });
const at = (iso: string) => t.clock.set(new Date(iso));
/** Mails either node sent: each node's worker may claim what the other queued. */
const node2Outbox = () => {
  const dir = path.join(node2Dir, 'outbox');
  try {
    return readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8'));
  } catch {
    return [];
  }
};
const allMails = () => [...t.outbox(), ...node2Outbox()].map(decodeQuotedPrintable);
/** Sends what is due now; runOnce already woke the worker, so some may have gone out already. */
const sendDue = async () => {
  await t.app.mailQueue.drain();
  if (node2Open) await node2.mailQueue.drain();
};
const deliveryCount = async () =>
  (await sqlRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from report_deliveries`))[0]?.n;

describe('report subscriptions (GET/POST/DELETE /report-subscriptions)', () => {
  it('subscribes to an organisation the user reaches, idempotently, and lists it', async () => {
    const res = await subscribe(user, t.fixtures.org.owner, 'monthly');
    expect(res.statusCode).toBe(200);
    expect((await subscribe(user, t.fixtures.org.owner, 'monthly')).statusCode).toBe(200);
    const items = res.json<{ data: { items: ReportSubscription[] } }>().data.items;
    expect(items).toEqual([
      {
        organisationId: t.fixtures.org.owner,
        organisationName: 'Woonstichting Test',
        cadence: 'monthly',
        createdAt: '2026-03-10T09:00:00.000Z',
      },
    ]);
    // The maintenance company's user reaches the owner through its grant.
    expect((await subscribe(onderhoud, t.fixtures.org.owner, 'quarterly')).statusCode).toBe(200);
  });

  it('answers 404 for another organisation, 403 without reports.download, 400 naming the field', async () => {
    expect((await subscribe(user, t.fixtures.org.stranger, 'monthly')).statusCode).toBe(404);
    expect((await subscribe(await t.login('test-client'), t.fixtures.org.owner, 'monthly')).statusCode).toBe(403);
    const bad = await subscribe(user, t.fixtures.org.owner, 'weekly');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { field: string } }>().error.field).toBe('cadence');
  });

  it('unsubscribes', async () => {
    await subscribe(user, t.fixtures.org.owner, 'quarterly');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/liftwacht/report-subscriptions/${String(t.fixtures.org.owner)}/quarterly`,
      headers: auth(user),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { items: ReportSubscription[] } }>().data.items.map((s) => s.cadence)).toEqual(['monthly']);
  });
});

describe('the scheduled report pass', () => {
  it('sends nothing for a period that was due before the subscription', async () => {
    // February was due on Monday 2 March; the subscriptions date from 10 March.
    at('2026-03-31T12:00:00Z');
    expect(await t.app.scheduledReports.runOnce()).toBe(0);
  });

  it('sends March at 07:00 summer time on 1 April, once, although two nodes pass at that instant', async () => {
    at('2026-04-01T04:59:59Z');
    expect(await t.app.scheduledReports.runOnce()).toBe(0);
    at('2026-04-01T05:00:00Z');
    const [a, b] = await Promise.all([t.app.scheduledReports.runOnce(), node2.scheduledReports.runOnce()]);
    // The monthly report of the user and the quarterly one (Q1) of the maintenance company's user.
    expect(a + b).toBe(2);
    expect(await t.app.scheduledReports.runOnce()).toBe(0);
    expect(await node2.scheduledReports.runOnce()).toBe(0);
    expect(await deliveryCount()).toBe(2);

    await sendDue();
    const mails = allMails();
    expect(mails).toHaveLength(2);
    const dutch = mails.find((m) => m.includes('To: test-user@example.test'));
    const english = mails.find((m) => m.includes('To: test-onderhoud@example.test'));
    expect(dutch).toContain('Subject: Liftwacht-rapport Woonstichting Test, maart 2026');
    expect(dutch).toContain('In de bijlage vindt u het organisatierapport');
    expect(dutch).toContain('Content-Type: application/pdf');
    expect(dutch).toContain(`liftwacht-organisation-report-${String(t.fixtures.org.owner)}-2026-03-01-2026-03-31.pdf`);
    expect(english).toContain('Subject: Liftwacht report Woonstichting Test, Q1 2026');
    expect(english).toContain('Attached is the organisation report');
    expect(english).toContain('2026-01-01-2026-03-31.pdf');
    // One node from here on, so the retries below are this node's.
    await node2.close();
    node2Open = false;
  });

  it('sends October at 07:00 winter time on the first working day, and a failed send retries visibly', async () => {
    // Sunday 1 November: September and Q3 are still owed (due on 1 October) and go out; October waits.
    at('2026-11-01T12:00:00Z');
    expect(await t.app.scheduledReports.runOnce()).toBe(2);
    await sendDue();
    at('2026-11-02T05:59:59Z');
    expect(await t.app.scheduledReports.runOnce()).toBe(0);
    at('2026-11-02T06:00:00Z');

    // The mail server is down: the outbox folder cannot be made.
    const outbox = path.join(t.config.dataDir, 'outbox');
    const saved = mkdtempSync(path.join(tmpdir(), 'outbox-aside-'));
    rmSync(saved, { recursive: true });
    renameSync(outbox, saved);
    writeFileSync(outbox, 'not a folder');
    expect(await t.app.scheduledReports.runOnce()).toBe(1);
    await sendDue();

    admin = await t.login('test-admin');
    user = await t.login('test-user');
    const failing = await deliveries(admin);
    expect(failing.statusCode).toBe(200);
    expect(failing.json<{ data: { items: ReportDelivery[] } }>().data.items).toEqual([
      expect.objectContaining({
        userName: 'Test user',
        organisationName: 'Woonstichting Test',
        cadence: 'monthly',
        from: '2026-10-01',
        to: '2026-10-31',
        state: 'failed',
        attempts: 1,
        lastError: expect.any(String) as string,
      }),
    ]);
    // Only administrators see it.
    expect((await deliveries(user)).statusCode).toBe(403);

    rmSync(outbox);
    renameSync(saved, outbox);
    t.clock.advance(2 * 60_000);
    expect(await t.app.mailQueue.drain()).toEqual({ sent: 1, failed: 0 });
    expect((await deliveries(admin)).json<{ data: { items: ReportDelivery[] } }>().data.items).toEqual([]);
    const last = decodeQuotedPrintable(t.outbox().at(-1) ?? '');
    expect(last).toContain('oktober 2026');
  });

  it('links to the kept report instead of attaching one over the size limit', async () => {
    const settings = t.app.scheduledReports.settings;
    const limit = settings.attachLimitBytes;
    settings.attachLimitBytes = 100;
    try {
      // November ends on a Monday: Tuesday 1 December, 07:00 winter time.
      at('2026-12-01T06:00:00Z');
      expect(await t.app.scheduledReports.runOnce()).toBe(1);
    } finally {
      settings.attachLimitBytes = limit;
    }
    await sendDue();
    const mail = decodeQuotedPrintable(t.outbox().at(-1) ?? '');
    expect(mail).not.toContain('Content-Type: application/pdf');
    const link = /https:\/\/portal\.test\/organisation-report\?report=(\d+)/.exec(mail);
    expect(link).not.toBeNull();
    const res = await t.app.inject({
      method: 'GET',
      url: `/liftwacht/reports/${link?.[1] ?? '0'}/pdf`,
      // Months have passed on the test clock: a fresh session.
      headers: auth(await t.login('test-user')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('waits past New Year: December and Q4 go out on Monday 4 January 2027, not on the holiday', async () => {
    at('2027-01-01T06:00:00Z');
    expect(await t.app.scheduledReports.runOnce()).toBe(0);
    at('2027-01-04T05:59:59Z');
    expect(await t.app.scheduledReports.runOnce()).toBe(0);
    at('2027-01-04T06:00:00Z');
    expect(await t.app.scheduledReports.runOnce()).toBe(2);
    await sendDue();
    const mails = t.outbox().slice(-2).map(decodeQuotedPrintable);
    expect(mails.some((m) => m.includes('december 2026'))).toBe(true);
    expect(mails.some((m) => m.includes('Q4 2026'))).toBe(true);
  });
});
