// `npm run admin` (issue 16) through its exported functions, on a real, initially empty database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { rowsOf } from '../../db/seed/query-rows.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { CommandError, createUser, issueSetupToken, setPassword } from './admin-commands.ts';
import { AuthRepository } from './auth.repository.ts';
import { verifyPassword } from './password.ts';
import { prepareFirstRun } from './setup.service.ts';

let database: Database;
const now = new Date('2026-03-10T09:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
const audit = () =>
  rows<{ user_id: number | null; ip: string | null; action: string; subject_type: string; after: unknown }>(
    sql`select user_id, ip, action, subject_type, after from audit_log order by id`,
  );
const admin = {
  username: 'beheer',
  name: 'Bram Beheer',
  email: 'bram@liftwacht.example',
  organisation: 'Liftwacht Beheer',
};

describe('admin commands', () => {
  it('issues a setup token only while no user exists, replacing the one issued at start', async () => {
    const started = await prepareFirstRun(database.db, now, 'node-a:8080');
    expect(started.kind).toBe('token-issued');
    const token = await issueSetupToken(database.db, now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const meta = await rows<{ value: string }>(sql`select value from meta where key = 'setup_token_issued'`);
    expect(meta[0]?.value).toContain('the admin command line');
  });

  it('refuses bad input with a message naming the option, and changes nothing', async () => {
    const cases: [Parameters<typeof createUser>[1], string, RegExp][] = [
      [{ ...admin, username: undefined }, 'Geheim-genoeg-1', /^--username: is required/],
      [{ ...admin, email: 'geen-adres' }, 'Geheim-genoeg-1', /^--email:/],
      [{ ...admin, role: 'koning' }, 'Geheim-genoeg-1', /^--role:/],
      [{ ...admin, locale: 'de' }, 'Geheim-genoeg-1', /^--locale:/],
      [admin, 'kort', /^password:/],
      // Without an organisation and without any system-admin there is no platform organisation.
      [{ ...admin, organisation: undefined }, 'Geheim-genoeg-1', /^--organisation:/],
    ];
    for (const [input, password, message] of cases) {
      await expect(createUser(database.db, input, password, now)).rejects.toThrow(message);
      await expect(createUser(database.db, input, password, now)).rejects.toBeInstanceOf(CommandError);
    }
    expect(await rows(sql`select 1 from users`)).toHaveLength(0);
    expect(await rows(sql`select 1 from organisations`)).toHaveLength(0);
  });

  it('creates the first administrator and the platform organisation; the first run is done', async () => {
    const result = await createUser(database.db, admin, 'Geheim-genoeg-1', now);
    expect(result).toMatchObject({
      username: 'beheer',
      role: 'system-admin',
      organisation: { name: 'Liftwacht Beheer', type: 'maintenance' },
      organisationCreated: true,
      firstUser: true,
    });
    const user = await new AuthRepository(database.db).findUserByUsername('beheer');
    expect(user).toMatchObject({ name: 'Bram Beheer', email: 'bram@liftwacht.example', locale: 'nl', disabled: false });
    expect(await verifyPassword(user?.passwordHash ?? '', 'Geheim-genoeg-1')).toBe(true);
    expect(await new AuthRepository(database.db).rolesOf(result.userId)).toEqual(['system-admin']);
    expect(await rows(sql`select 1 from meta where key like 'setup%'`)).toHaveLength(0);
    expect(await audit()).toEqual([
      expect.objectContaining({
        user_id: null,
        ip: null,
        action: 'organisation.created',
        subject_type: 'organisation',
      }),
      expect.objectContaining({ user_id: null, ip: null, action: 'setup.completed', subject_type: 'user' }),
    ]);
    await expect(issueSetupToken(database.db, now)).rejects.toThrow(/setup is done/);
  });

  it('adds users to the platform organisation or a named one, and refuses a taken username', async () => {
    const colleague = await createUser(
      database.db,
      { username: 'collega', name: 'Cor Collega', email: 'cor@liftwacht.example', locale: 'en-GB', role: 'admin' },
      'Geheim-genoeg-2',
      now,
    );
    expect(colleague).toMatchObject({
      organisation: { name: 'Liftwacht Beheer' },
      organisationCreated: false,
      firstUser: false,
      role: 'admin',
    });
    // Found by name in any case, not created twice.
    const same = await createUser(
      database.db,
      { username: 'collega-2', name: 'C2', email: 'c2@liftwacht.example', organisation: 'liftwacht beheer' },
      'Geheim-genoeg-2',
      now,
    );
    expect(same.organisation.id).toBe(colleague.organisation.id);
    await expect(
      createUser(database.db, { ...admin, username: 'BEHEER', organisation: undefined }, 'Geheim-genoeg-1', now),
    ).rejects.toThrow('--username: BEHEER is taken');
    // Cyrillic е and fullwidth letters read as beheer: refused, not a second person.
    for (const lookAlike of ['behеer', 'ｂｅｈｅｅｒ']) {
      await expect(
        createUser(database.db, { ...admin, username: lookAlike, organisation: undefined }, 'Geheim-genoeg-1', now),
      ).rejects.toThrow(/^--username: .* (is taken|looks too much like an existing username)$/);
    }
    // One address, one person: the colleague's address in another case is refused too.
    await expect(
      createUser(
        database.db,
        { ...admin, username: 'collega-3', email: 'C2@Liftwacht.example', organisation: undefined },
        'Geheim-genoeg-1',
        now,
      ),
    ).rejects.toThrow('--email: C2@Liftwacht.example belongs to another user');
    expect((await audit()).map((e) => e.action).slice(2)).toEqual(['user.created', 'user.created']);
  });

  it('sets a forgotten password and ends every session of the user', async () => {
    const user = await new AuthRepository(database.db).findUserByUsername('beheer');
    if (!user) throw new Error('no user');
    await database.db.execute(sql`insert into sessions (id, user_id, expires_at, created_at)
      values ('s-1', ${user.id}, '2026-03-11T00:00:00Z', ${now}), ('s-2', ${user.id}, '2026-03-11T00:00:00Z', ${now})`);

    const result = await setPassword(database.db, 'Beheer', 'Nieuw-geheim-3', now);
    expect(result).toEqual({ userId: user.id, username: 'beheer', sessionsEnded: 2, disabled: false });
    const after = await new AuthRepository(database.db).findUserById(user.id);
    expect(await verifyPassword(after?.passwordHash ?? '', 'Nieuw-geheim-3')).toBe(true);
    expect(await rows(sql`select 1 from sessions where revoked_at is null`)).toHaveLength(0);
    const last = (await audit()).at(-1);
    expect(last).toMatchObject({ user_id: null, action: 'user.password_set', after: { sessionsEnded: 2 } });
    expect(JSON.stringify(last)).not.toContain('Nieuw-geheim');
  });

  it('refuses set-password for an unknown user or a bad password', async () => {
    await expect(setPassword(database.db, 'niemand', 'Nieuw-geheim-3', now)).rejects.toThrow(
      '--username: no user niemand',
    );
    await expect(setPassword(database.db, 'beheer', 'kort', now)).rejects.toThrow(/^password:/);
    await expect(setPassword(database.db, undefined, 'Nieuw-geheim-3', now)).rejects.toThrow('--username: is required');
  });
});
