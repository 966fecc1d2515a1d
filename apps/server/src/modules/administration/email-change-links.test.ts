// Issue 42: links follow the address. An administrator's email change retires every open
// invitation and reset link of the person in the same transaction and audits how many; the old
// link answers exactly like one that never existed, and a still invited person is invited again
// at the new address.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@liftwacht/contracts/administration';
import { rowsOf } from '../../db/seed/query-rows.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';
import { adminClient, dataOf, invitation, mailedToken } from './administration-test-support.ts';

const t = useTestApp();
const api = adminClient(t);

const admin = 'test-admin';
const password = 'A-good-password-2026';

const setPassword = (token: string) =>
  t.app.inject({ method: 'POST', url: '/liftwacht/password-reset', payload: { token, password } });

/** What a link that never existed answers: the old link must answer exactly the same. */
async function unknownLinkAnswer() {
  const res = await setPassword(randomBytes(32).toString('base64url'));
  return { status: res.statusCode, body: res.json<unknown>() };
}

async function answerOf(token: string) {
  const res = await setPassword(token);
  return { status: res.statusCode, body: res.json<unknown>() };
}

const updatesOf = async (userId: number) =>
  rowsOf<{ before: { email: string }; after: { email: string; retiredLinks?: number; invitationResent?: boolean } }>(
    await t.database.db.execute(
      sql`select before, after from audit_log
          where subject_type = 'user' and subject_id = ${String(userId)} and action = 'user.updated' order by id`,
    ),
  );

async function requestReset(email: string): Promise<string> {
  const before = t.outbox().length;
  const res = await t.app.inject({ method: 'POST', url: '/liftwacht/password-reset/request', payload: { email } });
  expect(res.statusCode).toBe(200);
  await t.app.tasks.idle();
  return mailedToken(t, email, before).token;
}

describe('an administrator corrects an email address', () => {
  it('the invitation mailed to the mistyped address answers like an unknown link; the new address gets a working one', async () => {
    const body = { ...invitation(t.fixtures.org.owner, ['admin']), email: 'new-admni@example.test' };
    const beforeInvite = t.outbox().length;
    const invited = dataOf<AdminUser>(await api.send(admin, 'POST', '/users', body));
    const old = mailedToken(t, 'new-admni@example.test', beforeInvite).token;

    const beforeFix = t.outbox().length;
    const res = await api.send(admin, 'PATCH', `/users/${String(invited.id)}`, {
      email: 'new-admin@example.test',
      version: invited.version,
    });
    expect(res.statusCode).toBe(200);
    expect(dataOf<AdminUser>(res)).toMatchObject({ email: 'new-admin@example.test', status: 'invited' });
    expect(dataOf<AdminUser>(res).invitationExpiresAt).not.toBeNull();

    // The new invitation goes to the corrected address only.
    const mails = t.outbox().slice(beforeFix);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: new-admin@example.test');
    const fresh = mailedToken(t, 'new-admin@example.test', beforeFix).token;

    const unknown = await unknownLinkAnswer();
    expect(unknown.status).toBe(400);
    expect(await answerOf(old)).toEqual(unknown);
    expect((await setPassword(fresh)).statusCode).toBe(200);
    // The corrected invitee signs in with the password the new link set.
    expect(await t.login(body.username, password)).toBeTruthy();

    const [audit] = await updatesOf(invited.id);
    expect(audit?.before.email).toBe('new-admni@example.test');
    expect(audit?.after).toMatchObject({ email: 'new-admin@example.test', retiredLinks: 1, invitationResent: true });
  });

  it('a reset link asked for before the change answers like an unknown link after it; one asked for after works', async () => {
    const body = invitation(t.fixtures.org.owner);
    const beforeInvite = t.outbox().length;
    const invited = dataOf<AdminUser>(await api.send(admin, 'POST', '/users', body));
    expect((await setPassword(mailedToken(t, body.email, beforeInvite).token)).statusCode).toBe(200);
    const active = dataOf<AdminUser>(await api.get(admin, `/users/${String(invited.id)}`));
    expect(active.status).toBe('active');

    const oldReset = await requestReset(body.email);
    const beforeFix = t.outbox().length;
    const moved = `moved-${body.email}`;
    const res = await api.send(admin, 'PATCH', `/users/${String(invited.id)}`, {
      email: moved,
      version: active.version,
    });
    expect(res.statusCode).toBe(200);
    // An active person is not invited again.
    expect(t.outbox().slice(beforeFix)).toHaveLength(0);

    expect(await answerOf(oldReset)).toEqual(await unknownLinkAnswer());
    expect((await setPassword(await requestReset(moved))).statusCode).toBe(200);

    const audits = await updatesOf(invited.id);
    expect(audits.at(-1)?.after).toMatchObject({ email: moved, retiredLinks: 1, invitationResent: false });
  });

  it('a change that keeps the address keeps the links', async () => {
    const body = invitation(t.fixtures.org.owner);
    const beforeInvite = t.outbox().length;
    const invited = dataOf<AdminUser>(await api.send(admin, 'POST', '/users', body));
    const link = mailedToken(t, body.email, beforeInvite).token;
    const beforeEdit = t.outbox().length;
    const res = await api.send(admin, 'PATCH', `/users/${String(invited.id)}`, {
      name: 'Another name',
      email: body.email,
      version: invited.version,
    });
    expect(res.statusCode).toBe(200);
    expect(t.outbox().slice(beforeEdit)).toHaveLength(0);
    expect((await updatesOf(invited.id)).at(-1)?.after).not.toHaveProperty('retiredLinks');
    expect((await setPassword(link)).statusCode).toBe(200);
  });
});
