// Issue 16: the people of an organisation under /liftwacht/admin/users — scope per role, the
// invitation flow, the role-rank, self and last-administrator rules, versions and disabling.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '@liftwacht/contracts/administration';
import type { RoleName } from '@liftwacht/contracts/auth';
import { organisations, roles, userRoles, users } from '../../db/schema.ts';
import { hashPassword } from '../auth/password.ts';
import { fixturePassword } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { adminClient, dataOf, invitation, mailedToken } from './administration-test-support.ts';

let t: TestApp;
let api: ReturnType<typeof adminClient>;
let passwordHash: string;
const start = new Date('2026-03-10T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  api = adminClient(t);
  passwordHash = await hashPassword(fixturePassword);
});
afterAll(() => t.close());

const sys = 'test-system-admin';
const admin = 'test-admin';

async function userOf(id: number): Promise<AdminUser> {
  return dataOf<AdminUser>(await api.get(sys, `/users/${String(id)}`));
}

/** An active user (with the fixture password) of the organisation, straight into the database. */
async function activeUser(organisationId: number, username: string, roleNames: RoleName[]): Promise<number> {
  const db = t.database.db;
  const [row] = await db
    .insert(users)
    .values({ username, email: `${username}@example.test`, name: username, passwordHash, organisationId })
    .returning({ id: users.id });
  if (!row) throw new Error('not inserted');
  for (const name of roleNames) {
    const [role] = await db.select().from(roles).where(eq(roles.name, name));
    if (role) await db.insert(userRoles).values({ userId: row.id, roleId: role.id });
  }
  return row.id;
}

async function newOrganisation(name: string): Promise<number> {
  const [row] = await t.database.db
    .insert(organisations)
    .values({ name, type: 'owner' })
    .returning({ id: organisations.id });
  if (!row) throw new Error('not inserted');
  return row.id;
}

async function resetPassword(token: string, password = 'A-good-password-2026') {
  return t.app.inject({ method: 'POST', url: '/liftwacht/password-reset', payload: { token, password } });
}

describe('who sees whom', () => {
  it('refuses every users route to user, client-light and monteur (403)', async () => {
    const id = t.fixtures.user.user.id;
    for (const username of ['test-user', 'test-client', 'test-monteur']) {
      expect((await api.get(username, '/users')).statusCode).toBe(403);
      expect((await api.get(username, `/users/${String(id)}`)).statusCode).toBe(403);
      expect((await api.send(username, 'POST', '/users', invitation(t.fixtures.org.owner))).statusCode).toBe(403);
      expect((await api.send(username, 'PATCH', `/users/${String(id)}`, { name: 'x', version: 1 })).statusCode).toBe(
        403,
      );
      expect((await api.send(username, 'POST', `/users/${String(id)}/disable`, { version: 1 })).statusCode).toBe(403);
    }
  });

  it('an admin lists its own organisation only; another organisation answers 404', async () => {
    const res = await api.get(admin, '/users?limit=1000');
    expect(res.statusCode).toBe(200);
    const list = dataOf<{ items: AdminUser[]; total: number }>(res);
    expect(new Set(list.items.map((u) => u.organisationId))).toEqual(new Set([t.fixtures.org.owner]));
    expect(list.items.map((u) => u.username)).toContain('test-monteur');
    expect((await api.get(admin, `/users?organisationId=${String(t.fixtures.org.stranger)}`)).statusCode).toBe(404);
    // The maintenance company's admin may read the owner's lifts through its grant, not its people.
    expect((await api.get(admin, `/users/${String(t.fixtures.user.stranger.id)}`)).statusCode).toBe(404);
    expect((await api.get(admin, `/users/${String(t.fixtures.user.user.id)}`)).statusCode).toBe(200);
    expect((await api.get(admin, '/users/2000000001')).statusCode).toBe(404);
  });

  it('system-admin lists every organisation’s people and narrows by organisation; a missing one is 404', async () => {
    const all = dataOf<{ items: AdminUser[] }>(await api.get(sys, '/users?limit=1000'));
    expect(all.items.map((u) => u.username)).toEqual(expect.arrayContaining(['test-stranger', 'test-onderhoud']));
    const stranger = dataOf<{ items: AdminUser[] }>(
      await api.get(sys, `/users?organisationId=${String(t.fixtures.org.stranger)}`),
    );
    expect(stranger.items.map((u) => u.username)).toEqual(['test-stranger']);
    expect(stranger.items[0]).toMatchObject({
      organisationName: 'Vreemde Organisatie',
      status: 'active',
      roles: ['user'],
    });
    expect((await api.get(sys, `/users/${String(t.fixtures.user.stranger.id)}`)).statusCode).toBe(200);
    expect((await api.get(sys, '/users?organisationId=2000000001')).statusCode).toBe(404);
  });

  it('filters by search, role and status and sorts', async () => {
    const monteurs = dataOf<{ items: AdminUser[] }>(await api.get(sys, '/users?role=monteur'));
    expect(monteurs.items.map((u) => u.username)).toEqual(['test-monteur']);
    const search = dataOf<{ items: AdminUser[] }>(await api.get(sys, '/users?search=ONDERHOUD'));
    expect(search.items.map((u) => u.username)).toEqual(['test-onderhoud']);
    const desc = dataOf<{ items: AdminUser[] }>(
      await api.get(sys, `/users?organisationId=${String(t.fixtures.org.owner)}&sort=username&direction=desc`),
    );
    const names = desc.items.map((u) => u.username);
    expect(names).toEqual([...names].sort().reverse());
  });
});

describe('invitations', () => {
  it('invites in the invitee’s language; the link sets the password once and login works', async () => {
    const before = t.outbox().length;
    const body = invitation(t.fixtures.org.owner, ['user'], 'nl');
    const res = await api.send(admin, 'POST', '/users', body);
    expect(res.statusCode).toBe(201);
    const user = dataOf<AdminUser>(res);
    expect(user).toMatchObject({
      username: body.username,
      status: 'invited',
      roles: ['user'],
      locale: 'nl',
      organisationName: 'Woonstichting Test',
      version: 1,
      invitationExpiresAt: new Date(start.getTime() + 7 * 24 * 3600_000).toISOString(),
    });
    const { token, mail } = mailedToken(t, body.email, before);
    expect(mail).toContain('Kies uw wachtwoord');
    expect(mail).toContain(`https://portal.test/password-reset/${token}`);
    // No password yet: nobody logs in as the invitee.
    const early = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/auth',
      payload: { username: body.username, password: fixturePassword },
    });
    expect(early.statusCode).toBe(401);

    expect((await resetPassword(token)).statusCode).toBe(200);
    await t.login(body.username, 'A-good-password-2026');
    expect(await userOf(user.id)).toMatchObject({ status: 'active', invitationExpiresAt: null });
    expect((await resetPassword(token)).json()).toMatchObject({ error: { code: 'reset_token_used' } });
  });

  it('mails an English invitee in English', async () => {
    const before = t.outbox().length;
    const body = invitation(t.fixtures.org.owner, ['monteur'], 'en-GB');
    expect((await api.send(admin, 'POST', '/users', body)).statusCode).toBe(201);
    const { mail } = mailedToken(t, body.email, before);
    expect(mail).toContain('Choose your password with this link');
    expect(mail).toContain('Woonstichting Test invited you');
  });

  it('the link expires after 7 days', async () => {
    const before = t.outbox().length;
    const body = invitation(t.fixtures.org.owner);
    expect((await api.send(admin, 'POST', '/users', body)).statusCode).toBe(201);
    const { token } = mailedToken(t, body.email, before);
    try {
      t.clock.set(new Date(start.getTime() + 7 * 24 * 3600_000 + 1000));
      expect((await resetPassword(token)).json()).toMatchObject({ error: { code: 'reset_token_expired' } });
      t.clock.set(new Date(start.getTime() + 7 * 24 * 3600_000 - 60_000));
      expect((await resetPassword(token)).statusCode).toBe(200);
    } finally {
      t.clock.set(start);
    }
  });

  it('a new invitation retires the old link; only an open invitation can be sent again', async () => {
    const before = t.outbox().length;
    const body = invitation(t.fixtures.org.owner);
    const user = dataOf<AdminUser>(await api.send(admin, 'POST', '/users', body));
    const first = mailedToken(t, body.email, before).token;
    t.clock.set(new Date(start.getTime() + 3600_000));
    try {
      const resent = await api.send(admin, 'POST', `/users/${String(user.id)}/invitation`, { version: user.version });
      expect(resent.statusCode).toBe(200);
      expect(dataOf<AdminUser>(resent)).toMatchObject({
        status: 'invited',
        version: 2,
        invitationExpiresAt: new Date(start.getTime() + 3600_000 + 7 * 24 * 3600_000).toISOString(),
      });
      const second = mailedToken(t, body.email, before).token;
      expect(second).not.toBe(first);
      expect((await resetPassword(first)).json()).toMatchObject({ error: { code: 'reset_token_used' } });
      expect((await resetPassword(second)).statusCode).toBe(200);
      const again = await api.send(admin, 'POST', `/users/${String(user.id)}/invitation`, { version: 2 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: { code: 'conflict' }, current: { status: 'active' } });
    } finally {
      t.clock.set(start);
    }
  });

  it('refuses a taken username (any case), a bad email, a foreign organisation and a stronger role', async () => {
    const owner = t.fixtures.org.owner;
    const taken = await api.send(admin, 'POST', '/users', { ...invitation(owner), username: 'TEST-User' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'conflict', field: 'username' } });
    const email = await api.send(admin, 'POST', '/users', { ...invitation(owner), email: 'not-an-address' });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ error: { field: 'email' } });
    expect((await api.send(admin, 'POST', '/users', invitation(t.fixtures.org.stranger))).statusCode).toBe(404);
    expect((await api.send(admin, 'POST', '/users', invitation(2_000_000_001))).statusCode).toBe(404);
    const stronger = await api.send(admin, 'POST', '/users', invitation(owner, ['user', 'system-admin']));
    expect(stronger.statusCode).toBe(403);
    expect(stronger.json()).toMatchObject({ error: { code: 'forbidden', field: 'roles' } });
    // Equal rank is fine; system-admin may invite into any organisation with any role.
    expect((await api.send(admin, 'POST', '/users', invitation(owner, ['admin']))).statusCode).toBe(201);
    expect(
      (await api.send(sys, 'POST', '/users', invitation(t.fixtures.org.stranger, ['system-admin']))).statusCode,
    ).toBe(201);
  });

  it('refuses a username that reads like an existing one in any organisation, and stores a new one in one spelling', async () => {
    const owner = t.fixtures.org.owner;
    // test-user exists; fullwidth, Cyrillic а, dotless ı, dotted İ and rn-for-m read the same.
    for (const lookAlike of [
      'ｔｅｓｔ-ｕｓｅｒ',
      'tеst-user',
      'test-usеr',
      'test-admın',
      'test-admİn',
      'test-adrnin',
    ]) {
      const refused = await api.send(admin, 'POST', '/users', { ...invitation(owner), username: lookAlike });
      expect(refused.statusCode, lookAlike).toBe(409);
      // One that normalises to test-user itself is taken; the others read like an existing name.
      expect(refused.json()).toMatchObject({ error: { field: 'username' } });
    }
    // test-system-admin lives in another organisation: its look-alike is refused too.
    const foreign = await api.send(sys, 'POST', '/users', { ...invitation(owner), username: 'test-system-аdmin' });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toMatchObject({ error: { code: 'username_look_alike', field: 'username' } });
    // A name that reads differently is welcome, and is kept in its one spelling.
    const fresh = await api.send(admin, 'POST', '/users', { ...invitation(owner), username: 'Ｊan.Jansen-77' });
    expect(fresh.statusCode).toBe(201);
    expect(dataOf<AdminUser>(fresh).username).toBe('jan.jansen-77');
  });

  it('two invitations of one username at once: one is created, the other answers 409', async () => {
    const body = invitation(t.fixtures.org.owner);
    const answers = await Promise.all([
      api.send(admin, 'POST', '/users', body),
      api.send(sys, 'POST', '/users', { ...body, username: body.username.toUpperCase() }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('two look-alike invitations at once: one is created, the other answers 409 username_look_alike', async () => {
    const owner = t.fixtures.org.owner;
    const answers = await Promise.all([
      api.send(admin, 'POST', '/users', { ...invitation(owner), username: 'piet.pompier' }),
      api.send(sys, 'POST', '/users', { ...invitation(owner), username: 'piet.pоmpier' }), // Cyrillic о
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json()).toMatchObject({ error: { code: 'username_look_alike', field: 'username' } });
  });

  it('refuses an email address another user has in any spelling: 409 email_taken, on invitation and on change', async () => {
    const owner = t.fixtures.org.owner;
    for (const email of ['test-user@example.test', 'TEST-USER@Example.TEST']) {
      const refused = await api.send(admin, 'POST', '/users', { ...invitation(owner), email });
      expect(refused.statusCode, email).toBe(409);
      expect(refused.json()).toMatchObject({ error: { code: 'email_taken', field: 'email' } });
    }
    const id = await activeUser(owner, 'email-mover', ['user']);
    const moved = await api.send(admin, 'PATCH', `/users/${String(id)}`, {
      email: 'Test-User@example.test',
      version: 1,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ error: { code: 'email_taken', field: 'email' } });
    // The user's own address in another case is theirs to keep.
    const own = await api.send(admin, 'PATCH', `/users/${String(id)}`, {
      email: 'Email-Mover@example.test',
      version: 1,
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('changes', () => {
  it('edits name, email, language and roles with the version; a stale version answers 409 with the current one', async () => {
    const id = await activeUser(t.fixtures.org.owner, 'edit-me', ['user']);
    const res = await api.send(admin, 'PATCH', `/users/${String(id)}`, {
      name: 'Edited',
      email: 'edited@example.test',
      locale: 'en-US',
      roles: ['client-light', 'monteur'],
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(dataOf<AdminUser>(res)).toMatchObject({
      name: 'Edited',
      email: 'edited@example.test',
      locale: 'en-US',
      roles: ['client-light', 'monteur'],
      version: 2,
    });
    const stale = await api.send(sys, 'PATCH', `/users/${String(id)}`, { name: 'Late', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: { code: 'conflict', field: 'version' },
      current: { id, name: 'Edited', version: 2 },
    });
    expect((await userOf(id)).name).toBe('Edited');
  });

  it('nobody gives a role stronger than their own, or changes someone stronger', async () => {
    const id = await activeUser(t.fixtures.org.owner, 'rank-me', ['user']);
    const up = await api.send(admin, 'PATCH', `/users/${String(id)}`, { roles: ['system-admin'], version: 1 });
    expect(up.statusCode).toBe(403);
    const sysId = t.fixtures.user.systemAdmin.id;
    const version = (await userOf(sysId)).version;
    for (const [method, path, body] of [
      ['PATCH', '', { email: 'mine@example.test', version }],
      ['POST', '/disable', { version }],
    ] as const) {
      const res = await api.send(admin, method, `/users/${String(sysId)}${path}`, body);
      expect(res.statusCode).toBe(403);
    }
    expect((await api.send(admin, 'PATCH', `/users/${String(id)}`, { roles: ['admin'], version: 1 })).statusCode).toBe(
      200,
    );
  });

  it('nobody disables themselves or takes their own administrator role away (403)', async () => {
    const self = await userOf(t.fixtures.user.admin.id);
    const disable = await api.send(admin, 'POST', `/users/${String(self.id)}/disable`, { version: self.version });
    expect(disable.statusCode).toBe(403);
    const demote = await api.send(admin, 'PATCH', `/users/${String(self.id)}`, {
      roles: ['user'],
      version: self.version,
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json()).toMatchObject({ error: { code: 'forbidden', field: 'roles' } });
    const sysSelf = await userOf(t.fixtures.user.systemAdmin.id);
    expect(
      (await api.send(sys, 'POST', `/users/${String(sysSelf.id)}/disable`, { version: sysSelf.version })).statusCode,
    ).toBe(403);
    // Renaming oneself is fine.
    expect(
      (await api.send(admin, 'PATCH', `/users/${String(self.id)}`, { name: 'Test admin', version: self.version }))
        .statusCode,
    ).toBe(200);
  });

  it('disabling ends the person’s sessions; login answers as for a wrong password; enabling lets them in again', async () => {
    const id = await activeUser(t.fixtures.org.owner, 'disable-me', ['user']);
    const session = await t.login('disable-me');
    const me = () =>
      t.app.inject({ method: 'GET', url: '/liftwacht/user', headers: { authorization: `Bearer ${session}` } });
    expect((await me()).statusCode).toBe(200);
    const res = await api.send(admin, 'POST', `/users/${String(id)}/disable`, { version: 1 });
    expect(res.statusCode).toBe(200);
    expect(dataOf<AdminUser>(res)).toMatchObject({ status: 'disabled', version: 2 });
    expect((await me()).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/auth',
      payload: { username: 'disable-me', password: fixturePassword },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ error: { code: 'invalid_credentials' } });
    // Again: nothing to do, nothing changes.
    expect(
      dataOf<AdminUser>(await api.send(admin, 'POST', `/users/${String(id)}/disable`, { version: 2 })),
    ).toMatchObject({ status: 'disabled', version: 2 });
    const enabled = await api.send(admin, 'POST', `/users/${String(id)}/enable`, { version: 2 });
    expect(dataOf<AdminUser>(enabled)).toMatchObject({ status: 'active', version: 3 });
    await t.login('disable-me');
    // The old session stays ended.
    expect((await me()).statusCode).toBe(401);
  });

  it('a disabled invitee’s link stops working', async () => {
    const before = t.outbox().length;
    const body = invitation(t.fixtures.org.owner);
    const user = dataOf<AdminUser>(await api.send(admin, 'POST', '/users', body));
    const { token } = mailedToken(t, body.email, before);
    const disabled = await api.send(admin, 'POST', `/users/${String(user.id)}/disable`, { version: 1 });
    expect(dataOf<AdminUser>(disabled)).toMatchObject({ status: 'disabled', invitationExpiresAt: null });
    expect((await resetPassword(token)).statusCode).toBe(400);
    const enabled = dataOf<AdminUser>(
      await api.send(admin, 'POST', `/users/${String(user.id)}/enable`, { version: 2 }),
    );
    expect(enabled).toMatchObject({ status: 'invited', invitationExpiresAt: null });
  });
});

describe('the last administrator', () => {
  it('cannot be disabled or lose the admin role (409 last_admin); an invited admin does not count', async () => {
    const organisationId = await newOrganisation('Eén Beheerder BV');
    const only = await activeUser(organisationId, 'only-admin', ['admin']);
    await api.send(sys, 'POST', '/users', invitation(organisationId, ['admin']));
    const disable = await api.send(sys, 'POST', `/users/${String(only)}/disable`, { version: 1 });
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toMatchObject({ error: { code: 'last_admin' }, current: { id: only, status: 'active' } });
    const demote = await api.send(sys, 'PATCH', `/users/${String(only)}`, { roles: ['user'], version: 1 });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ error: { code: 'last_admin' } });
    // Other changes to the last administrator are fine.
    expect(
      (await api.send(sys, 'PATCH', `/users/${String(only)}`, { roles: ['admin', 'user'], version: 1 })).statusCode,
    ).toBe(200);
    // With a second active administrator, one of them may go.
    const second = await activeUser(organisationId, 'second-admin', ['admin']);
    expect((await api.send(sys, 'POST', `/users/${String(second)}/disable`, { version: 1 })).statusCode).toBe(200);
    expect((await api.send(sys, 'POST', `/users/${String(only)}/disable`, { version: 2 })).statusCode).toBe(409);
  });

  for (const [label, first, second] of [
    ['two demotions', 'demote', 'demote'],
    ['two disables', 'disable', 'disable'],
    ['a demotion and a disable', 'demote', 'disable'],
  ] as const) {
    it(`${label} at once of an organisation’s two administrators: exactly one succeeds`, async () => {
      const organisationId = await newOrganisation(`Twee Beheerders ${label}`);
      const a = await activeUser(organisationId, `race-a-${first}-${second}`, ['admin']);
      const b = await activeUser(organisationId, `race-b-${first}-${second}`, ['admin']);
      const act = (kind: 'demote' | 'disable', id: number, username: string) =>
        kind === 'demote'
          ? api.send(username, 'PATCH', `/users/${String(id)}`, { roles: ['user'], version: 1 })
          : api.send(username, 'POST', `/users/${String(id)}/disable`, { version: 1 });
      // Each administrator acts on the other, and system-admin on both, all at once.
      await api.signIn(sys);
      await api.signIn(`race-a-${first}-${second}`);
      const answers = await Promise.all([
        act(first, a, sys),
        act(second, b, sys),
        act(first, b, `race-a-${first}-${second}`),
      ]);
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      // The others lose: 409 last_admin, or 403/401 for the administrator who lost the role meanwhile.
      expect(statuses.filter((s) => s !== 200).every((s) => [401, 403, 409].includes(s))).toBe(true);
      const remaining = await Promise.all([userOf(a), userOf(b)]);
      const activeAdmins = remaining.filter((u) => u.status === 'active' && u.roles.includes('admin'));
      expect(activeAdmins).toHaveLength(1);
    });
  }
});
