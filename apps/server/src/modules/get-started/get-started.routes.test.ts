import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetStarted } from '@liftwacht/contracts/get-started';
import { lifts, modules, organisations, roles, userRoles, users } from '../../db/schema.ts';
import { fixturePassword } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { hashPassword } from '../auth/password.ts';

// The checklist is read from the data: each step turns done when its first row exists, and back
// when it is gone (nothing is remembered).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function checklist(username: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/liftwacht/get-started',
    headers: { authorization: `Bearer ${await t.login(username)}` },
  });
  return res;
}
const stepsOf = (res: Awaited<ReturnType<typeof checklist>>) =>
  Object.fromEntries(res.json<{ data: GetStarted }>().data.steps.map((s) => [s.step, s.count]));

describe('GET /get-started', () => {
  it('is for administrators only', async () => {
    expect((await checklist('test-user')).statusCode).toBe(403);
    expect((await checklist('test-monteur')).statusCode).toBe(403);
  });

  it("counts an admin's own organisation: people besides the admin, lifts and modules; no organisations step", async () => {
    const db = t.database.db;
    const { org } = t.fixtures;
    const before = await checklist('test-admin');
    expect(before.statusCode, before.body).toBe(200);
    // The fixtures' owner organisation has five more people (user, client, monteur, system-admin…), no lifts.
    expect(Object.keys(stepsOf(before))).toEqual(['people', 'lifts', 'modules']);
    expect(stepsOf(before)).toMatchObject({ lifts: 0, modules: 0 });
    expect(before.json<{ data: GetStarted }>().data.done).toBe(false);

    const [lift] = await db
      .insert(lifts)
      .values({ organisationId: org.owner, name: 'Lift A', address: 'A-straat 1' })
      .returning({ id: lifts.id });
    // Another organisation's lift and module count for nobody here.
    const [other] = await db
      .insert(lifts)
      .values({ organisationId: org.stranger, name: 'Lift V', address: 'V-straat 1' })
      .returning({ id: lifts.id });
    await db.insert(modules).values({ esNumber: 'ES-GS-2', liftId: other?.id ?? 0, organisationId: org.stranger });
    expect(stepsOf(await checklist('test-admin'))).toMatchObject({ lifts: 1, modules: 0 });

    await db.insert(modules).values({ esNumber: 'ES-GS-1', liftId: lift?.id ?? 0, organisationId: org.maintenance });
    const after = await checklist('test-admin');
    expect(stepsOf(after)).toMatchObject({ lifts: 1, modules: 1 });
    expect(after.json<{ data: GetStarted }>().data.done).toBe(true);
  });

  it('gives system-admin the organisations step, counting every organisation but its own', async () => {
    const res = await checklist('test-system-admin');
    const data = res.json<{ data: GetStarted }>().data;
    expect(data.steps.map((s) => s.step)).toEqual(['organisations', 'people', 'lifts', 'modules']);
    expect(stepsOf(res)).toMatchObject({ organisations: 3, lifts: 2, modules: 2 });
  });

  it("gives a maintenance company's admin the modules in the lifts it serves, and no lifts step", async () => {
    const db = t.database.db;
    const { org } = t.fixtures;
    const [admin] = await db
      .insert(users)
      .values({
        username: 'gs-service-admin',
        email: 'gs-service-admin@example.test',
        name: 'GS service admin',
        passwordHash: await hashPassword(fixturePassword),
        organisationId: org.maintenance,
      })
      .returning({ id: users.id });
    const [role] = (await db.select().from(roles)).filter((r) => r.name === 'admin');
    await db.insert(userRoles).values({ userId: admin?.id ?? 0, roleId: role?.id ?? 0 });
    // ES-GS-1 is fitted in the owner's lift, which the company serves; ES-GS-2 in the stranger's.
    expect(stepsOf(await checklist('gs-service-admin'))).toEqual({ people: 1, modules: 1 });
  });

  it('gives an inspection company only its people, counting only those not disabled', async () => {
    const db = t.database.db;
    const [company] = await db
      .insert(organisations)
      .values({ name: 'Keurbedrijf GS', type: 'inspection' })
      .returning({ id: organisations.id });
    const [admin] = await db
      .insert(users)
      .values({
        username: 'gs-admin',
        email: 'gs-admin@example.test',
        name: 'GS admin',
        passwordHash: await hashPassword(fixturePassword),
        organisationId: company?.id ?? 0,
      })
      .returning({ id: users.id });
    const [role] = (await db.select().from(roles)).filter((r) => r.name === 'admin');
    await db.insert(userRoles).values({ userId: admin?.id ?? 0, roleId: role?.id ?? 0 });
    await db.insert(users).values({
      username: 'gs-gone',
      email: 'gs-gone@example.test',
      name: 'GS gone',
      organisationId: company?.id ?? 0,
      disabled: true,
    });
    const res = await checklist('gs-admin');
    expect(stepsOf(res)).toEqual({ people: 0 });
  });
});
