// Issue 42: links follow the address. A user who changes their own email in the profile retires
// every open reset link in the same transaction, audited; the old link answers exactly like one
// that never existed, and a link asked for at the new address works.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/seed/query-rows.ts';
import { createTestApp, decodeQuotedPrintable, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = 'A-good-password-2026';

const setPassword = (token: string) =>
  t.app.inject({ method: 'POST', url: '/liftwacht/password-reset', payload: { token, password } });

const answerOf = async (token: string) => {
  const res = await setPassword(token);
  return { status: res.statusCode, body: res.json<unknown>() };
};

const patchProfile = (token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/liftwacht/user', headers: { authorization: `Bearer ${token}` }, payload });

async function requestReset(email: string): Promise<string> {
  const before = t.outbox().length;
  const res = await t.app.inject({ method: 'POST', url: '/liftwacht/password-reset/request', payload: { email } });
  expect(res.statusCode).toBe(200);
  await t.app.tasks.idle();
  const mail = decodeQuotedPrintable(t.outbox().slice(before).at(-1) ?? '');
  const link = /\/password-reset\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  if (!link) throw new Error(`no link mailed to ${email}`);
  return link;
}

const profileUpdatesOf = async (userId: number) =>
  rowsOf<{ before: { email: string }; after: { email: string; retiredLinks?: number } }>(
    await t.database.db.execute(
      sql`select before, after from audit_log
          where subject_type = 'user' and subject_id = ${String(userId)} and action = 'user.profile_updated'
          order by id`,
    ),
  );

describe('PATCH /user with a new email address', () => {
  it('retires the reset links asked for before: they answer like an unknown link; a new one works', async () => {
    const session = await t.login('test-monteur');
    const first = await requestReset('test-monteur@example.test');
    const second = await requestReset('test-monteur@example.test');

    const res = await patchProfile(session, { email: 'monteur-new@example.test' });
    expect(res.statusCode).toBe(200);

    const unknown = await answerOf(randomBytes(32).toString('base64url'));
    expect(unknown.status).toBe(400);
    expect(await answerOf(first)).toEqual(unknown);
    expect(await answerOf(second)).toEqual(unknown);

    const [audit] = await profileUpdatesOf(t.fixtures.user.monteur.id);
    expect(audit?.before.email).toBe('test-monteur@example.test');
    expect(audit?.after).toMatchObject({ email: 'monteur-new@example.test', retiredLinks: 2 });

    expect((await setPassword(await requestReset('monteur-new@example.test'))).statusCode).toBe(200);
  });

  it('a change of name or language only keeps the open link', async () => {
    const session = await t.login('test-user');
    const link = await requestReset('test-user@example.test');
    expect((await patchProfile(session, { name: 'Another Name', email: 'test-user@example.test' })).statusCode).toBe(
      200,
    );
    expect((await profileUpdatesOf(t.fixtures.user.user.id)).at(-1)?.after).not.toHaveProperty('retiredLinks');
    expect((await setPassword(link)).statusCode).toBe(200);
  });
});
