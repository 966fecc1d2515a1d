import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedStats } from '@liftwacht/contracts/dashboard';
import { refreshAvailabilityRollup } from '../../db/rollups/availability-rollup.ts';
import { events, lifts, modules, roles, userRoles, users } from '../../db/schema.ts';
import { hashPassword } from '../auth/password.ts';
import { fixturePassword } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z. The maintenance company serves the owner and the client; its
// own organisation has no lifts, the stranger's lift is nobody's business here.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { org } = t.fixtures;
  const lift = async (organisationId: number, name: string, values: Partial<typeof lifts.$inferInsert> = {}) => {
    const [row] = await db
      .insert(lifts)
      .values({ organisationId, name, address: `${name}straat 1`, liftType: 'MRL', ...values })
      .returning({ id: lifts.id });
    return row?.id ?? 0;
  };
  const noord = await lift(org.owner, 'Lift Noord');
  await lift(org.owner, 'Lift Zuid');
  await lift(org.owner, 'Lift Oud', { decommissionedOn: '2026-01-01' });
  const gemeente = await lift(org.client, 'Lift Gemeente');
  const vreemd = await lift(org.stranger, 'Lift Vreemd');
  await db.insert(events).values(
    [noord, gemeente, vreemd].map((liftId) => ({
      liftId,
      type: 'intercom_unavailable',
      startedAt: new Date('2026-03-09T12:00:00Z'),
    })),
  );
  await refreshAvailabilityRollup(db, 'intercom_unavailable');
  // Silent for 20 min: not connected (Noord, the stranger's); heard a minute ago: connected (Gemeente).
  await db.insert(modules).values([
    { esNumber: 'ES-S1', liftId: noord, lastSeenAt: new Date('2026-03-10T08:40:00Z'), connected: false },
    { esNumber: 'ES-S2', liftId: gemeente, lastSeenAt: new Date('2026-03-10T08:59:00Z'), connected: true },
    { esNumber: 'ES-S3', liftId: vreemd, lastSeenAt: new Date('2026-03-10T08:40:00Z'), connected: false },
  ]);
  // A mechanic of the maintenance company (the fixtures' monteur belongs to the owner).
  const [row] = await db
    .insert(users)
    .values({
      username: 'served-monteur',
      email: 'served-monteur@example.test',
      name: 'Served monteur',
      passwordHash: await hashPassword(fixturePassword),
      organisationId: org.maintenance,
      locale: 'nl',
    })
    .returning({ id: users.id });
  const [role] = (await db.select().from(roles)).filter((r) => r.name === 'monteur');
  await db.insert(userRoles).values({ userId: row?.id ?? 0, roleId: role?.id ?? 0 });
});
afterAll(async () => {
  await t.close();
});

async function served(username: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/liftwacht/stats/served',
    headers: { authorization: `Bearer ${await t.login(username)}` },
  });
  return res;
}

describe('GET /stats/served', () => {
  it("counts the lifts a maintenance company's mechanic serves, and only the two always-shown figures", async () => {
    const res = await served('served-monteur');
    expect(res.statusCode, res.body).toBe(200);
    // Noord, Zuid (owner) and Gemeente (client); not the decommissioned lift, not the stranger's.
    expect(res.json<{ data: ServedStats }>().data).toEqual({
      view: 'current',
      liftCount: 3,
      organisationCount: 2,
      intercomUnavailable: 2,
      senseNotConnected: 1,
    });
  });

  it('covers only the own organisation of someone without grants', async () => {
    const res = await served(t.fixtures.byRole.monteur?.username ?? '');
    expect(res.json<{ data: ServedStats }>().data).toMatchObject({ liftCount: 2, organisationCount: 1 });
  });

  it("counts the stranger's own lift for the stranger and nothing of the others", async () => {
    const res = await served(t.fixtures.user.stranger.username);
    expect(res.json<{ data: ServedStats }>().data).toMatchObject({
      liftCount: 1,
      organisationCount: 1,
      intercomUnavailable: 1,
      senseNotConnected: 1,
    });
  });
});
