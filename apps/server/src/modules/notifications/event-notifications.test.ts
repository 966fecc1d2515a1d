import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventTypes } from '@liftwacht/contracts/event-types';
import { events, mailQueue, roles, subscriptions, userRoles, users } from '../../db/schema.ts';
import { catalogue } from '../../lib/server-i18n.ts';
import { insertFourLifts } from '../../test-support/fixtures.ts';
import { createTestApp, decodeQuotedPrintable, type TestApp } from '../../test-support/test-app.ts';

// Mails are read from the test app's outbox, one .eml per mail, as a fresh install writes them.
let t: TestApp;
let lift: Awaited<ReturnType<typeof insertFourLifts>>;

interface ReadMail {
  to: string;
  subject: string;
  body: string;
}

function parse(raw: string): ReadMail {
  const [rawHead = '', ...rest] = raw.replace(/\r\n/g, '\n').split('\n\n');
  // Unfold long headers, then join and decode RFC 2047 encoded words.
  const head = rawHead.replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
  const subject = header('Subject')
    .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' ')));
  return { to: header('To'), subject, body: decodeQuotedPrintable(rest.join('\n\n')) };
}
const mails = () => t.outbox().map(parse);
const to = (user: { email: string }) => mails().filter((m) => m.to === user.email);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  lift = await insertFourLifts(db, t.fixtures.org);

  const put = async (username: string, items: unknown[]) => {
    const token = await t.login(username);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/liftwacht/subscriptions',
      headers: { authorization: `Bearer ${token}` },
      payload: { items },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await put('test-user', [
    { eventType: 'unavailable', liftIds: null },
    { eventType: 'battery', liftIds: [lift.zuid] },
  ]);
  await put('test-onderhoud', [{ eventType: 'unavailable', liftIds: null }]);
  await put('test-stranger', [{ eventType: 'unavailable', liftIds: null }]);
  const u = t.fixtures.user;
  // Rows the API would not create: an "all lifts" and a one-lift subscription to the same type
  // (still one mail), and subscriptions of users who must not get mail at all.
  const [disabled] = await db
    .insert(users)
    .values({
      username: 'test-disabled',
      email: 'test-disabled@example.test',
      name: 'Test disabled',
      passwordHash: 'x',
      organisationId: t.fixtures.org.owner,
      disabled: true,
    })
    .returning({ id: users.id });
  const [userRole] = await db.select().from(roles);
  if (!disabled || !userRole) throw new Error('fixture missing');
  await db.insert(userRoles).values({ userId: disabled.id, roleId: userRole.id });
  await db.insert(subscriptions).values([
    { userId: u.admin.id, eventType: 'unavailable', liftId: null },
    { userId: u.admin.id, eventType: 'unavailable', liftId: lift.noord },
    { userId: u.clientLight.id, eventType: 'unavailable', liftId: null },
    { userId: u.monteur.id, eventType: 'unavailable', liftId: null },
    { userId: disabled.id, eventType: 'unavailable', liftId: null },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('event notifications', () => {
  it('every event type has a Dutch and an English mail label', () => {
    for (const language of ['nl', 'en'] as const) {
      const labels = catalogue(language).notifications.eventTypes;
      expect(Object.keys(labels).sort()).toEqual([...eventTypes].sort());
      for (const type of eventTypes) expect(labels[type].length).toBeGreaterThan(2);
    }
    expect(catalogue('nl').notifications.eventTypes.unavailable).not.toBe(
      catalogue('en').notifications.eventTypes.unavailable,
    );
  });

  it('mails each subscriber once, in their language, with the deep link', async () => {
    const u = t.fixtures.user;
    const { id, created } = await t.app.liftEvents.recordEvent({
      liftId: lift.noord,
      type: 'unavailable',
      startedAt: new Date('2026-03-10T08:45:00Z'),
      floor: 3,
      data: { cause: 'en627_cannot_start' },
    });
    expect(created).toBe(true);
    await t.app.mailQueue.drain();

    const all = mails();
    expect(all.map((m) => m.to).sort()).toEqual([u.admin.email, u.onderhoud.email, u.user.email].sort());
    const dutch = to(u.user)[0];
    expect(dutch?.subject).toBe('Liftwacht: Lift buiten gebruik – Lift Noord');
    expect(dutch?.body).toContain('Beste Test user,');
    expect(dutch?.body).toContain('Verdieping: 3');
    expect(dutch?.body).toContain('Adres: Lift Noordweg 1, Utrecht');
    // 08:45 UTC is 09:45 in Amsterdam.
    expect(dutch?.body).toContain('10 maart 2026');
    expect(dutch?.body).toContain('09:45');
    expect(dutch?.body).toContain(`https://portal.test/events/${String(id)}`);
    const english = to(u.onderhoud)[0];
    expect(english?.subject).toBe('Liftwacht: Lift out of service – Lift Noord');
    expect(english?.body).toContain('Dear Test onderhoud,');
    expect(english?.body).toContain('Floor: 3');
    expect(english?.body).toContain('10 March 2026');
    expect(english?.body).toContain(`https://portal.test/events/${String(id)}`);
    expect(to(u.admin)).toHaveLength(1);

    const stored = await t.database.db.select().from(events);
    expect(stored.find((e) => e.id === id)).toMatchObject({
      type: 'unavailable',
      floor: 3,
      closed: false,
      endedAt: null,
    });
  });

  it('sends mails without a drain: creating an event wakes the worker', async () => {
    const before = t.outbox().length;
    await t.app.liftEvents.recordEvent({ liftId: lift.zuid, type: 'battery', startedAt: t.clock.now() });
    await vi.waitFor(() => expect(t.outbox().length).toBe(before + 1), { timeout: 5000 });
    expect(to(t.fixtures.user.user).at(-1)?.subject).toBe('Liftwacht: Accu alarmtelefoon zwak – Lift Zuid');
  });

  it('mails nobody for an unsubscribed type, a lift outside a one-lift subscription, or a repeat', async () => {
    const before = t.outbox().length;
    await t.app.liftEvents.recordEvent({
      liftId: lift.noord,
      type: 'en627_door_closing_fault',
      startedAt: t.clock.now(),
      floor: 1,
    });
    await t.app.liftEvents.recordEvent({ liftId: lift.noord, type: 'battery', startedAt: t.clock.now() });
    const first = await t.app.liftEvents.recordEvent({
      liftId: lift.zuid,
      type: 'unavailable',
      startedAt: t.clock.now(),
      sourceMessageId: 'msg-1',
    });
    await t.app.mailQueue.drain();
    const afterFirst = t.outbox().length;
    expect(afterFirst).toBe(before + 3);

    const again = await t.app.liftEvents.recordEvent({
      liftId: lift.zuid,
      type: 'unavailable',
      startedAt: t.clock.now(),
      sourceMessageId: 'msg-1',
    });
    expect(again).toEqual({ id: first.id, created: false });
    expect(await t.app.liftEvents.notifyEventsCreated([first.id])).toBe(0);
    await t.app.mailQueue.drain();
    expect(t.outbox().length).toBe(afterFirst);
  });

  it('keeps organisations apart: a client lift mails its maintenance company, a stranger lift its own users', async () => {
    const u = t.fixtures.user;
    const before = mails().length;
    const client = await t.app.liftEvents.recordEvent({
      liftId: lift.gemeente,
      type: 'unavailable',
      startedAt: t.clock.now(),
    });
    const stranger = await t.app.liftEvents.recordEvent({
      liftId: lift.vreemd,
      type: 'unavailable',
      startedAt: t.clock.now(),
    });
    await t.app.mailQueue.drain();
    const fresh = mails().slice(before);
    expect(fresh.map((m) => m.to).sort()).toEqual([u.onderhoud.email, u.stranger.email].sort());
    expect(fresh.find((m) => m.to === u.onderhoud.email)?.body).toContain(`/events/${String(client.id)}`);
    expect(fresh.find((m) => m.to === u.stranger.email)?.body).toContain(`/events/${String(stranger.id)}`);
  });

  it('notifyEventsCreated mails for events inserted by other code; history written directly mails nobody', async () => {
    const db = t.database.db;
    const before = t.outbox().length;
    // What the seed does: straight into the table, no notification.
    await db
      .insert(events)
      .values({ liftId: lift.noord, type: 'unavailable', startedAt: new Date('2025-05-01T10:00:00Z') });
    await t.app.mailQueue.drain();
    expect(t.outbox().length).toBe(before);

    // What a bulk ingest does: insert in its own transaction, then notify.
    const [row] = await db
      .insert(events)
      .values({ liftId: lift.zuid, type: 'unavailable', startedAt: t.clock.now() })
      .returning({ id: events.id });
    // test-user, test-admin (all lifts of the owner) and test-onderhoud (granted the owner)
    expect(await t.app.liftEvents.notifyEventsCreated([row?.id ?? 0])).toBe(3);
    await t.app.mailQueue.drain();
    expect(t.outbox().length).toBe(before + 3);

    // Inside the caller's transaction: the mails are queued with the event and go out after commit.
    const created = await db.transaction(async (tx) =>
      t.app.liftEvents.recordEvent(
        { liftId: lift.noord, type: 'unavailable', startedAt: t.clock.now() },
        { db: tx as unknown as typeof db },
      ),
    );
    t.app.mailQueue.wake();
    await t.app.mailQueue.drain();
    expect(mails().filter((m) => m.body.includes(`/events/${String(created.id)}`))).toHaveLength(3);
  });

  it('a rolled-back transaction leaves neither the event nor its mails', async () => {
    const db = t.database.db;
    const queued = (await db.select().from(mailQueue)).length;
    await expect(
      db.transaction(async (tx) => {
        await t.app.liftEvents.recordEvent(
          { liftId: lift.noord, type: 'unavailable', startedAt: t.clock.now(), sourceMessageId: 'rolled-back' },
          { db: tx as unknown as typeof db },
        );
        throw new Error('caller fails after recording');
      }),
    ).rejects.toThrow('caller fails');
    expect((await db.select().from(mailQueue)).length).toBe(queued);
    expect((await db.select().from(events)).some((e) => e.sourceMessageId === 'rolled-back')).toBe(false);
  });

  it('refuses an unknown type or a missing lift before writing anything', async () => {
    await expect(
      t.app.liftEvents.recordEvent({ liftId: lift.noord, type: 'earthquake' as 'battery', startedAt: t.clock.now() }),
    ).rejects.toThrow('unknown event type');
    await expect(
      t.app.liftEvents.recordEvent({ liftId: 999999, type: 'battery', startedAt: t.clock.now() }),
    ).rejects.toThrow('no lift');
  });
});
