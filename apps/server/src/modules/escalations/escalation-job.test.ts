// Issue 19: an entrapment nobody acknowledged within the organisation's first limit mails the users
// subscribed to escalations, and again at the second limit — with a clock the test moves, exactly
// once per call and level, also after a restart (a new app on the same database).
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import {
  callEscalations,
  calls,
  escalationSubscriptions,
  lifts,
  mailQueue,
  organisations,
  roles,
  userRoles,
  users,
} from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { insertFixtures, insertFourLifts, type Fixtures } from '../../test-support/fixtures.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { EscalationClaimsRepository } from './escalation-claims.repository.ts';
import { EscalationJob, type Escalation } from './escalation-job.ts';
import { insertCall, minutes, startEscalationNode, type EscalationNode } from './escalation-test-support.ts';

let database: Database;
let fixtures: Fixtures;
let lift: Awaited<ReturnType<typeof insertFourLifts>>;
let node: EscalationNode;
const clock = manualClock(new Date('2026-03-10T09:00:00Z'));
const at = (hhmm: string, seconds = 0) => new Date(`2026-03-10T${hhmm}:${String(seconds).padStart(2, '0')}Z`);

async function subscribe(username: string, escalation: unknown, items: unknown[] = []) {
  const token = await node.login(username);
  const res = await node.app.inject({
    method: 'PUT',
    url: '/liftwacht/subscriptions',
    headers: { authorization: `Bearer ${token}` },
    payload: { items, escalation },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** One pass at `when`, then every mail it queued is sent; answers the escalations and the new mails. */
async function passAt(when: Date, on: EscalationNode = node) {
  clock.set(when);
  const before = on.sent.length;
  const made = await on.app.escalations.job.runOnce();
  await on.app.mailQueue.drain();
  return { made, mails: on.sent.slice(before) };
}
const levels = (made: Escalation[]) => made.map((e) => [e.callId, e.level, e.recipients]);
const recipientsOf = (mails: { to: string }[]) => mails.map((m) => m.to).sort();

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await insertFixtures(database.db);
  lift = await insertFourLifts(database.db, fixtures.org);
  node = await startEscalationNode(database, clock);
  await subscribe('test-user', { liftIds: null });
  // English, and reaching the owner's and the client's lifts through the maintenance company's grants.
  await subscribe('test-onderhoud', { liftIds: null });
  await subscribe('test-admin', { liftIds: [lift.zuid] });
  // No access to the owner's lifts.
  await subscribe('test-stranger', { liftIds: null });
  // Events only: no escalations.
  await subscribe('test-system-admin', null, [{ eventType: 'alarm_call', liftIds: null }]);
  // Rows the API would not make: a role that does not see current calls, and a disabled user.
  const db = database.db;
  const [disabled] = await db
    .insert(users)
    .values({
      username: 'test-disabled',
      email: 'test-disabled@example.test',
      name: 'Test disabled',
      passwordHash: 'x',
      organisationId: fixtures.org.owner,
      disabled: true,
    })
    .returning({ id: users.id });
  const [userRole] = await db.select().from(roles).where(eq(roles.name, 'user'));
  if (!disabled || !userRole) throw new Error('fixture missing');
  await db.insert(userRoles).values({ userId: disabled.id, roleId: userRole.id });
  await db.insert(escalationSubscriptions).values([
    { userId: fixtures.user.clientLight.id, liftId: null },
    { userId: disabled.id, liftId: null },
  ]);
});
afterAll(async () => {
  await node.close();
  await database.close();
});

describe('escalation of an unacknowledged entrapment', () => {
  let callId = 0;

  it('sends nothing before the first limit', async () => {
    callId = await insertCall(database.db, lift.noord, at('09:00'));
    const { made, mails } = await passAt(new Date(at('09:05').getTime() - 1));
    expect(made).toEqual([]);
    expect(mails).toEqual([]);
  });

  it('at the first limit mails each subscriber who may see the lift once, in their language', async () => {
    const { made, mails } = await passAt(at('09:05'));
    expect(levels(made)).toEqual([[callId, 1, 2]]);
    expect(recipientsOf(mails)).toEqual([fixtures.user.onderhoud.email, fixtures.user.user.email].sort());

    const dutch = mails.find((m) => m.to === fixtures.user.user.email);
    expect(dutch?.subject).toBe('Liftwacht: opsluiting niet bevestigd – Lift Noord');
    expect(dutch?.text).toContain('Beste Test user,');
    expect(dutch?.text).toContain('na 5 min nog door niemand bevestigd');
    expect(dutch?.text).toContain('Lift: Lift Noord');
    expect(dutch?.text).toContain('Adres: Lift Noordweg 1, Utrecht');
    // 09:00 UTC is 10:00 in Amsterdam.
    expect(dutch?.text).toContain('Begonnen: 10 maart 2026 om 10:00');
    expect(dutch?.text).toContain('Loopt nu: 5 min');
    expect(dutch?.text).toContain('https://portal.test/current-calls');
    expect(dutch?.text).toContain('https://portal.test/subscriptions');
    const english = mails.find((m) => m.to === fixtures.user.onderhoud.email);
    expect(english?.subject).toBe('Liftwacht: entrapment not acknowledged – Lift Noord');
    expect(english?.text).toContain('Dear Test onderhoud,');
    expect(english?.text).toContain('after 5 min');
    expect(english?.text).toContain('Running for: 5 min');
    expect(english?.text).toContain('https://portal.test/current-calls');

    // Later passes before the second limit send nothing more.
    expect((await passAt(at('09:05', 5))).mails).toEqual([]);
    expect((await passAt(at('09:14', 59))).made).toEqual([]);
    const claims = await database.db.select().from(callEscalations).where(eq(callEscalations.callId, callId));
    expect(claims.map((c) => [c.level, c.recipients, c.sentAt.toISOString()])).toEqual([
      [1, 2, at('09:05').toISOString()],
    ]);
  });

  it('at the second limit mails them again, once', async () => {
    const { made, mails } = await passAt(at('09:16'));
    expect(levels(made)).toEqual([[callId, 2, 2]]);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Liftwacht: entrapment still not acknowledged – Lift Noord',
      'Liftwacht: opsluiting nog steeds niet bevestigd – Lift Noord',
    ]);
    const dutch = mails.find((m) => m.to === fixtures.user.user.email);
    expect(dutch?.text).toContain('Tweede escalatie');
    expect(dutch?.text).toContain('na 15 min');
    expect(dutch?.text).toContain('Loopt nu: 16 min');
    expect((await passAt(at('10:30'))).mails).toEqual([]);
  });

  it('sends nothing again after a restart: a new app on the same database', async () => {
    const restarted = await startEscalationNode(database, clock);
    try {
      const { made, mails } = await passAt(at('10:31'), restarted);
      expect(made).toEqual([]);
      expect(mails).toEqual([]);
      const queued = await database.db
        .select()
        .from(mailQueue)
        .where(like(mailQueue.dedupeKey, `escalation:${String(callId)}:%`));
      expect(queued).toHaveLength(4);
      expect(queued.every((m) => m.sentAt !== null && m.attempts === 1)).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  it('escalates nothing for a call acknowledged or ended in time, or that is no entrapment', async () => {
    await insertCall(database.db, lift.zuid, at('11:00'), { acknowledgedAt: at('11:02') });
    await insertCall(database.db, lift.zuid, at('11:00'), { acknowledgedAt: at('11:01'), endedAt: at('11:03') });
    await insertCall(database.db, lift.zuid, at('11:00'), { kind: 'false_alarm' });
    await insertCall(database.db, lift.zuid, at('11:00'), { kind: 'other' });
    expect((await passAt(at('11:40'))).made).toEqual([]);
  });

  it('stops after an acknowledgement between the limits; a one-lift subscription counts for its lift', async () => {
    const zuidCall = await insertCall(database.db, lift.zuid, at('12:00'));
    const first = await passAt(at('12:05'));
    expect(levels(first.made)).toEqual([[zuidCall, 1, 3]]);
    expect(recipientsOf(first.mails)).toEqual(
      [fixtures.user.admin.email, fixtures.user.onderhoud.email, fixtures.user.user.email].sort(),
    );
    await database.db
      .update(calls)
      .set({ acknowledgedAt: at('12:07'), status: 'acknowledged' })
      .where(eq(calls.id, zuidCall));
    expect((await passAt(at('12:20'))).made).toEqual([]);
  });

  it('sends both levels, once each, when the node was down past both limits; a grant decides who may see it', async () => {
    const clientCall = await insertCall(database.db, lift.gemeente, at('13:00'));
    const { made, mails } = await passAt(at('13:40'));
    expect(levels(made)).toEqual([
      [clientCall, 1, 1],
      [clientCall, 2, 1],
    ]);
    // Only the maintenance company reaches the client's lift; the owner's users do not.
    expect(recipientsOf(mails)).toEqual([fixtures.user.onderhoud.email, fixtures.user.onderhoud.email]);
    expect(mails.map((m) => m.text).find((text) => text.includes('Second escalation'))).toContain(
      'Running for: 40 min',
    );
    expect((await passAt(at('13:41'))).made).toEqual([]);
  });

  it("uses the limits of the lift's organisation", async () => {
    await database.db
      .update(organisations)
      .set({ escalationFirstMinutes: 2, escalationSecondMinutes: 90 })
      .where(eq(organisations.id, fixtures.org.owner));
    const noordCall = await insertCall(database.db, lift.noord, at('14:00'));
    expect(levels((await passAt(at('14:01', 59))).made)).toEqual([]);
    expect(levels((await passAt(at('14:02'))).made)).toEqual([[noordCall, 1, 2]]);
    expect(levels((await passAt(at('15:29'))).made)).toEqual([]);
    const second = await passAt(at('15:31'));
    expect(levels(second.made)).toEqual([[noordCall, 2, 2]]);
    expect(second.mails.find((m) => m.to === fixtures.user.onderhoud.email)?.text).toContain('after 1 h 30 min');
    expect(second.mails.find((m) => m.to === fixtures.user.user.email)?.text).toContain('Loopt nu: 1 u 31 min');
  });

  it('leaves decommissioned lifts and calls from before the horizon alone', async () => {
    const stale = await insertCall(database.db, lift.noord, new Date(at('16:00').getTime() - 2 * 24 * minutes(60)));
    await insertCall(database.db, lift.zuid, at('16:00'));
    await database.db.update(lifts).set({ decommissionedOn: '2026-03-10' }).where(eq(lifts.id, lift.zuid));
    expect((await passAt(at('16:30'))).made).toEqual([]);
    await database.db.update(lifts).set({ decommissionedOn: null }).where(eq(lifts.id, lift.zuid));
    // Taken in again, the zuid call escalates (its first limit is 2 minutes now); the stale one never does.
    const made = (await passAt(at('16:31'))).made;
    expect(made.map((e) => [e.liftId, e.level])).toEqual([[lift.zuid, 1]]);
    expect(made.some((e) => e.callId === stale)).toBe(false);
  });
});

describe('the escalated hook', () => {
  it('runs inside the claim: when it fails nothing is claimed or queued, and the next pass tries again', async () => {
    const told: Escalation[] = [];
    let fail = true;
    const job = new EscalationJob({
      db: database.db,
      claims: new EscalationClaimsRepository(database.db),
      mailQueue: node.app.mailQueue,
      clock,
      publicUrl: 'https://portal.test',
      log: node.app.log,
      escalated: async (tx, escalation) => {
        // Something the hook writes in the transaction: visible to it, gone when it rolls back.
        const claimed = await tx.select().from(callEscalations).where(eq(callEscalations.callId, escalation.callId));
        expect(claimed.map((c) => c.level)).toContain(escalation.level);
        if (fail) throw new Error('webhook queue down');
        told.push(escalation);
      },
    });
    const hooked = await insertCall(database.db, lift.noord, at('17:00'));
    clock.set(at('17:05'));
    expect(await job.runOnce()).toEqual([]);
    const queuedFor = async () =>
      database.db
        .select()
        .from(mailQueue)
        .where(like(mailQueue.dedupeKey, `escalation:${String(hooked)}:%`));
    expect(await queuedFor()).toEqual([]);
    expect(await database.db.select().from(callEscalations).where(eq(callEscalations.callId, hooked))).toEqual([]);

    fail = false;
    const made = await job.runOnce();
    expect(levels(made)).toEqual([[hooked, 1, 2]]);
    expect(told).toEqual([
      {
        callId: hooked,
        level: 1,
        organisationId: fixtures.org.owner,
        liftId: lift.noord,
        startedAt: at('17:00'),
        escalatedAt: at('17:05'),
        limitMinutes: 2,
        recipients: 2,
      },
    ]);
    expect(await queuedFor()).toHaveLength(2);
  });
});
