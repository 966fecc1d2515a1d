// Issue 18: an approval that runs out as time passes opens approval_expired — once, even with two
// nodes' passes at the same moment, from the local midnight after the last valid day, with the
// subscribers' mails — a new approval ends it, and a decommissioned lift is left alone. A lift never
// approved within 12 months of commissioning gets one too.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, inspections, lifts, subscriptions } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertLift } from '../../test-support/fixtures.ts';
import { inspectionUpload } from '../../test-support/inspection-calls.ts';
import { multipartBody } from '../../test-support/multipart-body.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { ApprovalExpiryJob } from './approval-expiry.ts';
import { ApprovalExpiryRepository } from './approval-expiry.repository.ts';

// Test clock: 2026-03-10T09:00:00Z. Amsterdam is UTC+1 until 29 March.
let t: TestApp;
let expiring: number;
let decommissioned: number;

async function approve(liftId: number, inspectedOn: string, validUntil: string) {
  await t.database.db
    .insert(inspections)
    .values({ liftId, inspectedOn, result: 'approved', validUntil, logType: 'periodic_inspection' });
}

const openExpired = (liftId: number) =>
  t.database.db
    .select()
    .from(events)
    .where(and(eq(events.liftId, liftId), eq(events.type, 'approval_expired'), isNull(events.endedAt)));

/** Another node's pass: its own job on the same database. */
const otherNode = () =>
  new ApprovalExpiryJob(
    new ApprovalExpiryRepository(t.database.db),
    t.clock,
    { events: t.app.liftEvents, committed: () => undefined },
    t.app.log,
  );

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  expiring = await insertLift(db, t.fixtures.org.owner, 'Lift Verloopt');
  decommissioned = await insertLift(db, t.fixtures.org.owner, 'Lift Gesloopt');
  await db.update(lifts).set({ decommissionedOn: '2026-03-15' }).where(eq(lifts.id, decommissioned));
  await approve(expiring, '2024-09-20', '2026-03-20');
  await approve(decommissioned, '2024-09-20', '2026-03-20');
  await db.insert(subscriptions).values({ userId: t.fixtures.user.admin.id, eventType: 'approval_expired' });
});
afterAll(() => t.close());

describe('approval expiry pass', () => {
  it('opens nothing while the approval is valid, and exactly one event the night it runs out, even from two nodes at once', async () => {
    expect(await t.app.inspections.expiry.runOnce()).toBe(0);
    // 23:59 on the last valid day, local time.
    t.clock.set(new Date('2026-03-20T22:59:00Z'));
    expect(await t.app.inspections.expiry.runOnce()).toBe(0);

    t.clock.set(new Date('2026-03-20T23:01:00Z'));
    const other = otherNode();
    const opened = await Promise.all([t.app.inspections.expiry.runOnce(), other.runOnce(), otherNode().runOnce()]);
    expect(opened.reduce((a, b) => a + b, 0)).toBe(1);
    const [event, ...more] = await openExpired(expiring);
    expect(more).toHaveLength(0);
    expect(event?.startedAt.toISOString()).toBe('2026-03-20T23:00:00.000Z');

    // Subscribers hear of it: one mail per event and subscriber.
    const mails = await sqlRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from mail_queue
          where dedupe_key = ${`event:${String(event?.id)}:user:${String(t.fixtures.user.admin.id)}`}`,
    );
    expect(mails[0]?.n).toBe(1);

    // A decommissioned lift is no longer inspected: nothing opens on it.
    expect(await openExpired(decommissioned)).toHaveLength(0);
    // Later passes find the event open and leave it.
    t.clock.advance(24 * 3600_000);
    expect(await other.runOnce()).toBe(0);
    expect(await openExpired(expiring)).toHaveLength(1);
  });

  it('ends with a new approval, after which the pass opens nothing', async () => {
    const token = await t.login('test-admin');
    const body = multipartBody(inspectionUpload({ inspectedOn: '2026-03-21' }, null));
    const res = await t.app.inject({
      method: 'POST',
      url: `/liftwacht/lift/${String(expiring)}/inspections`,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await openExpired(expiring)).toHaveLength(0);
    const [ended] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.liftId, expiring), eq(events.type, 'approval_expired')));
    expect(ended?.endedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(await t.app.inspections.expiry.runOnce()).toBe(0);
    expect(await openExpired(expiring)).toHaveLength(0);
  });

  it('opens one for a lift never approved within 12 months of commissioning, from the night after the due day', async () => {
    const neverInspected = await insertLift(t.database.db, t.fixtures.org.owner, 'Lift Nooit Gekeurd');
    await t.database.db.update(lifts).set({ commissionedOn: '2015-03-01' }).where(eq(lifts.id, neverInspected));
    // No commissioning date and no approval: unknown, which is no expiry with a day to date it from.
    const unknown = await insertLift(t.database.db, t.fixtures.org.owner, 'Lift Onbekend');
    expect(await t.app.inspections.expiry.runOnce()).toBe(1);
    const [event, ...more] = await openExpired(neverInspected);
    expect(more).toHaveLength(0);
    // Due on 1 March 2016: expired from local midnight after it.
    expect(event?.startedAt.toISOString()).toBe('2016-03-01T23:00:00.000Z');
    expect(await openExpired(unknown)).toHaveLength(0);
    expect(await otherNode().runOnce()).toBe(0);
  });
});
