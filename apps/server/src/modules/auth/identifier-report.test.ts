import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { reportIdentifiers } from './identifier-report.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('reportIdentifiers', () => {
  it('reports nothing for the fixtures, whose usernames are each in one spelling', async () => {
    expect(await reportIdentifiers(t.database.db)).toEqual({ unreachable: [], lookAlikes: [] });
  });

  it('names stored look-alikes and spellings no login reaches, without changing them', async () => {
    const organisationId = t.fixtures.org.owner;
    const legacy = ['ｆｕｌｌ-ｗｉｄｔｈ', 'test-аdmin', 'Mixed-Case'];
    await t.database.db.insert(users).values(
      legacy.map((username) => ({
        username,
        email: `${String(username.length)}@example.test`,
        name: username,
        organisationId,
      })),
    );
    const report = await reportIdentifiers(t.database.db);
    expect(report.unreachable).toEqual(['ｆｕｌｌ-ｗｉｄｔｈ']);
    expect(report.lookAlikes).toEqual([['test-admin', 'test-аdmin']]);
  });
});
