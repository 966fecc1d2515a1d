import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { keyIdentifiers } from './identifier-report.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const keysOf = (username: string) =>
  sqlRows<{ usernameKey: string | null; usernameSkeleton: string | null; emailKey: string | null }>(
    t.database.db,
    sql`select username_key as "usernameKey", username_skeleton as "usernameSkeleton", email_key as "emailKey"
        from users where username = ${username}`,
  );

/** Rows as they were before the stored keys: written with the keys' trigger off, so they have none. */
async function insertLegacy(rows: { username: string; email: string }[]) {
  const db = t.database.db;
  await db.execute(sql`alter table users disable trigger users_identifier_keys`);
  try {
    for (const row of rows) {
      await db.execute(
        sql`insert into users (username, email, name, organisation_id)
            values (${row.username}, ${row.email}, ${row.username}, ${t.fixtures.org.owner})`,
      );
    }
  } finally {
    await db.execute(sql`alter table users enable trigger users_identifier_keys`);
  }
}

describe('keyIdentifiers', () => {
  it('keys the fixtures, whose usernames are each in one spelling, and reports nothing', async () => {
    expect(await keyIdentifiers(t.database.db)).toEqual({ unreachable: [], lookAlikes: [], sharedEmails: [] });
    const [keys] = await keysOf('test-admin');
    expect(keys).toMatchObject({ usernameKey: 'test-admin', emailKey: 'test-admin@example.test' });
    expect(keys?.usernameSkeleton).toBeTruthy();
  });

  it('keys stored spellings, and reports the rows whose key or skeleton an older user holds, without renaming', async () => {
    await insertLegacy([
      { username: 'ｆｕｌｌ-ｗｉｄｔｈ', email: 'full-width@example.test' },
      { username: 'test-аdmin', email: 'cyrillic@example.test' },
      { username: 'Mixed-Case', email: 'TEST-MONTEUR@Example.test' },
      { username: 'ＴＥＳＴ-ＵＳＥＲ', email: 'second-test-user@example.test' },
    ]);
    const report = await keyIdentifiers(t.database.db);
    expect(report).toEqual({
      unreachable: ['ＴＥＳＴ-ＵＳＥＲ'],
      lookAlikes: [
        ['test-admin', 'test-аdmin'],
        ['test-user', 'ＴＥＳＴ-ＵＳＥＲ'],
      ],
      sharedEmails: [['test-monteur', 'Mixed-Case']],
    });
    // Migrated: these spellings now reach their users by the normalised key.
    expect((await keysOf('ｆｕｌｌ-ｗｉｄｔｈ'))[0]?.usernameKey).toBe('full-width');
    expect((await keysOf('Mixed-Case'))[0]).toMatchObject({ usernameKey: 'mixed-case', emailKey: null });
    expect((await keysOf('test-аdmin'))[0]).toMatchObject({ usernameKey: 'test-аdmin', usernameSkeleton: null });
    expect((await keysOf('ＴＥＳＴ-ＵＳＥＲ'))[0]).toMatchObject({ usernameKey: null, usernameSkeleton: null });
    // A second start finds the same, and changes nothing.
    expect(await keyIdentifiers(t.database.db)).toEqual(report);
  });

  it('gives a row written without the server’s keys (a script) a key at once, and its skeleton at start-up', async () => {
    await t.database.db.execute(
      sql`insert into users (username, email, name, organisation_id)
          values ('script-user', 'Script@Example.test', 'Script', ${t.fixtures.org.owner})`,
    );
    expect(await keysOf('script-user')).toEqual([
      { usernameKey: 'script-user', usernameSkeleton: null, emailKey: 'script@example.test' },
    ]);
    await keyIdentifiers(t.database.db);
    expect((await keysOf('script-user'))[0]?.usernameSkeleton).toBeTruthy();
  });
});
